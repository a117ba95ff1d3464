// @vitest-environment jsdom
import { DEFAULT_EVENT_PHOTOS_CONFIG, type FeatureFlags } from '@eventsite/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SelfieError } from '@/selfie/pipeline';
import { stubIntersectionObserver } from '@/test/browser';
import { U, envelope } from '@/test/fixtures';
import Gallery, { type GalleryProps } from './Gallery';
import { SELFIE_TEXT } from './selfieText';
import type { SelfieEngine } from './useSelfieSearch';

vi.mock('next/navigation', async () => await import('@/test/navigation'));

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  stubIntersectionObserver();
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  window.history.replaceState(null, '', '/events/city-run-42/photos');
});
afterEach(() => window.sessionStorage.clear());

const unit = () => {
  const v = Array.from({ length: 1024 }, (_, i) => ((i * 7) % 11) + 1);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const item = (n: number, similarity: number, tier: 'match' | 'maybe') => ({ uuid: U(n), width: 1600, height: 1067, placeholder: null, captured_at: null, similarity, tier });
const flags = (over: Partial<FeatureFlags> = {}): FeatureFlags => ({ ...DEFAULT_EVENT_PHOTOS_CONFIG.feature_flag, selfie_search: true, bib_search: true, show_all_images: false, ...over });

function engine(over: Partial<SelfieEngine> = {}): SelfieEngine {
  return {
    browserCanDescribe: () => true,
    loadFaceModel: async (onProgress) => onProgress?.({ received: 9, total: 9 }),
    describeSelfie: async () => ({ descriptor: unit(), faces: 1, box: { x: 1, y: 2, width: 100, height: 120 } }),
    ...over,
  };
}
const props = (over: Partial<GalleryProps> = {}): GalleryProps => ({
  eventId: 42,
  eventSlug: 'city-run-42',
  eventName: 'City Run',
  apiBase: 'http://api.test',
  flags: flags(),
  bibPlaceholder: 'Your bib',
  loadSelfieEngine: async () => engine(),
  ...over,
});
/** The photos' own buttons (each has its "Not me" beside it). */
const tileLabels = (grid: Element) => [...grid.querySelectorAll('.jgrid-tile')].map((b) => b.getAttribute('aria-label'));
const selfieFile = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' });

/** The selfie panel is loaded when its option is first picked: wait until it is drawn. */
const selfieShown = () =>
  waitFor(() => {
    if (!document.querySelector('.selfie-panel:not(:empty)')) throw new Error('no selfie panel yet');
  });

async function pickSelfie() {
  fireEvent.click(screen.getByRole('radio', { name: 'Selfie' }));
  await selfieShown();
  // The consent step, the first time in the visit.
  const agree = screen.queryByRole('button', { name: SELFIE_TEXT.agree });
  if (agree) fireEvent.click(agree);
  const input = document.querySelector<HTMLInputElement>('input[type=file]:not([capture])')!;
  await act(async () => {
    fireEvent.change(input, { target: { files: [selfieFile()] } });
  });
}

describe('Gallery: selfie search', () => {
  it('sends only the descriptor; matches in the grid best first, "maybe you" below, nothing in the URL', async () => {
    window.history.replaceState(null, '', '/events/city-run-42/photos?bib=77');
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (String(url).includes('/selfie-search')) return envelope({ photos: [item(1, 0.81, 'match'), item(2, 0.66, 'match'), item(3, 0.55, 'maybe')], total: 3, threshold: 0.6 });
      if (String(url).includes('/more-of-bib')) return envelope({ photos: [], total: 0, threshold: 0.6 });
      void init;
      return envelope({ photos: [], total: 0, next_cursor: null });
    });
    render(<Gallery {...props()} />);
    await screen.findByRole('heading', { name: 'No photos found for bib 77' });
    await pickSelfie();
    await screen.findByText('2 photos of you');

    const post = fetchMock.mock.calls.find(([u]) => String(u).includes('/selfie-search'))!;
    expect(String(post[0])).toBe('http://api.test/api/v1/client/events/42/photos/selfie-search');
    const body = JSON.parse(String((post[1] as RequestInit).body)) as { embedding: number[] };
    expect(Object.keys(body)).toEqual(['embedding']);
    expect(body.embedding).toHaveLength(1024);
    expect(body.embedding).toEqual(unit());

    // The bib search left the URL, and the selfie is not in it.
    expect(window.location.search).toBe('');
    expect(screen.getByText(/can’t be shared as a link/)).toBeTruthy();
    const grids = document.querySelectorAll('.jgrid');
    expect(grids).toHaveLength(2);
    expect(tileLabels(grids[0]!)).toEqual(['Photo 1 of 2', 'Photo 2 of 2']);
    const maybe = screen.getByRole('region', { name: 'Maybe you' });
    expect(within(maybe).getByRole('button', { name: 'Maybe you: photo 1 of 1' })).toBeTruthy();
    expect(maybe.querySelector('img')!.getAttribute('src')).toContain(U(3));
    expect((grids[0] as HTMLElement).querySelector('img')!.getAttribute('src')).toContain(U(1));

    // Clear: back to the privacy prompt, no results left.
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByText('2 photos of you')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Photos are private' })).toBeTruthy();
  });

  it('the results stay when the visitor looks at the Bib option and comes back', async () => {
    fetchMock.mockImplementation(async () => envelope({ photos: [item(1, 0.81, 'match')], total: 1, threshold: 0.6 }));
    render(<Gallery {...props()} />);
    await pickSelfie();
    await screen.findByText('1 photo of you');
    fireEvent.click(screen.getByRole('radio', { name: 'Bib' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Selfie' }));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByText('1 photo of you')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('no match: says so, with what to try', async () => {
    fetchMock.mockImplementation(async () => envelope({ photos: [], total: 0, threshold: 0.6 }));
    render(<Gallery {...props()} />);
    await pickSelfie();
    await screen.findByRole('heading', { name: 'No photos matched your selfie' });
  });

  it('no face on the selfie: nothing is sent', async () => {
    render(<Gallery {...props({ loadSelfieEngine: async () => engine({ describeSelfie: async () => Promise.reject(new SelfieError('no-face')) }) })} />);
    await pickSelfie();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SELFIE_TEXT.noFace));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('nothing of the face model loads before the visitor continues; Cancel loads nothing', async () => {
    const load = vi.fn(async () => engine());
    render(<Gallery {...props({ loadSelfieEngine: load })} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Selfie' }));
    await selfieShown();
    fireEvent.click(screen.getByRole('button', { name: SELFIE_TEXT.cancel }));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: SELFIE_TEXT.reopen }));
    fireEvent.click(screen.getByRole('button', { name: SELFIE_TEXT.agree }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the model cannot run: says so, and the selfie is never sent', async () => {
    render(<Gallery {...props({ loadSelfieEngine: async () => engine({ loadFaceModel: async () => Promise.reject(new SelfieError('model')) }) })} />);
    await pickSelfie();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SELFIE_TEXT.model));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Send the selfie to search' })).toBeNull();
  });

  it('the API down: says so, not "no match"', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<Gallery {...props()} />);
    await pickSelfie();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SELFIE_TEXT.apiDown));
    expect(screen.queryByRole('heading', { name: 'No photos matched your selfie' })).toBeNull();
  });
});

