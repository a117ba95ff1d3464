// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import type { Whoami } from '@eventsite/contract';
import { describe, expect, it } from 'vitest';
import { ConsoleFrame, EventNav } from './ConsoleFrame';

const who = (role: 'owner' | 'editor' | 'photographer'): Whoami => ({
  user: { email: `${role}@city.example`, role },
  organiser: { id: 1, name: 'City Runs' },
  expires_at: '2026-12-01T00:00:00.000Z',
});

describe('the console’s frame', () => {
  it('puts the screens first, then the work, then the account with its ways out', () => {
    const { container } = render(
      <ConsoleFrame who={who('owner')} csrf="t" current="inbox" title="Messages">
        <p>the inbox</p>
      </ConsoleFrame>,
    );
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Events', 'Branding', 'Messages', 'Team']);
    expect(within(nav).getByRole('link', { name: 'Messages' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const parts = [...container.querySelector('.console-layout')!.children].map((c) => c.className);
    expect(parts).toEqual(['console-nav console-side-nav', 'console-main', 'console-account']);
    expect(within(container.querySelector('.console-main')!).getByRole('heading').textContent).toBe(
      'Messages',
    );
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(account.textContent).toContain('owner@city.example');
    expect(within(account).getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('shows a photographer no navigation of one screen, and the event screens they may open', () => {
    render(
      <ConsoleFrame who={who('photographer')} csrf="t" current="events" title="Run">
        <EventNav who={who('photographer')} eventId={4} eventName="Run" current="photos" />
      </ConsoleFrame>,
    );
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Run: screens' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/console/events/4/photos']);
  });
});
