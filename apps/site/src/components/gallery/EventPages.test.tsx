// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import GalleryPage from '@/app/[domain]/events/[eventSlug]/photos/page';
import { GalleryLoading, PromoEditorLoading } from './PageLoading';
import PromoEditorPage from '@/app/[domain]/events/[eventSlug]/promo/page';
import { envelope, eventConfigData, organiserData, providerFetch } from '@/test/fixtures';
import { GALLERY_STRINGS, PROMO_EDITOR_STRINGS } from './strings';

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

  it("says 'Event ID is required' for a slug without an id", async () => {
    render(await GalleryPage(params('city-run')));
    expect(screen.getByRole('heading', { level: 1, name: 'Event ID is required' })).toBeTruthy();
    expect(console.warn).toHaveBeenCalled();
  });

  it("says 'Failed to load event data' when the config call fails", async () => {
    fetchMock.mockImplementation(providerFetch({ organisers: { localhost: { events: [9001] } }, config: () => new Response('', { status: 500, statusText: 'Internal Server Error' }) }));
    render(await GalleryPage(params('city-run-9001')));
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to load event data' })).toBeTruthy();
  });

  it('is not found (a 404) when the provider does not know the event', async () => {
    fetchMock.mockImplementation(providerFetch({ organisers: { localhost: { events: [9008] } }, config: () => new Response('', { status: 404, statusText: 'Not Found' }) }));
    await expect(GalleryPage(params('city-run-9008'))).rejects.toMatchObject({ digest: expect.stringContaining('404') });
  });

  it("says 'Error Loading Event' when the config cannot be mapped", async () => {
    fetchMock.mockImplementation(providerFetch({ organisers: { localhost: { events: [9002] } }, config: async () => envelope({ event_details: null }) }));
    render(await GalleryPage(params('city-run-9002')));
    expect(screen.getByRole('heading', { level: 1, name: 'Error Loading Event' })).toBeTruthy();
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

  it('does not show another organiser’s event under this organiser’s brand: a 404', async () => {
    fetchMock.mockImplementation(twoOrganisers());
    await expect(GalleryPage({ params: Promise.resolve({ domain: 'trail.test', eventSlug: 'city-run-2026-9006' }) })).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    await expect(PromoEditorPage({ params: Promise.resolve({ domain: 'trail.test', eventSlug: 'city-run-2026-9006' }) })).rejects.toMatchObject({ digest: expect.stringContaining('404') });
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

  it("says 'Event slug is required' for a slug without an id", async () => {
    render(await PromoEditorPage(params('promo')));
    expect(screen.getByRole('heading', { level: 1, name: PROMO_EDITOR_STRINGS.noSlug })).toBeTruthy();
  });

  it("says 'Failed to load event data' when the config call fails", async () => {
    fetchMock.mockRejectedValue(new Error('down'));
    render(await PromoEditorPage(params('x-9005')));
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to load event data' })).toBeTruthy();
  });
});
