// @vitest-environment jsdom
import { DEFAULT_EVENT_PHOTOS_CONFIG } from '@eventsite/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import RunnerRoute, { generateMetadata } from '@/app/[domain]/events/[eventSlug]/runners/[bib]/page';
import { stubIntersectionObserver } from '@/test/browser';
import { U, envelope, eventConfigData, providerFetch } from '@/test/fixtures';

vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': '203.0.113.9' }) }));

const RESULT = { bib: '1234', name: 'Ana Silva', gender: 'F', category: 'F35', gun_time: '1:42:00', net_time: '1:41:07', status: null, overall_rank: 312, category_rank: 12, splits: { '10K': '0:47:00', '21K': '1:41:07' } };
const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ uuid: U(i + 1), width: 1600, height: 1067, placeholder: null, captured_at: null }));

let fetchMock: ReturnType<typeof vi.fn>;
function provider({ photoCount = 3, result = true as boolean, flags = {} as Record<string, boolean>, stillReading = undefined as number | undefined } = {}) {
  const base = providerFetch({
    organisers: { localhost: { events: [42] } },
    config: (id) => envelope({ ...eventConfigData(id), event_photos_config: { ...DEFAULT_EVENT_PHOTOS_CONFIG, feature_flag: { ...DEFAULT_EVENT_PHOTOS_CONFIG.feature_flag, show_timing_data: true, download_certificate: true, ...flags } } }),
    photos: (url) => (url.searchParams.get('bib') === '1234' ? envelope({ photos: photos(photoCount), total: photoCount, next_cursor: null, ...(stillReading === undefined ? {} : { still_reading: stillReading }) }) : envelope({ photos: [], total: 0, next_cursor: null })),
  });
  return async (input: string | URL | Request) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.pathname.endsWith('/results/1234')) return result ? envelope(RESULT) : envelope(null, 404);
    return base(input);
  };
}

beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  fetchMock = vi.fn(provider());
  vi.stubGlobal('fetch', fetchMock);
  stubIntersectionObserver();
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const params = (bib: string, eventSlug = 'city-run-2026-42') => ({ params: Promise.resolve({ domain: 'localhost', eventSlug, bib }) });

