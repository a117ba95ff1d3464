// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readOrganiser, type Organiser } from '@/provider';
import { Header } from './Header';

vi.mock('next/navigation', () => ({ usePathname: () => '/events' }));

function organiser(overrides: Partial<Organiser> = {}): Organiser {
  return {
    ...readOrganiser({ name: 'City Runs' }),
    cta: { text: 'Register', href: 'https://example.com/r', position: 'right' },
    ...overrides,
  };
}

describe('Header', () => {
  it('links Home, Events and Contact, marking the current page', () => {
    render(<Header organiser={organiser()} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Events', '/events'],
      ['Contact', '/contact-us'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the call-to-action in a new tab, on the right unless left', () => {
    const { container, unmount } = render(<Header organiser={organiser()} />);
    const cta = container.querySelector('.header-end .header-cta');
    expect(cta?.getAttribute('href')).toBe('https://example.com/r');
    expect(cta?.getAttribute('target')).toBe('_blank');
    expect(cta?.getAttribute('rel')).toBe('noopener noreferrer');
    unmount();
    const left = render(<Header organiser={organiser({ cta: { text: 'Register', href: 'https://example.com/r', position: 'left' } })} />);
    expect(left.container.querySelector('.header-start .header-cta')).not.toBeNull();
    expect(left.container.querySelector('.header-end .header-cta')).toBeNull();
  });

  it('has no call-to-action when there is none', () => {
    const { container } = render(<Header organiser={organiser({ cta: null })} />);
    expect(container.querySelector('.button-cta')).toBeNull();
  });

  it('carries its design: fill or default', () => {
    const { container } = render(<Header organiser={organiser({ headerDesign: 'fill' })} />);
    expect(container.querySelector('header')?.getAttribute('data-design')).toBe('fill');
  });

  it('shows the logo with the organiser name as its text alternative', () => {
    render(<Header organiser={organiser({ logo: 'https://cdn.example.com/l.png' })} />);
    expect(screen.getByRole('img', { name: 'City Runs' }).getAttribute('src')).toBe('https://cdn.example.com/l.png');
  });

  it('opens the side menu with a button, focuses it, and closes on Escape back to the button', () => {
    render(<Header organiser={organiser()} />);
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // A closed menu is not in the page at all (its links would only lengthen the HTML).
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('link', { name: /Register/ })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('keeps focus inside the open menu', () => {
    render(<Header organiser={organiser()} />);
    act(() => screen.getByRole('button', { name: 'Menu' }).click());
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    const focusable = dialog.querySelectorAll<HTMLElement>('a, button');
    const last = focusable[focusable.length - 1]!;
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(focusable[0]);
  });
});
