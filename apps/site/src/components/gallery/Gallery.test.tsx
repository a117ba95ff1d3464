// @vitest-environment jsdom
import { DEFAULT_EVENT_PHOTOS_CONFIG, type FeatureFlags } from '@eventsite/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/browser';
import { U, envelope } from '@/test/fixtures';
import Gallery, { type GalleryProps } from './Gallery';

vi.mock('next/navigation', async () => await import('@/test/navigation'));

let fetchMock: ReturnType<typeof vi.fn>;
let io: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  io = stubIntersectionObserver();
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  window.history.replaceState(null, '', '/events/city-run-42/photos');
});

const photos = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ uuid: U(from + i), width: 1600, height: 1067, placeholder: null, captured_at: null }));
const flags = (over: Partial<FeatureFlags> = {}): FeatureFlags => ({ ...DEFAULT_EVENT_PHOTOS_CONFIG.feature_flag, ...over });
const props = (over: Partial<GalleryProps> = {}): GalleryProps => ({
  eventId: 42,
  eventSlug: 'city-run-42',
  eventName: 'City Run',
  apiBase: 'http://api.test',
  flags: flags(),
  bibPlaceholder: 'Your bib',
  ...over,
});
const called = (i: number) => new URL(String(fetchMock.mock.calls[i]?.[0]));
const tiles = () => screen.queryAllByRole('button', { name: /^Photo \d/ });

describe('Gallery: pages', () => {
  it('shows the event’s photos page by page from the API the server named', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope({ photos: photos(0, 2), total: 3, next_cursor: 'c2' }))
      .mockResolvedValueOnce(envelope({ photos: photos(2, 1), total: 3, next_cursor: null }));
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 3' });
    expect(screen.getByText('3 photos')).toBeTruthy();
    expect(called(0).origin + called(0).pathname).toBe('http://api.test/api/v1/client/events/42/photos');
    expect(called(0).searchParams.get('cursor')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Load more photos' }).click());
    await screen.findByRole('button', { name: 'Photo 3 of 3' });
    expect(called(1).searchParams.get('cursor')).toBe('c2');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more photos' })).toBeNull());
  });

  it('loads the next page when the end of the grid nears the screen', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope({ photos: photos(0, 2), total: 4, next_cursor: 'c2' }))
      .mockResolvedValueOnce(envelope({ photos: photos(2, 2), total: 4, next_cursor: null }));
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 4' });
    act(() => io.setVisible(true));
    await screen.findByRole('button', { name: 'Photo 4 of 4' });
  });

  it('hides the count when the organiser hides it', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ photos: photos(0, 1), total: 1, next_cursor: null }));
    render(<Gallery {...props({ flags: flags({ show_total_photos_count: false }) })} />);
    await screen.findByRole('button', { name: 'Photo 1 of 1' });
    expect(screen.queryByText(/1 photo/)).toBeNull();
  });

  it('says when there are no photos yet', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ photos: [], total: 0, next_cursor: null }));
    render(<Gallery {...props()} />);
    await screen.findByRole('heading', { name: 'No photos yet' });
  });

  it('shows the server’s message and offers to try again when the first page fails', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response(JSON.stringify({ status: 'error', message: 'Event is not published', code: 404, data: null }), { status: 404 }))
      .mockResolvedValueOnce(envelope({ photos: photos(0, 1), total: 1, next_cursor: null }));
    render(<Gallery {...props()} />);
    await screen.findByText('Event is not published');
    act(() => screen.getByRole('button', { name: 'Try Again' }).click());
    await screen.findByRole('button', { name: 'Photo 1 of 1' });
  });

  it('keeps the photos and retries inline when a later page fails', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope({ photos: photos(0, 2), total: 3, next_cursor: 'c2' }))
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(envelope({ photos: photos(2, 1), total: 3, next_cursor: null }));
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 3' });
    act(() => screen.getByRole('button', { name: 'Load more photos' }).click());
    await screen.findByText('Could not load more photos.');
    expect(tiles()).toHaveLength(2);
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    await screen.findByRole('button', { name: 'Photo 3 of 3' });
  });
});

