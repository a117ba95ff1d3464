// @vitest-environment jsdom
import { DEFAULT_EVENT_PHOTOS_CONFIG, type FeatureFlags } from '@eventsite/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/browser';
import { U, envelope } from '@/test/fixtures';
import Gallery, { type GalleryProps } from './Gallery';

vi.mock('next/navigation', async () => await import('@/test/navigation'));

let fetchMock: ReturnType<typeof vi.fn>;
let scrolled: string[];
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  stubIntersectionObserver();
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  window.history.replaceState(null, '', '/events/city-run-42/photos');
  // The results' top is below the first screen (jsdom lays nothing out): a search must bring it up.
  scrolled = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.className);
  };
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top = this.classList.contains('gallery-anchor') ? 900 : 0;
    return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
  });
});
afterEach(() => vi.restoreAllMocks());

const photos = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ uuid: U(from + i), width: 1600, height: 1067, placeholder: null, captured_at: null }));
const flags = (over: Partial<FeatureFlags> = {}): FeatureFlags => ({ ...DEFAULT_EVENT_PHOTOS_CONFIG.feature_flag, bulk_download: true, ...over });
const props = (over: Partial<GalleryProps> = {}): GalleryProps => ({
  eventId: 42,
  eventSlug: 'city-run-42',
  eventName: 'City Run',
  apiBase: 'http://api.test',
  flags: flags(),
  bibPlaceholder: 'Your bib',
  ...over,
});
const zip = () =>
  new Response(new Uint8Array([80, 75, 5, 6]), {
    headers: { 'content-type': 'application/zip', 'content-length': '4', 'content-disposition': 'attachment; filename="bib.zip"' },
  });
const downloads = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/downloads'));

/** The listing: every photo, bib 1234's two, name "maria"'s 3 of which the first page holds 2; any other search, none. */
function answer(url: string) {
  const u = new URL(url);
  if (u.pathname.endsWith('/downloads')) return zip();
  if (u.pathname.endsWith('/results/4321')) return envelope({ bib: '4321', name: 'Ana Costa', gender: 'F', category: null, gun_time: '1:30:00', net_time: '1:29:40', status: null, overall_rank: 12, category_rank: null, splits: {} });
  if (u.pathname.includes('/results/')) return envelope(null, 404);
  const bib = u.searchParams.get('bib');
  const name = u.searchParams.get('name');
  if (bib === '1234') return envelope({ photos: photos(10, 2), total: 2, next_cursor: null });
  if (bib === '4321') return envelope({ photos: photos(30, 1), total: 1, next_cursor: null });
  if (bib) return envelope({ photos: [], total: 0, next_cursor: null });
  if (name === 'maria') {
    return u.searchParams.get('cursor')
      ? envelope({ photos: photos(22, 1), total: 3, next_cursor: null })
      : envelope({ photos: photos(20, 2), total: 3, next_cursor: 'c2' });
  }
  return envelope({ photos: photos(0, 5), total: 5, next_cursor: null });
}

async function searchFor(kind: 'Bib number' | 'Name', value: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: kind }), { target: { value } });
  fireEvent.submit(screen.getByRole('search'));
}

