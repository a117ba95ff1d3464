// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver, stubReducedMotion } from '@/test/browser';
import { envelope, organiserData, summary } from '@/test/fixtures';
import { RecentEvents } from './RecentEvents';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stubIntersectionObserver();
  stubReducedMotion(false);
});

describe('Home', () => {
  it("shows 'Recent Events', a carousel of the first 2 events and the grid of all", async () => {
    fetchMock.mockResolvedValue(envelope(organiserData({ recent_events: [summary(1), summary(2), summary(3)] })));
    render(await RecentEvents({ domain: 'home-a.test' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Recent Events' })).toBeTruthy();
    const carousel = screen.getByRole('region', { name: 'Latest events' });
    expect(carousel.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(2);
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it("shows 'No events yet' when the organiser has no events", async () => {
    fetchMock.mockResolvedValue(envelope(organiserData({ recent_events: [] })));
    render(await RecentEvents({ domain: 'home-b.test' }));
    expect(screen.getByText('No events yet')).toBeTruthy();
    expect(screen.getByText('Check back soon for exciting events and photo memories. New events are added regularly!')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Latest events' })).toBeNull();
  });

  it("shows 'Oops! Something went wrong' with a 'Try Again' button that reloads the page", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(await RecentEvents({ domain: 'home-c.test' }));
    expect(screen.getByText('Oops! Something went wrong')).toBeTruthy();
    screen.getByRole('button', { name: 'Try Again' }).click();
    expect(reload).toHaveBeenCalled();
  });
});