describe('Gallery: search', () => {
  it('searches by bib: the URL, the request, the result card and the certificate link', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const u = new URL(url);
      if (u.pathname.endsWith('/results/1234'))
        return envelope({ bib: '1234', name: 'Maria Silva', gender: 'F', category: 'F35', gun_time: '3:21:40', net_time: '3:20:02', status: null, overall_rank: 212, category_rank: 9, splits: { '10K': '0:44:10' } });
      if (u.searchParams.get('bib') === '1234') return envelope({ photos: photos(10, 2), total: 2, next_cursor: null });
      return envelope({ photos: photos(0, 5), total: 5, next_cursor: null });
    });
    render(<Gallery {...props({ flags: flags({ show_timing_data: true, download_certificate: true }) })} />);
    await screen.findByRole('button', { name: 'Photo 1 of 5' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Bib number' }), { target: { value: ' 1234 ' } });
    fireEvent.submit(screen.getByRole('search'));
    await screen.findByRole('button', { name: 'Photo 1 of 2' });
    expect(window.location.search).toBe('?bib=1234');
    expect(screen.getByText('2 photos of bib 1234')).toBeTruthy();
    const card = await screen.findByRole('region', { name: 'Race result of Maria Silva' });
    expect(within(card).getByText('3:20:02', { selector: 'dd' })).toBeTruthy();
    expect(within(card).getByText('212th')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Make your finisher certificate' }).getAttribute('href')).toBe('/events/city-run-42/promo?bib=1234');
    // The result links its runner's page, once: in the card.
    expect(within(card).getByRole('link', { name: 'Your runner page' }).getAttribute('href')).toBe('/events/city-run-42/runners/1234');
    expect(screen.getAllByRole('link', { name: 'Your runner page' })).toHaveLength(1);
    // Back: the whole gallery again.
    act(() => {
      window.history.replaceState(null, '', '/events/city-run-42/photos');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await screen.findByRole('button', { name: 'Photo 5 of 5' });
  });

  it('checks input before asking: letters and spaces, emoji, 40 digits', async () => {
    fetchMock.mockResolvedValue(envelope({ photos: photos(0, 1), total: 1, next_cursor: null }));
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 1' });
    const calls = fetchMock.mock.calls.length;
    for (const bad of ['12 34', '🏃', '1'.repeat(40)]) {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Bib number' }), { target: { value: bad } });
      fireEvent.submit(screen.getByRole('search'));
      expect(screen.getByRole('alert').textContent).toBe('A bib number is 1 to 10 letters or digits');
    }
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(window.location.search).toBe('');
  });

  it('says when a search finds nothing, and offers every photo', async () => {
    window.history.replaceState(null, '', '/events/city-run-42/photos?name=maria');
    fetchMock.mockImplementation(async (url: string) =>
      new URL(url).searchParams.get('name') === 'maria'
        ? envelope({ photos: [], total: 0, next_cursor: null })
        : envelope({ photos: photos(0, 1), total: 1, next_cursor: null }),
    );
    render(<Gallery {...props({ flags: flags({ name_search: true }) })} />);
    await screen.findByRole('heading', { name: 'No photos found for "maria"' });
    act(() => screen.getByRole('button', { name: 'Show all photos' }).click());
    await screen.findByRole('button', { name: 'Photo 1 of 1' });
    expect(window.location.search).toBe('');
  });

  it('never says a bare "nothing found" while the event’s photos are still being read', async () => {
    window.history.replaceState(null, '', '/events/city-run-42/photos?bib=77');
    fetchMock.mockImplementation(async (url: string) =>
      new URL(url).searchParams.get('bib') === '77'
        ? envelope({ photos: [], total: 0, next_cursor: null, still_reading: 412 })
        : envelope({ photos: photos(0, 2), total: 2, next_cursor: null, still_reading: 412 }),
    );
    render(<Gallery {...props()} />);
    await screen.findByRole('heading', { name: 'No photos found for bib 77' });
    expect(screen.getByText('Still indexing (412 left): 412 photos of this event are still being read, and yours may be among them. Try again in a minute.')).toBeTruthy();
    expect(screen.queryByText(/Check the number on your bib/)).toBeNull();
  });

  it('beside a search’s results, says more may come while photos are being read', async () => {
    window.history.replaceState(null, '', '/events/city-run-42/photos?bib=77');
    fetchMock.mockResolvedValue(envelope({ photos: photos(0, 2), total: 2, next_cursor: null, still_reading: 1 }));
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 2' });
    expect(screen.getByText(/Still indexing \(1 left\): more may appear\./)).toBeTruthy();
  });

  it('says nothing of indexing when the provider does not count it', async () => {
    window.history.replaceState(null, '', '/events/city-run-42/photos?bib=77');
    fetchMock.mockResolvedValue(envelope({ photos: [], total: 0, next_cursor: null }));
    render(<Gallery {...props()} />);
    await screen.findByRole('heading', { name: 'No photos found for bib 77' });
    expect(screen.getByText(/Check the number on your bib/)).toBeTruthy();
    expect(screen.queryByText(/Still indexing/)).toBeNull();
  });

  it('in privacy mode shows no grid until a search, and never offers all photos', async () => {
    fetchMock.mockResolvedValue(envelope({ photos: [], total: 0, next_cursor: null }));
    render(<Gallery {...props({ flags: flags({ show_all_images: false }) })} />);
    expect(screen.getByRole('heading', { name: 'Photos are private' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Bib number' }), { target: { value: '77' } });
    fireEvent.submit(screen.getByRole('search'));
    await screen.findByRole('heading', { name: 'No photos found for bib 77' });
    expect(screen.queryByRole('button', { name: 'Show all photos' })).toBeNull();
    expect(called(0).searchParams.get('bib')).toBe('77');
  });

  it('falls back to the privacy prompt when the API refuses the listing (403)', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ status: 'error', message: 'This gallery is private: search for your photos', code: 403, data: null }), { status: 403 }),
    );
    render(<Gallery {...props()} />);
    await screen.findByRole('heading', { name: 'Photos are private' });
    expect(screen.getByText('This gallery is private: search for your photos')).toBeTruthy();
  });
});

