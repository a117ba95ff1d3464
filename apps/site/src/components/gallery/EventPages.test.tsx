// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import GalleryPage from '@/app/[domain]/events/[eventSlug]/photos/page';
import { GalleryLoading, PromoEditorLoading } from './PageLoading';
import PromoEditorPage from '@/app/[domain]/events/[eventSlug]/promo/page';
import { envelope, eventConfigData, organiserData, providerFetch } from '@/test/fixtures';
import { GALLERY_STRINGS, PROMO_EDITOR_STRINGS } from './strings';
import GalleryNotFound, { metadata as galleryNotFoundMetadata } from '@/app/[domain]/events/[eventSlug]/photos/not-found';
import GallerySearchNotFound from '@/app/[domain]/events/[eventSlug]/photo-search/not-found';
import PromoEditorNotFound from '@/app/[domain]/events/[eventSlug]/promo/not-found';
import { generateMetadata as galleryMetadata } from '@/app/[domain]/events/[eventSlug]/photos/page';

/** The event slug of the address the not-found pages are shown at. */
let shownSlug = '';
vi.mock('next/navigation', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  useParams: () => ({ domain: 'localhost', eventSlug: shownSlug }),
}));

/**
 * What a visitor gets at an event page that is a 404: the page throws Next.js's not-found (the
 * status is 404), and the segment's not-found page, rendered at the same address, says why.
 */