describe("the runner's page", () => {
  it('shows their name, result, photos, certificate and poster links and the zip button', async () => {
    render(await RunnerRoute(params('1234')));
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Silva' })).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Race result of Ana Silva' });
    expect(within(card).getAllByText('1:41:07').length).toBeGreaterThan(0);
    expect(within(card).getAllByRole('term').map((t) => t.textContent)).toEqual(expect.arrayContaining(['10K', '21K']));
    expect(screen.getByRole('link', { name: 'Make your finisher certificate' }).getAttribute('href')).toBe('/events/city-run-2026-42/promo?template=certificate&bib=1234');
    expect(screen.getByRole('link', { name: 'Make a poster with your photo' }).getAttribute('href')).toBe(`/events/city-run-2026-42/promo?template=poster&bib=1234&photo=${U(1)}`);
    expect(screen.getByRole('button', { name: 'Download all mine (3 photos)' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Your photo \d of 3$/ })).toHaveLength(3);
    // The photos are the visitor's own bib search: it counts against their budget.
    const search = fetchMock.mock.calls.find(([u]) => String(u).includes('bib=1234'));
    expect((search?.[1] as RequestInit | undefined)?.headers).toMatchObject({ 'x-forwarded-for': '203.0.113.9' });
  });

  it('greets a bib without photos with a page, not a 404, and a way back', async () => {
    fetchMock.mockImplementation(provider({ photoCount: 0, result: false }));
    render(await RunnerRoute(params('1234')));
    expect(screen.getByRole('heading', { level: 1, name: 'Bib 1234' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No photos of bib 1234 yet' })).toBeTruthy();
    expect(screen.getByText(/New photos are matched as they are uploaded/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /All photos of the event/ })[0]?.getAttribute('href')).toBe('/events/city-run-2026-42/photos');
    expect(screen.queryByRole('button', { name: /Download all mine/ })).toBeNull();
  });

  it('says the event is still being indexed, with how many photos are left, instead of "no photos"', async () => {
    fetchMock.mockImplementation(provider({ photoCount: 0, result: false, stillReading: 412 }));
    render(await RunnerRoute(params('1234')));
    expect(screen.getByRole('heading', { name: 'Your photos' })).toBeTruthy();
    expect(screen.getByText(/^Still indexing \(412 left\): 412 photos of this event are still being read/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No photos of bib 1234 yet' })).toBeNull();
  });

  it('is a 404 for an invalid bib or an unknown event', async () => {
    await expect(RunnerRoute(params('12 34'))).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    await expect(RunnerRoute(params('12345678901'))).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    await expect(RunnerRoute(params('1234', 'other-run-77'))).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    await expect(generateMetadata(params('%%'))).rejects.toMatchObject({ digest: expect.stringContaining('404') });
  });

  it("is titled '<Name> — <Event>' and previews its own image", async () => {
    const metadata = await generateMetadata(params('1234'));
    expect(metadata.title).toEqual({ absolute: 'Ana Silva — City Run 2026' });
    expect(metadata.openGraph?.images).toEqual([{ url: '/events/city-run-2026-42/runners/1234/og-image', width: 1200, height: 630 }]);
    expect(metadata.robots).toBeUndefined();
    fetchMock.mockImplementation(provider({ result: false }));
    expect((await generateMetadata(params('1234'))).title).toEqual({ absolute: 'Bib 1234 — City Run 2026' });
  });

  it('in a private gallery: no photos in the server’s HTML or its link preview, the visitor asks for them; not indexed', async () => {
    fetchMock.mockImplementation(provider({ flags: { show_all_images: false } }));
    const { container } = render(await RunnerRoute(params('1234')));
    // The server asked for no photos, and its HTML has none (nor a poster link naming one).
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/photos'))).toBe(false);
    expect(container.innerHTML).not.toContain(U(1));
    expect(screen.queryByRole('button', { name: /^Your photo/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Silva' })).toBeTruthy();
    expect(screen.getByText(/a shared link shows none/)).toBeTruthy();
    // The link preview's image has no photo either: only the name and time.
    const { runnerShareImage } = await import('./shareImage');
    const image = await runnerShareImage({ domain: 'localhost', eventSlug: 'city-run-2026-42', bib: '1234' });
    expect(image.status).toBe(200);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/photos'))).toBe(false);
    expect((await generateMetadata(params('1234'))).robots).toEqual({ index: false, follow: false });

    // The visitor's own search, in the browser: their photos, the poster and the zip.
    fireEvent.click(screen.getByRole('button', { name: 'Show the photos of bib 1234' }));
    expect(await screen.findAllByRole('button', { name: /^Your photo \d of 3$/ })).toHaveLength(3);
    const search = fetchMock.mock.calls.map(([u]) => new URL(String(u))).find((u) => u.pathname.endsWith('/photos'))!;
    expect(search.searchParams.get('bib')).toBe('1234');
    expect(screen.getByRole('link', { name: 'Make a poster with your photo' }).getAttribute('href')).toBe(`/events/city-run-2026-42/promo?template=poster&bib=1234&photo=${U(1)}`);
    expect(screen.getByRole('button', { name: 'Download all mine (3 photos)' })).toBeTruthy();
  });

  it('in a private gallery, a bib without photos says so after the visitor asks; a failure offers Try again', async () => {
    fetchMock.mockImplementation(provider({ photoCount: 0, flags: { show_all_images: false } }));
    render(await RunnerRoute(params('1234')));
    fireEvent.click(screen.getByRole('button', { name: 'Show the photos of bib 1234' }));
    expect(await screen.findByRole('heading', { name: 'No photos of bib 1234 yet' })).toBeTruthy();
    fetchMock.mockImplementation(async (input: string | URL | Request) => {
      if (String(input instanceof Request ? input.url : input).includes('/photos')) throw new TypeError('Failed to fetch');
      return provider({ flags: { show_all_images: false } })(input);
    });
    cleanup();
    render(await RunnerRoute(params('1234')));
    fireEvent.click(screen.getByRole('button', { name: 'Show the photos of bib 1234' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/could not load your photos/));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is a 404 for an event that is not published (the API knows no such event)', async () => {
    fetchMock.mockImplementation(async (input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (/\/events\/42\//.test(url.pathname)) return envelope(null, 404);
      return provider()(input);
    });
    await expect(RunnerRoute(params('1234'))).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    await expect(generateMetadata(params('1234'))).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    const { runnerShareImage } = await import('./shareImage');
    expect((await runnerShareImage({ domain: 'localhost', eventSlug: 'city-run-2026-42', bib: '1234' })).status).toBe(404);
  });
});