describe('Gallery: select and download', () => {
  it('selects with clicks, Shift-click ranges and select all; announces the count', async () => {
    fetchMock.mockResolvedValue(envelope({ photos: photos(0, 6), total: 6, next_cursor: null }));
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 6' });
    act(() => screen.getByRole('button', { name: 'Select' }).click());
    const tile = (n: number) => screen.getByRole('button', { name: `Photo ${n} of 6` });
    fireEvent.click(tile(2));
    expect(tile(2).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(tile(5), { shiftKey: true });
    expect([1, 2, 3, 4, 5, 6].map((n) => tile(n).getAttribute('aria-pressed'))).toEqual(['false', 'true', 'true', 'true', 'true', 'false']);
    // The selection bar is loaded with the first Select.
    expect(await screen.findByText('4 selected')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Select all' }).click());
    expect(screen.getByText('6 selected')).toBeTruthy();
  });

  it('selects every photo of a long listing, not only the loaded ones', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ photo_ids: [U(0), U(1), U(2), U(3)] });
        return new Response(JSON.stringify({ status: 'error', message: 'stop here', code: 400, data: null }), { status: 400, headers: { 'content-type': 'application/json' } });
      }
      const u = new URL(url);
      if (u.searchParams.get('limit') === '200') {
        return u.searchParams.get('cursor')
          ? envelope({ photos: photos(2, 2), total: 4, next_cursor: null })
          : envelope({ photos: photos(0, 2), total: 4, next_cursor: 'p2' });
      }
      return envelope({ photos: photos(0, 2), total: 4, next_cursor: 'c2' });
    });
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 4' });
    act(() => screen.getByRole('button', { name: 'Select' }).click());
    act(() => screen.getByRole('button', { name: 'Select all 4' }).click());
    await screen.findByText('4 selected');
    act(() => screen.getByRole('button', { name: 'Download 4' }).click());
    await screen.findByText('stop here');
  });

  it('hides every zip download when bulk_download is off', async () => {
    fetchMock.mockResolvedValue(envelope({ photos: photos(0, 2), total: 2, next_cursor: null }));
    render(<Gallery {...props({ flags: flags({ bulk_download: false }) })} />);
    await screen.findByRole('button', { name: 'Photo 1 of 2' });
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download all' })).toBeNull();
  });

  it('downloads the selection as a zip with progress, then saves it', async () => {
    const zip = new Uint8Array(1000).fill(7);
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ photo_ids: [U(0), U(1)] });
        return new Response(zip, { headers: { 'content-type': 'application/zip', 'content-length': '1000', 'content-disposition': 'attachment; filename="city-run.zip"' } });
      }
      return envelope({ photos: photos(0, 3), total: 3, next_cursor: null });
    });
    const created = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 3' });
    act(() => screen.getByRole('button', { name: 'Select' }).click());
    fireEvent.click(screen.getByRole('button', { name: 'Photo 1 of 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Photo 2 of 3' }));
    act(() => screen.getByRole('button', { name: 'Download 2' }).click());
    await screen.findByText('Download complete');
    expect(screen.getByText(/city-run\.zip · 1 KB/)).toBeTruthy();
    expect(created).toHaveBeenCalled();
    expect(clicks).toEqual(['city-run.zip']);
  });

  it('shows the server’s refusal', async () => {
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Response(JSON.stringify({ status: 'error', message: 'Downloads are turned off for this gallery', code: 403, data: null }), { status: 403, headers: { 'content-type': 'application/json' } })
        : envelope({ photos: photos(0, 3), total: 3, next_cursor: null }),
    );
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 3' });
    act(() => screen.getByRole('button', { name: 'Download all' }).click());
    await screen.findByText('Downloads are turned off for this gallery');
  });
});