async function notFoundPage(page: Promise<unknown>, slug: string, NotFound: () => React.ReactElement) {
  await expect(page).rejects.toMatchObject({ digest: expect.stringContaining('404') });
  shownSlug = encodeURIComponent(slug);
  render(<NotFound />);
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const params = (eventSlug: string) => ({ params: Promise.resolve({ domain: 'localhost', eventSlug }) });

describe('gallery route', () => {
  it('shows a skeleton of 12 squares while loading', () => {
    const { container } = render(<GalleryLoading />);
    expect(container.querySelectorAll('.skeleton-square')).toHaveLength(12);
  });

  it("says 'Event ID is required' for a slug without an id, with HTTP 404", async () => {
    await notFoundPage(GalleryPage(params('city-run')), 'city-run', GalleryNotFound);
    expect(screen.getByRole('heading', { level: 1, name: 'Event ID is required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /All Events/ }).getAttribute('href')).toBe('/events');
    expect(console.warn).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    // Titled like a gallery without a name.
    expect(galleryNotFoundMetadata.title).toEqual({ absolute: 'Event Photos' });
    expect((await galleryMetadata(params('city-run'))).title).toEqual({ absolute: 'Event Photos' });
  });

  it("says 'Failed to load event data' when the config call fails", async () => {
    fetchMock.mockImplementation(providerFetch({ organisers: { localhost: { events: [9001] } }, config: () => new Response('', { status: 500, statusText: 'Internal Server Error' }) }));
    render(await GalleryPage(params('city-run-9001')));
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to load event data' })).toBeTruthy();
  });

  it("says 'Failed to load event data' with HTTP 404 when the provider does not know the event", async () => {
    fetchMock.mockImplementation(providerFetch({ organisers: { localhost: { events: [9008] } }, config: () => new Response('', { status: 404, statusText: 'Not Found' }) }));
    await notFoundPage(GalleryPage(params('city-run-9008')), 'city-run-9008', GalleryNotFound);
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to load event data' })).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
    // The gallery with a query (a search, a shared photo) says the same.
    cleanup();
    render(<GallerySearchNotFound />);
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to load event data' })).toBeTruthy();
  });

  it("says 'Error Loading Event' when the config cannot be mapped: no event details, or no event_photos_config", async () => {
    for (const [id, data] of [
      [9002, { event_details: null, event_photos_config: {} }],
      [9010, { event_details: { id: 9010, name: 'City Run 2026' } }],
      [9011, { event_details: { id: 9011, name: 'City Run 2026' }, event_photos_config: null }],
    ] as const) {
      fetchMock.mockImplementation(providerFetch({ organisers: { localhost: { events: [id] } }, config: async () => envelope(data) }));
      render(await GalleryPage(params(`city-run-${id}`)));
      expect(screen.getByRole('heading', { level: 1, name: 'Error Loading Event' })).toBeTruthy();
      expect(screen.queryByText('City Run 2026')).toBeNull();
      cleanup();
    }
  });

  it("titles an event without a name 'Event Photos', in the page, its <title>, og:title and twitter:title", async () => {
    const data = eventConfigData(9012);
    data.event_details = { ...data.event_details, name: '' };
    fetchMock.mockImplementation(providerFetch({ organisers: { localhost: { data: organiserData({ name: 'City Runs', recent_events: [] }), events: [9012] } }, config: async () => envelope(data), photos: () => new Response('', { status: 404 }) }));
    render(await GalleryPage(params('event-9012')));
    expect(screen.getByRole('heading', { level: 1, name: 'Event Photos' })).toBeTruthy();
    const m = await galleryMetadata(params('event-9012'));
    expect(m.title).toEqual({ absolute: 'Event Photos' });
    expect(m.openGraph?.title).toBe('Event Photos');
    expect(m.twitter?.title).toBe('Event Photos');
    expect(JSON.stringify([m.title, m.openGraph?.title, m.twitter?.title])).not.toContain('City Runs');
  });

  it('shows the event and loads the gallery on demand', async () => {
    // The first page is not in the server's HTML (the listing failed): the browser loads it.
    fetchMock.mockImplementation(providerFetch({ organisers: { localhost: { events: [9003] } }, photos: () => new Response('', { status: 503 }) }));
    const { container } = render(await GalleryPage(params('city-run-2026-9003')));
    expect(screen.getByRole('heading', { level: 1, name: 'City Run 2026' })).toBeTruthy();
    expect(screen.getByText(/March 14, 2026/)).toBeTruthy();
    expect(screen.getByText(/120 photos/)).toBeTruthy();
    expect(container.querySelectorAll('.skeleton-square')).toHaveLength(12);
  });

  it('shows the event with a message in place of the photos where the provider has no photo listing', async () => {
    fetchMock.mockImplementation(providerFetch({ organisers: { localhost: { events: [9009] } }, photos: () => new Response('', { status: 404 }) }));
    const { container } = render(await GalleryPage(params('city-run-2026-9009')));
    expect(screen.getByRole('heading', { level: 1, name: 'City Run 2026' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Photos can’t be browsed here' })).toBeTruthy();
    expect(container.querySelector('.gallery-skeleton')).toBeNull();
  });

  it('keeps photos private when show_all_images is off', async () => {
    const data = eventConfigData(9004);
    data.event_photos_config = { ...data.event_photos_config, feature_flag: { ...data.event_photos_config.feature_flag, show_all_images: false, show_total_photos_count: false } };
    fetchMock.mockImplementation(providerFetch({ organisers: { localhost: { events: [9004] } }, config: async () => envelope(data) }));
    const { container } = render(await GalleryPage(params('city-run-2026-9004')));
    expect(screen.getByText('Photos are private')).toBeTruthy();
    expect(screen.queryByText(/120 photos/)).toBeNull();
    expect(container.querySelector('.gallery-skeleton')).toBeNull();
  });

  it("titles the page '{name} | Photos', or 'Event Photos' without a name", () => {
    expect(GALLERY_STRINGS.title('City Run 2026')).toBe('City Run 2026 | Photos');
    expect(GALLERY_STRINGS.title('')).toBe('Event Photos');
  });
});

describe('one organiser per host', () => {
  const twoOrganisers = () =>
    providerFetch({
      organisers: {
        'trail.test': { data: organiserData({ name: 'Alpine Trail Series', recent_events: [] }), events: [13] },
        'city.test': { data: organiserData({ name: 'City Runs', recent_events: [] }), events: [9006, 9007] },
      },
    });

  it('does not show another organiser’s event under this organiser’s brand: a 404 that names nothing of it', async () => {
    fetchMock.mockImplementation(twoOrganisers());
    const theirs = { params: Promise.resolve({ domain: 'trail.test', eventSlug: 'city-run-2026-9006' }) };
    await notFoundPage(GalleryPage(theirs), 'city-run-2026-9006', GalleryNotFound);
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to load event data' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('City Run');
    cleanup();
    await notFoundPage(PromoEditorPage(theirs), 'city-run-2026-9006', PromoEditorNotFound);
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to load event data' })).toBeTruthy();
  });

  it('shows the organiser’s own event', async () => {
    fetchMock.mockImplementation(twoOrganisers());
    render(await GalleryPage({ params: Promise.resolve({ domain: 'city.test', eventSlug: 'city-run-2026-9007' }) }));
    expect(screen.getByRole('heading', { level: 1, name: 'City Run 2026' })).toBeTruthy();
  });
});

describe('promo editor route', () => {
  it("shows 'Loading promo editor...' while loading", () => {
    render(<PromoEditorLoading />);
    expect(screen.getByText('Loading promo editor...')).toBeTruthy();
  });

  it("says 'Event slug is required' for a slug without an id, with HTTP 404", async () => {
    await notFoundPage(PromoEditorPage(params('promo')), 'promo', PromoEditorNotFound);
    expect(screen.getByRole('heading', { level: 1, name: PROMO_EDITOR_STRINGS.noSlug })).toBeTruthy();
  });

  it("says 'Failed to load event data' with HTTP 404 when the provider does not know the event", async () => {
    fetchMock.mockImplementation(providerFetch({ organisers: { localhost: { events: [9013] } }, config: () => new Response('', { status: 404, statusText: 'Not Found' }) }));
    await notFoundPage(PromoEditorPage(params('city-run-9013')), 'city-run-9013', PromoEditorNotFound);
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to load event data' })).toBeTruthy();
  });

  it("says 'Failed to load event data' when the config call fails", async () => {
    fetchMock.mockRejectedValue(new Error('down'));
    render(await PromoEditorPage(params('x-9005')));
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to load event data' })).toBeTruthy();
  });
});
