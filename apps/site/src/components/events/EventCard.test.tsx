// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubIntersectionObserver, stubReducedMotion } from '@/test/browser';
import { U } from '@/test/fixtures';
import type { EventCardData } from '@/provider';
import { EventCard } from './EventCard';
import { EventGrid } from './EventGrid';

const event: EventCardData = {
  id: 42,
  name: 'City Run <2026>',
  date: '2026-03-14',
  slug: 'city-run-2026-42',
  city: 'Lisbon',
  photos: [{ uuid: U(1), width: 1600, height: 1067 }],
};

describe('EventCard', () => {
  it('shows title, long date, city and the photos link', () => {
    stubIntersectionObserver();
    stubReducedMotion(false);
    render(<EventCard event={event} mode="photos" apiBase="http://api.test" />);
    expect(screen.getByRole('heading', { name: 'City Run <2026>' })).toBeTruthy();
    expect(screen.getByText('March 14, 2026')).toBeTruthy();
    expect(screen.getByText('Lisbon')).toBeTruthy();
    const link = screen.getByRole('link', { name: /View Photos/ });
    expect(link.getAttribute('href')).toBe('/events/city-run-2026-42/photos');
    expect(link.textContent).toContain('Browse event gallery');
  });

  it('links to the promo editor in promo mode', () => {
    stubIntersectionObserver();
    stubReducedMotion(false);
    render(<EventCard event={event} mode="promo" apiBase="http://api.test" />);
    const link = screen.getByRole('link', { name: /Create Promo/ });
    expect(link.getAttribute('href')).toBe('/events/city-run-2026-42/promo');
    expect(link.textContent).toContain('Design promotional materials');
  });

  it('draws a cover of the event’s day where the list shows no photo (a private gallery)', () => {
    stubIntersectionObserver();
    stubReducedMotion(false);
    const { container } = render(<EventCard event={{ ...event, photos: [] }} mode="photos" apiBase="http://api.test" />);
    expect(container.querySelectorAll('.mosaic-tile')).toHaveLength(0);
    const cover = screen.getByTestId('empty-cover');
    expect(cover.getAttribute('aria-hidden')).toBe('true');
    expect(cover.textContent).toBe('14MAR');
    expect(cover.querySelector('svg')).toBeTruthy();
  });

  it('repeats the photos of a small event over the 20 tiles', () => {
    stubIntersectionObserver();
    stubReducedMotion(false);
    const { container } = render(<EventCard event={event} mode="photos" apiBase="http://api.test" />);
    expect(container.querySelectorAll('.mosaic-tile')).toHaveLength(20);
  });

  it("says 'No events found' for an empty list", () => {
    render(<EventGrid events={[]} mode="photos" apiBase="http://api.test" />);
    expect(screen.getByText('No events found')).toBeTruthy();
    expect(screen.getByText('Check back later for upcoming events')).toBeTruthy();
  });
});