describe('Gallery: viewer and deep links', () => {
  it('opens a photo from the grid and puts it in the URL', async () => {
    fetchMock.mockResolvedValue(envelope({ photos: photos(0, 3), total: 3, next_cursor: null }));
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 2 of 3' });
    act(() => screen.getByRole('button', { name: 'Photo 2 of 3' }).click());
    await screen.findByRole('button', { name: 'Download full resolution' });
    expect(new URLSearchParams(window.location.search).get('photo')).toBe(U(1));
    act(() => screen.getByRole('button', { name: 'Close viewer' }).click());
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('opens the viewer on a deep-linked photo, paging until it is found', async () => {
    window.history.replaceState(null, '', `/events/city-run-42/photos?photo=${U(3).toUpperCase()}`);
    fetchMock
      .mockResolvedValueOnce(envelope({ photos: photos(0, 2), total: 4, next_cursor: 'c2' }))
      .mockResolvedValueOnce(envelope({ photos: photos(2, 2), total: 4, next_cursor: null }));
    render(<Gallery {...props()} />);
    await screen.findByText('4 / 4');
    // Two pages of photos (the open viewer also asks once for the event's sponsor frames).
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/photos'))).toHaveLength(2);
  });

  it('ignores a deep link to a photo that is not this event’s', async () => {
    window.history.replaceState(null, '', `/events/city-run-42/photos?photo=${U(99)}`);
    fetchMock.mockResolvedValueOnce(envelope({ photos: photos(0, 2), total: 2, next_cursor: null }));
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 2' });
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.queryByRole('button', { name: 'Download full resolution' })).toBeNull();
  });
});
