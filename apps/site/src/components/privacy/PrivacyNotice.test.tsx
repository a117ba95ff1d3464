// @vitest-environment jsdom
import { FACE_RETENTION_DAYS } from '@eventsite/contract/constants';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readOrganiser, type Organiser } from '@/provider';
import { PrivacyNotice } from './PrivacyNotice';

function organiser(privacyPolicyUrl = ''): Organiser {
  const read = readOrganiser({ name: 'City Runs' });
  return { ...read, footer: { ...read.footer, privacyPolicyUrl } };
}

describe('the privacy page', () => {
  it('says, under the organiser’s name, what is kept, why, for how long and how to be removed', () => {
    render(<PrivacyNotice organiser={organiser()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your privacy' })).toBeTruthy();
    expect(screen.getByText(/^City Runs publishes the photos of its events/)).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Photos of you',
      'Finding your photos by bib or name',
      'Selfie search and face data',
      'Hide me',
      'Counts, not people',
      'Messages',
      'Questions, or to have your data removed',
    ]);
    expect(screen.getByText(new RegExp(`deleted a set time after the event: ${FACE_RETENTION_DAYS} days`))).toBeTruthy();
    expect(screen.getByText(/neither the selfie nor its description is kept/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write to City Runs' }).getAttribute('href')).toBe('/contact-us');
  });

  it('links the selfie section by its anchor, as the consent step does', () => {
    const { container } = render(<PrivacyNotice organiser={organiser()} />);
    expect(container.querySelector('section#selfie h2')?.textContent).toBe('Selfie search and face data');
  });

  it('links the organiser’s own policy only when it is an http(s) address', () => {
    const { unmount } = render(<PrivacyNotice organiser={organiser('https://city.example/privacy')} />);
    expect(screen.getByRole('link', { name: 'City Runs’s own privacy policy' }).getAttribute('href')).toBe(
      'https://city.example/privacy',
    );
    unmount();
    render(<PrivacyNotice organiser={organiser('javascript:alert(1)')} />);
    expect(screen.queryByRole('link', { name: /own privacy policy/ })).toBeNull();
  });
});
