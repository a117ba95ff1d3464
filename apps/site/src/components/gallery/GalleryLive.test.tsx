// @vitest-environment jsdom
import { DEFAULT_EVENT_PHOTOS_CONFIG, type FeatureFlags } from '@eventsite/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/browser';
import { U, envelope } from '@/test/fixtures';
import Gallery, { type GalleryProps } from './Gallery';
import { LIVE_FIRST_TRIES } from './useLivePhotos';

vi.mock('next/navigation', async () => await import('@/test/navigation'));

/** A stand-in for the browser's EventSource: the test says what the server sends. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  readonly listeners = new Map<string, Set<(e: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server sends a message. */
  send(type: string, version: number) {
    this.readyState = FakeEventSource.OPEN;
    const e = new MessageEvent(type, { data: JSON.stringify({ version }), lastEventId: String(version) });
    act(() => this.listeners.get(type)?.forEach((l) => l(e)));
  }
  /** The connection fails: `closed`, the browser gives up on it (a 404); else it retries. */
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    act(() => this.listeners.get('error')?.forEach((l) => l(new MessageEvent('error'))));
  }
}
const latestSource = () => FakeEventSource.all.at(-1)!;

let fetchMock: ReturnType<typeof vi.fn>;
let visibility: DocumentVisibilityState = 'visible';
let scrolled: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  stubIntersectionObserver();
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled as unknown as Element['scrollIntoView'];
  window.history.replaceState(null, '', '/events/city-run-42/photos');
});
afterEach(() => {
  vi.unstubAllGlobals();
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
const tiles = () => screen.queryAllByRole('button', { name: /^Photo \d/ });
/** The event's photos: `count()` of them, in capture order. */
function listing(count: () => number) {
  fetchMock.mockImplementation(async () => envelope({ photos: photos(0, count()), total: count(), next_cursor: null }));
}

describe('Gallery: live photos', () => {
  it('offers the photos that came, and shows them only when asked', async () => {
    let n = 2;
    listing(() => n);
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 2' });
    const source = latestSource();
    expect(source.url).toBe('http://api.test/api/v1/client/events/42/photos/live');
    source.send('ready', 7);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    n = 3;
    source.send('photos', 8);
    const button = await screen.findByRole('button', { name: '1 new photo' });
    // The listing's first page again, past the browser's cache.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ cache: 'no-store' });
    expect(button.closest('[aria-live="polite"]')).toBeTruthy();
    // Nothing moved: the grid is as it was.
    expect(tiles()).toHaveLength(2);
    expect(scrolled).not.toHaveBeenCalled();

    act(() => button.click());
    await screen.findByRole('button', { name: 'Photo 3 of 3' });
    expect(screen.queryByRole('button', { name: /new photo/ })).toBeNull();
    expect(scrolled).toHaveBeenCalled();
  });

  it('counts many, and says nothing when the change shows nothing new', async () => {
    let n = 2;
    listing(() => n);
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 2' });
    latestSource().send('photos', 3);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('button', { name: /new photo/ })).toBeNull();
    n = 14;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      latestSource().send('photos', 4);
      // Checks of the listing are at most every few seconds: this one waits its turn.
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await act(async () => vi.advanceTimersByTimeAsync(6_000));
    } finally {
      vi.useRealTimers();
    }
    await screen.findByRole('button', { name: '12 new photos' });
  });

  it('re-asks the bib search the visitor made', async () => {
    let n = 1;
    fetchMock.mockImplementation(async (url: string) =>
      new URL(url).searchParams.get('bib') === '1234' ? envelope({ photos: photos(10, n), total: n, next_cursor: null }) : envelope({ photos: [], total: 0, next_cursor: null }),
    );
    window.history.replaceState(null, '', '/events/city-run-42/photos?bib=1234');
    render(<Gallery {...props()} query="bib=1234" />);
    await screen.findByRole('button', { name: 'Photo 1 of 1' });
    n = 2;
    latestSource().send('photos', 5);
    await screen.findByRole('button', { name: '1 new photo' });
    expect(new URL(String(fetchMock.mock.calls.at(-1)?.[0])).searchParams.get('bib')).toBe('1234');
  });

  it('listens only while the page is visible, and tells the server what it saw last', async () => {
    listing(() => 1);
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 1' });
    const first = latestSource();
    first.send('ready', 41);
    visibility = 'hidden';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.all).toHaveLength(1);
    visibility = 'visible';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeEventSource.all).toHaveLength(2);
    expect(new URL(latestSource().url).searchParams.get('last_event_id')).toBe('41');
  });

  it('stops trying, silently, when the provider has no live stream', async () => {
    listing(() => 1);
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 1' });
    const source = latestSource();
    for (let i = 0; i < LIVE_FIRST_TRIES; i++) source.fail(false);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    visibility = 'hidden';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    visibility = 'visible';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeEventSource.all).toHaveLength(1);
    expect(screen.queryByText(/new photo|live/i)).toBeNull();
    expect(tiles()).toHaveLength(1);
  });

  it('opens again later a stream the server refused, a few times at most', async () => {
    listing(() => 1);
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 1' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      for (let i = 1; i < LIVE_FIRST_TRIES; i++) {
        latestSource().fail(true);
        expect(FakeEventSource.all).toHaveLength(i);
        await act(async () => vi.advanceTimersByTimeAsync(15_000 * i + 100));
        expect(FakeEventSource.all).toHaveLength(i + 1);
      }
      latestSource().fail(true);
      await act(async () => vi.advanceTimersByTimeAsync(120_000));
      expect(FakeEventSource.all).toHaveLength(LIVE_FIRST_TRIES);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens no stream for a private gallery’s prompt', async () => {
    render(<Gallery {...props({ flags: flags({ show_all_images: false, bib_search: true }) })} />);
    await waitFor(() => expect(screen.getByRole('search')).toBeTruthy());
    expect(FakeEventSource.all).toHaveLength(0);
  });
});
