import { beforeEach, describe, expect, it, vi } from 'vitest';
import { generateMetadata } from '@/app/[domain]/events/[eventSlug]/photo-search/page';
import { U, envelope, organiserData, providerFetch } from '@/test/fixtures';


let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubEnv('API_URL', 'http://api.test');
  vi.stubEnv('PORT', '3000');
  fetchMock = vi.fn(
    providerFetch({
      organisers: {
        localhost: { data: organiserData(), events: [801, 802, 803] },
        'trail.localhost': { data: organiserData({ name: 'Alpine Trail Series', recent_events: [] }), events: [13] },
      },
      photos: () => envelope({ photos: [{ uuid: U(5), width: 1000, height: 1500, placeholder: null, captured_at: null }], total: 1, next_cursor: null }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const meta = (slug: string, query: Record<string, string>, domain = 'localhost') =>
  generateMetadata({ params: Promise.resolve({ domain, eventSlug: slug }), searchParams: Promise.resolve(query) });

describe('gallery metadata', () => {
  it('previews a shared photo of this event: its 1280 variant and size, a large card', async () => {
    const m = await meta('city-run-2026-801', { photo: U(5).toUpperCase() });
    expect(m.title).toEqual({ absolute: 'City Run 2026 | Photos' });
    expect(m.openGraph?.images).toEqual([{ url: `http://api.test/events/photos/${U(5)}?w=1280`, width: 1000, height: 1500 }]);
    expect(m.openGraph?.url).toBe(`/events/city-run-2026-801/photos?photo=${U(5)}`);
    expect((m.twitter as { card?: string }).card).toBe('summary_large_image');
  });

  it('ignores a bad or unknown photo', async () => {
    for (const photo of ['nope', U(6)]) {
      const m = await meta('city-run-2026-802', { photo });
      expect(JSON.stringify(m.openGraph?.images ?? [])).not.toContain(photo);
    }
  });

  it('speaks of the search in the description and the shared URL', async () => {
    const m = await meta('city-run-2026-803', { bib: '1234' });
    expect(m.description).toBe('Photos of bib 1234 at City Run 2026 by City Runs.');
    expect(m.openGraph?.url).toBe('/events/city-run-2026-803/photos?bib=1234');
    expect(m.title).toEqual({ absolute: 'City Run 2026 | Photos' });
  });

  it('previews nothing of another organiser’s event, or its photo: the page is not found', async () => {
    // localhost's event 801 and its photo, shared under trail.localhost's name.
    const m = await meta('x-801', { photo: U(5) }, 'trail.localhost');
    expect(m).toEqual({ title: { absolute: 'Event Photos' }, robots: { index: false } });
    const asked = fetchMock.mock.calls.map(([u]) => new URL(String(u)).pathname);
    expect(asked).not.toContain('/api/v1/client/events/801/photos');
  });
});