describe('Gallery: more photos of you', () => {
  it('under a bib search’s photos, the wearer’s other photos found by face (sure matches only)', async () => {
    window.history.replaceState(null, '', '/events/city-run-42/photos?bib=1234');
    fetchMock.mockImplementation(async (url: string) => {
      const u = new URL(url);
      if (u.pathname.endsWith('/more-of-bib')) return envelope({ photos: [item(20, 0.72, 'match'), item(21, 0.61, 'match'), item(22, 0.55, 'maybe')], total: 3, threshold: 0.6 });
      return envelope({ photos: [item(10, 0, 'match')].map(({ similarity: _s, tier: _t, ...p }) => p), total: 1, next_cursor: null });
    });
    render(<Gallery {...props()} />);
    const more = await screen.findByRole('region', { name: 'More photos of you' });
    expect(tileLabels(more)).toEqual(['More of you: photo 1 of 2', 'More of you: photo 2 of 2']);
    const call = fetchMock.mock.calls.map(([u]) => new URL(String(u))).find((u) => u.pathname.endsWith('/more-of-bib'))!;
    expect(call.searchParams.get('bib')).toBe('1234');
    expect(screen.getByText('1 photo of bib 1234')).toBeTruthy();
  });

  it('not asked for when the event has selfie search off', async () => {
    window.history.replaceState(null, '', '/events/city-run-42/photos?bib=1234');
    fetchMock.mockImplementation(async () => envelope({ photos: [{ uuid: U(10), width: 1600, height: 1067, placeholder: null, captured_at: null }], total: 1, next_cursor: null }));
    const load = vi.fn(async () => engine());
    render(<Gallery {...props({ flags: flags({ selfie_search: false }), loadSelfieEngine: load })} />);
    await screen.findByText('1 photo of bib 1234');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('more-of-bib'))).toBe(false);
    // No trace of selfie search: no option, no consent step, no file input, nothing loaded.
    expect(screen.queryByRole('radio', { name: 'Selfie' })).toBeNull();
    expect(screen.queryByText(SELFIE_TEXT.consent)).toBeNull();
    expect(document.querySelector('input[type=file]')).toBeNull();
    expect(document.body.textContent).not.toMatch(/selfie/i);
    expect(load).not.toHaveBeenCalled();
  });
});
