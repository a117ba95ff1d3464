// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readOrganiser, type Organiser } from '@/provider';
import { socialLinks } from '@/lib/social';
import { Footer } from './Footer';
import { SOCIAL_SPRITE_URL, socialSprite } from './socialSprite';

function organiser(footer: Partial<Organiser['footer']> = {}): Organiser {
  const read = readOrganiser({ name: 'City Runs' });
  return { ...read, footer: { ...read.footer, ...footer } };
}

describe('Footer', () => {
  it("links the organiser's privacy policy when it is an http(s) address, and not otherwise", () => {
    const { unmount } = render(<Footer organiser={organiser({ privacyPolicyUrl: 'https://city.example/privacy' })} providerUrl="https://p.example" />);
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://city.example/privacy');
    unmount();
    for (const privacyPolicyUrl of ['', 'javascript:alert(1)', 'city.example/privacy']) {
      const { unmount: gone } = render(<Footer organiser={organiser({ privacyPolicyUrl })} providerUrl="https://p.example" />);
      expect(screen.queryByRole('link', { name: 'Privacy policy' })).toBeNull();
      gone();
    }
  });

  it('always links the site\'s own privacy page, beside the organiser\'s policy', () => {
    const { unmount } = render(<Footer organiser={organiser()} providerUrl="https://p.example" />);
    expect(screen.getByRole('link', { name: 'Your privacy' }).getAttribute('href')).toBe('/privacy');
    unmount();
    render(<Footer organiser={organiser({ privacyPolicyUrl: 'https://city.example/privacy' })} providerUrl="https://p.example" />);
    expect(screen.getByRole('link', { name: 'Your privacy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://city.example/privacy');
  });

  it("says 'Powered by' the provider, linked, unless branding is hidden", () => {
    const { unmount } = render(<Footer organiser={organiser()} providerUrl="https://provider.example" />);
    expect(screen.getByText(/Powered by/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'eventsite' }).getAttribute('href')).toBe('https://provider.example');
    unmount();
    render(<Footer organiser={organiser({ showBranding: false })} providerUrl="https://provider.example" />);
    expect(screen.queryByText(/Powered by/)).toBeNull();
  });

  it('shows the footer text as text, never as markup', () => {
    const { container } = render(<Footer organiser={organiser({ footerText: '<script>alert(1)</script><b>x</b>' })} providerUrl="https://p.example" />);
    expect(screen.getByText('<script>alert(1)</script><b>x</b>')).toBeTruthy();
    expect(container.querySelector('script, b')).toBeNull();
  });

  it('shows valid social links only, each with the icon of its platform, a generic one, or its own', () => {
    const links = socialLinks([
      { platform: 'instagram', url: 'https://instagram.com/c', icon: '', label: '' },
      { platform: 'strava', url: 'https://strava.com/c', icon: '', label: 'Strava' },
      { platform: 'facebook', url: 'https://facebook.com/c', icon: 'https://cdn.example.com/fb.png', label: '' },
      { platform: 'x', url: 'javascript:alert(1)', icon: '', label: '' },
      { platform: '', url: 'https://youtube.com/c', icon: '', label: '' },
    ]);
    render(<Footer organiser={organiser({ socialLinks: links })} providerUrl="https://p.example" />);
    const list = screen.getByRole('list', { name: 'Social media' });
    const anchors = within(list).getAllByRole('link');
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(['https://instagram.com/c', 'https://strava.com/c', 'https://facebook.com/c']);
    expect(anchors[0]?.querySelector('svg')?.getAttribute('data-icon')).toBe('instagram');
    expect(anchors[1]?.querySelector('svg')?.getAttribute('data-icon')).toBe('link');
    // Each drawn from the site's sprite, which holds that icon.
    const sprite = socialSprite();
    for (const [anchor, id] of [[anchors[0], 'instagram'], [anchors[1], 'generic'], [anchors[2], 'generic']] as const) {
      const href = anchor?.querySelector('use')?.getAttribute('href') ?? '';
      expect(href).toBe(`${SOCIAL_SPRITE_URL}#${id}`);
      expect(sprite).toContain(`<symbol id="${id}" viewBox="0 0 24 24">`);
    }
    expect(SOCIAL_SPRITE_URL).toMatch(/^\/icons\/social\.svg\?v=[0-9a-z]+$/);
    expect(anchors[2]?.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/fb.png');
    for (const a of anchors) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'Instagram (opens in a new tab)' })).toBeTruthy();
  });
});