describe('Gallery: a search’s results, one tap each', () => {
  it('a bib found: download them all in one zip, its runner page, share; the results come into view', async () => {
    fetchMock.mockImplementation(async (url: string) => answer(url));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    render(<Gallery {...props()} />);
    await screen.findByRole('button', { name: 'Photo 1 of 5' });
    expect(screen.queryByRole('group', { name: 'Your results' })).toBeNull();
    expect(scrolled).toEqual([]);

    await searchFor('Bib number', '1234');
    const actions = await screen.findByRole('group', { name: 'Your results' });
    expect(within(actions).getByRole('link', { name: 'Your runner page' }).getAttribute('href')).toBe('/events/city-run-42/runners/1234');
    expect(within(actions).getByRole('button', { name: 'Share these photos' })).toBeTruthy();
    await waitFor(() => expect(scrolled).toEqual(['gallery-anchor']));

    act(() => within(actions).getByRole('button', { name: 'Download these (2 photos)' }).click());
    await screen.findByText('Download complete');
    expect(downloads()).toHaveLength(1);
    expect(JSON.parse(String((downloads()[0]![1] as RequestInit).body))).toEqual({ photo_ids: [U(10), U(11)] });
  });

  it('an unknown bib: never a runner page, nothing to download; it says so', async () => {
    fetchMock.mockImplementation(async (url: string) => answer(url));
    render(<Gallery {...props({ flags: flags({ show_timing_data: true }) })} />);
    await screen.findByRole('button', { name: 'Photo 1 of 5' });
    await searchFor('Bib number', '999');
    // While its answer is on its way, and after.
    expect(screen.queryByRole('link', { name: 'Your runner page' })).toBeNull();
    await screen.findByRole('heading', { name: 'No photos found for bib 999' });
    expect(screen.queryByRole('link', { name: 'Your runner page' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Your results' })).toBeNull();
    expect(window.location.search).toBe('?bib=999');
  });

  it.each([
    ['photos', '1234'],
    ['a result card', '4321'],
  ])('an unknown bib after one with %s: not for a moment a runner page', async (_, known) => {
    fetchMock.mockImplementation(async (url: string) => answer(url));
    render(<Gallery {...props({ flags: flags({ show_timing_data: true }) })} />);
    await screen.findByRole('button', { name: 'Photo 1 of 5' });
    await searchFor('Bib number', known);
    await screen.findByRole('link', { name: 'Your runner page' });
    if (known === '4321') await screen.findByRole('region', { name: 'Race result of Ana Costa' });
    // Every link the page shows from now on, even for a moment: added, or given a new address.
    const links: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && r.target instanceof Element) links.push(r.target.getAttribute('href') ?? '');
        r.addedNodes.forEach((n) => n instanceof Element && n.querySelectorAll('a').forEach((a) => links.push(a.getAttribute('href') ?? '')));
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] });
    await searchFor('Bib number', '999');
    await screen.findByRole('heading', { name: 'No photos found for bib 999' });
    await new Promise((r) => setTimeout(r, 0));
    observer.disconnect();
    expect(links.filter((href) => href.includes('/runners/'))).toEqual([]);
  });

  it('a name search: the zip holds every result, those not drawn yet too; no runner page of its own', async () => {
    fetchMock.mockImplementation(async (url: string) => answer(url));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    render(<Gallery {...props({ flags: flags({ name_search: true }) })} />);
    await screen.findByRole('button', { name: 'Photo 1 of 5' });
    act(() => screen.getByRole('radio', { name: 'Name' }).click());
    await searchFor('Name', 'maria');
    const actions = await screen.findByRole('group', { name: 'Your results' });
    expect(within(actions).queryByRole('link')).toBeNull();
    act(() => within(actions).getByRole('button', { name: 'Download these (3 photos)' }).click());
    await screen.findByText('Download complete');
    expect(JSON.parse(String((downloads()[0]![1] as RequestInit).body))).toEqual({ photo_ids: [U(20), U(21), U(22)] });
  });

  it('without bulk downloads: the runner page and share only', async () => {
    fetchMock.mockImplementation(async (url: string) => answer(url));
    render(<Gallery {...props({ flags: flags({ bulk_download: false }) })} />);
    await screen.findByRole('button', { name: 'Photo 1 of 5' });
    await searchFor('Bib number', '1234');
    const actions = await screen.findByRole('group', { name: 'Your results' });
    expect(within(actions).queryByRole('button', { name: /^Download/ })).toBeNull();
    expect(within(actions).getByRole('link', { name: 'Your runner page' })).toBeTruthy();
  });

  it('a shared link to a search opens on its results where they are: the page does not move', async () => {
    window.history.replaceState(null, '', '/events/city-run-42/photos?bib=1234');
    fetchMock.mockImplementation(async (url: string) => answer(url));
    render(<Gallery {...props()} query="bib=1234" />);
    await screen.findByRole('group', { name: 'Your results' });
    expect(scrolled).toEqual([]);
  });
});
