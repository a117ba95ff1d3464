// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver, stubReducedMotion } from '@/test/browser';
import { envelope, summary } from '@/test/fixtures';
import { EventsListPage } from './EventsListPage';
import { EVENTS_LIST, PROMO_LIST } from './strings';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stubIntersectionObserver();
  stubReducedMotion(false);
});

const page = (current_page: number, total_pages: number, n = 12) =>
  envelope({
    id: 1, domain: 'a.com', name: 'A', organiser_name: 'A', logo: '', expiry_at: null,
    events: Array.from({ length: n }, (_, i) => summary(i + 1)),
    pagination: { total: total_pages * 12, current_page, total_pages, page_size: 12, has_next_page: current_page < total_pages, has_previous_page: current_page > 1 },
  });

describe('All events and promo events', () => {
  it("shows 'All Events' with 12 cards and the pager", async () => {
    fetchMock.mockResolvedValue(page(2, 3));
    render(await EventsListPage({ domain: 'a.com', page: 2, mode: 'photos', heading: EVENTS_LIST.heading, error: EVENTS_LIST.error, basePath: '/events' }));
    expect(screen.getByRole('heading', { level: 1, name: 'All Events' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/events');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/events?page=3');
  });

  it("says 'Failed to load events list' when the call fails", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));
    render(await EventsListPage({ domain: 'a.com', page: 1, mode: 'photos', heading: EVENTS_LIST.heading, error: EVENTS_LIST.error, basePath: '/events' }));
    expect(screen.getByRole('alert').textContent).toContain('Failed to load events list');
    expect(screen.queryByText(/Page \d+ of/)).toBeNull();
  });

  it("shows 'Promo Events' with its intro and cards to the promo editor", async () => {
    fetchMock.mockResolvedValue(page(1, 1, 2));
    render(
      await EventsListPage({ domain: 'a.com', page: 1, mode: 'promo', heading: PROMO_LIST.heading, intro: PROMO_LIST.intro, error: PROMO_LIST.error, basePath: '/promo' }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Promo Events' })).toBeTruthy();
    expect(screen.getByText('Discover and create promotional materials for amazing events. Design custom certificates and promotional content.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Create Promo/ })[0]?.getAttribute('href')).toBe('/events/run-1/promo');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it("says 'Failed to load promo events list' when the call fails", async () => {
    fetchMock.mockRejectedValue(new Error('down'));
    render(await EventsListPage({ domain: 'a.com', page: 1, mode: 'promo', heading: PROMO_LIST.heading, error: PROMO_LIST.error, basePath: '/promo' }));
    expect(screen.getByText('Failed to load promo events list')).toBeTruthy();
  });

  it('shows the required titles', () => {
    expect(EVENTS_LIST.title('City Runs')).toBe('All Events | City Runs');
    expect(PROMO_LIST.title('City Runs')).toBe('Promo Events | City Runs');
  });
});
