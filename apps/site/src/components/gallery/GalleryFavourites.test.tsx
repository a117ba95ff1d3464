// @vitest-environment jsdom
import { DEFAULT_EVENT_PHOTOS_CONFIG, type FeatureFlags } from '@eventsite/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/browser';
import { U, envelope } from '@/test/fixtures';
import { encodePicks, favouritesKey, parseFavourites, serializeFavourites } from '@/lib/gallery/favourites';
import Gallery, { type GalleryProps } from './Gallery';

vi.mock('next/navigation', async () => await import('@/test/navigation'));

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  stubIntersectionObserver();
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  window.history.replaceState(null, '', '/events/city-run-42/photos');
});

const photos = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ uuid: U(from + i), width: 1600, height: 1067, placeholder: null, captured_at: null }));
const flags = (over: Partial<FeatureFlags> = {}): FeatureFlags => ({ ...DEFAULT_EVENT_PHOTOS_CONFIG.feature_flag, ...over });
// Each test its own event: the page's favourites store outlives a render, as it does a search.
const props = (eventId: number, over: Partial<GalleryProps> = {}): GalleryProps => ({
  eventId,
  eventSlug: 'city-run-42',
  eventName: 'City Run',
  apiBase: 'http://api.test',
  flags: flags(),
  bibPlaceholder: 'Your bib',
  ...over,
});
const tiles = () => screen.queryAllByRole('button', { name: /^Photo \d/ });
const called = (i: number) => new URL(String(fetchMock.mock.calls[i]?.[0]));

describe('Gallery: favourites', () => {
  it('hearts a photo on the device; "My favourites" shows exactly those, in the URL, and Back returns', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ photos: photos(0, 4), total: 4, next_cursor: null }));
    render(<Gallery {...props(101)} />);
    await screen.findByRole('button', { name: 'Photo 1 of 4' });
    expect(screen.queryByRole('button', { name: /My favourites/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to favourites: Photo 2 of 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to favourites: Photo 4 of 4' }));
    expect(screen.getByRole('button', { name: 'Remove from favourites: Photo 2 of 4' }).getAttribute('aria-pressed')).toBe('true');
    expect(parseFavourites(window.localStorage.getItem(favouritesKey(101))).map((p) => p.uuid)).toEqual([U(1), U(3)]);

    // The favourites' buttons are loaded with the first heart.
    const toggle = await screen.findByRole('button', { name: 'My favourites (2)' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    act(() => toggle.click());
    expect(new URL(window.location.href).searchParams.get('favourites')).toBe('1');
    await waitFor(() => expect(tiles().map((t) => t.getAttribute('aria-label'))).toEqual(['Photo 1 of 2', 'Photo 2 of 2']));
    expect(screen.getByText('2 favourites')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download favourites' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Un-hearting in the view keeps the photo in place, its heart empty; the count follows.
    fireEvent.click(screen.getByRole('button', { name: 'Remove from favourites: Photo 1 of 2' }));
    expect(tiles()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'My favourites (1)' }).getAttribute('aria-pressed')).toBe('true');

    fetchMock.mockResolvedValueOnce(envelope({ photos: photos(0, 4), total: 4, next_cursor: null }));
    act(() => {
      window.history.back();
    });
    await waitFor(() => expect(new URL(window.location.href).searchParams.get('favourites')).toBeNull());
    await screen.findByRole('button', { name: 'Photo 4 of 4' });
  });

  it('shows the favourites of a private gallery from the device, without asking for the listing', async () => {
    window.localStorage.setItem(favouritesKey(102), serializeFavourites(photos(10, 3)));
    window.history.replaceState(null, '', '/events/city-run-42/photos?favourites=1');
    render(<Gallery {...props(102, { flags: flags({ show_all_images: false }) })} />);
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps working for the page when storage is blocked, and says so', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      fetchMock.mockResolvedValueOnce(envelope({ photos: photos(0, 2), total: 2, next_cursor: null }));
      render(<Gallery {...props(103)} />);
      await screen.findByRole('button', { name: 'Photo 1 of 2' });
      fireEvent.click(screen.getByRole('button', { name: 'Add to favourites: Photo 1 of 2' }));
      expect(screen.getByRole('button', { name: 'My favourites (1)' })).toBeTruthy();
      expect(screen.getByText(/kept only until you leave this page/)).toBeTruthy();
    } finally {
      setItem.mockRestore();
    }
  });
});

describe('Gallery: a shared selection (?picks=)', () => {
  it('asks the API for exactly those photos and shows them, with what is missing', async () => {
    window.history.replaceState(null, '', `/events/city-run-42/photos?picks=${encodePicks([U(5), U(7), U(9)])}`);
    fetchMock.mockResolvedValueOnce(envelope({ photos: [...photos(5, 1), ...photos(7, 1)], total: 2, next_cursor: null }));
    render(<Gallery {...props(104)} />);
    await screen.findByRole('heading', { name: 'A selection of 2 photos' });
    expect(called(0).searchParams.get('ids')).toBe([U(5), U(7), U(9)].join(','));
    expect(screen.getByText(/1 photo of this link is no longer in the gallery/)).toBeTruthy();
    expect(tiles()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Add all to my favourites' }));
    expect(screen.getByText('2 added to your favourites.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'My favourites (2)' })).toBeTruthy();
  });

  it('says the selection cannot be shown here when the site lacks the look-up, and offers to try again', async () => {
    window.history.replaceState(null, '', `/events/city-run-42/photos?picks=${encodePicks([U(5)])}`);
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ status: 'error', message: 'Unknown parameter', code: 400, data: null }), { status: 400 }));
    render(<Gallery {...props(105)} />);
    await screen.findByRole('heading', { name: 'This selection can’t be shown here' });
    expect(tiles()).toHaveLength(0);
  });

  it('does not show a provider’s listing that ignored ?ids= as the selection', async () => {
    window.history.replaceState(null, '', `/events/city-run-42/photos?picks=${encodePicks([U(5)])}`);
    fetchMock.mockResolvedValueOnce(envelope({ photos: photos(0, 3), total: 300, next_cursor: 'c' }));
    render(<Gallery {...props(106)} />);
    await screen.findByRole('heading', { name: 'This selection can’t be shown here' });
    expect(tiles()).toHaveLength(0);
  });

  it('says a link of no photos holds none, without a request', async () => {
    window.history.replaceState(null, '', '/events/city-run-42/photos?picks=%3Cscript%3E');
    render(<Gallery {...props(107)} />);
    await screen.findByRole('heading', { name: 'This link holds no photos' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
