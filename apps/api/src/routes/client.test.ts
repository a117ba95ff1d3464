// Longer than 400 lines: every public client route's answers against one seeded app (the
// organiser, events and photos they share are made once).
import {
  aboutUs,
  allEvents,
  contactUs,
  DEFAULT_EVENT_PHOTOS_CONFIG,
  DEFAULT_EXTRA_CONFIG,
  envelope,
  errorEnvelope,
  eventConfig,
  organiserData,
  photoPage,
  SUMMARY_PHOTO_COUNT,
} from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { minutesAfter, seedEvent, seedOrganiser, seedPhotos } from '../test-support/fixtures.js';

let t: TestApp;
const ids: Record<string, number> = {};
let bigEventPhotos: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedOrganiser(t.services, {
    name: 'City Runs',
    domains: ['citymarathon.example', 'www.citymarathon.example'],
    logo: 'https://cdn.example.com/logo.png',
    description: 'Photos of every city run.',
    website: 'https://citymarathon.example',
    contact_email: 'hello@citymarathon.example',
    expiry_at: '2027-01-01T00:00:00Z',
    extra_config: {
      themeColor: '#123ABC',
      googleTagManagerId: 'GTM-ABC123',
      headerDesign: 'fill',
      headerCta: {
        text: 'Register',
        href: 'https://citymarathon.example/register',
        position: 'left',
      },
      footer_config: {
        hide9picBranding: true,
        footerText: '© City Runs',
        socialMediaLinks: [
          { platform: 'instagram', url: 'https://instagram.com/cityruns', label: 'Instagram' },
        ],
      },
    },
  });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.localhost'] });
  // 14 published events over two years plus one unpublished, for City Runs.
  for (let i = 0; i < 14; i++) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const e = await seedEvent(t.services, 'citymarathon.example', {
      name: `City Run ${i}`,
      event_date: `${2024 + Math.floor(i / 12)}-${month}-15`,
      city: `Town ${i}`,
      published: true,
    });
    ids[`city${i}`] = e.id;
  }
  ids.hidden = (
    await seedEvent(t.services, 'citymarathon.example', {
      name: 'Hidden Run',
      event_date: '2030-01-01',
      published: false,
    })
  ).id;
  ids.trail = (
    await seedEvent(t.services, 'trail.localhost', {
      name: 'Ridge Trail',
      event_date: '2025-06-01',
      city: 'Chamonix',
      published: true,
      client_name: 'Ridge Shoes',
      event_photos_config: {
        feature_flag: { selfie_search: true },
        bib_config: { placeholder_text: 'Bib?' },
      },
    })
  ).id;
  // City Run 13 (the most recent) gets 45 photos, more than a summary carries.
  const photos = await seedPhotos(
    t.services,
    ids.city13!,
    Array.from({ length: 45 }, (_, i) => ({
      width: 32,
      height: 24,
      capturedAt: minutesAfter(45 - i),
    })),
  );
  bigEventPhotos = photos.map((p) => p.uuid);
  await seedPhotos(t.services, ids.hidden, [{ width: 20, height: 20 }]);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/v1/client/events/organiser/data', () => {
  it('answers the organiser config with every extra_config field, in the envelope', async () => {
    const res = await get('/api/v1/client/events/organiser/data?app_domain=citymarathon.example');
    expect(res.statusCode).toBe(200);
    const body = envelope(organiserData).parse(res.json());
    expect(body).toMatchObject({ status: 'success', code: 200, message: 'OK' });
    expect(body.data.name).toBe('City Runs');
    expect(body.data.logo).toBe('https://cdn.example.com/logo.png');
    // Every field the file set; a field it did not set (none here) would be its default.
    expect(body.data.extra_config).toEqual({
      ...DEFAULT_EXTRA_CONFIG,
      themeColor: '#123ABC',
      googleTagManagerId: 'GTM-ABC123',
      headerDesign: 'fill',
      headerCta: {
        text: 'Register',
        href: 'https://citymarathon.example/register',
        position: 'left',
      },
      footer_config: {
        ...DEFAULT_EXTRA_CONFIG.footer_config,
        hide9picBranding: true,
        footerText: '© City Runs',
        socialMediaLinks: [
          {
            platform: 'instagram',
            url: 'https://instagram.com/cityruns',
            icon: '',
            label: 'Instagram',
          },
        ],
      },
    });
  });

  it('lists at most 12 published events, most recent first, never unpublished ones', async () => {
    const res = await get('/api/v1/client/events/organiser/data?app_domain=citymarathon.example');
    const events = envelope(organiserData).parse(res.json()).data.recent_events;
    expect(events).toHaveLength(12);
    expect(events.map((e) => e.event_name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `City Run ${13 - i}`),
    );
    expect(events.map((e) => e.event_name)).not.toContain('Hidden Run');
    const first = events[0]!;
    expect(first).toMatchObject({
      event_id: ids.city13,
      event_date: '2025-02-15',
      event_slug: `city-run-13-${ids.city13}`,
      location: { location_city: 'Town 13' },
    });
  });

  it('gives a spread of SUMMARY_PHOTO_COUNT photo references in capture order, the same each time', async () => {
    const one = envelope(organiserData).parse(
      (await get('/api/v1/client/events/organiser/data?app_domain=citymarathon.example')).json(),
    );
    const refs = one.data.recent_events[0]!.event_photos;
    expect(refs).toHaveLength(SUMMARY_PHOTO_COUNT);
    for (const ref of refs) expect(ref).toMatch(/^[0-9a-f-]{36},32,24$/);
    const uuids = refs.map((r) => r.split(',')[0]!);
    expect(new Set(uuids).size).toBe(SUMMARY_PHOTO_COUNT);
    // Capture order is the reverse of import order here; the spread starts at the earliest and
    // reaches near the latest.
    const byCapture = [...bigEventPhotos].reverse();
    expect(uuids[0]).toBe(byCapture[0]);
    expect(byCapture.indexOf(uuids[uuids.length - 1]!)).toBeGreaterThanOrEqual(43);
    const positions = uuids.map((u) => byCapture.indexOf(u));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const two = (
      await get('/api/v1/client/events/organiser/data?app_domain=citymarathon.example')
    ).json();
    expect(two.data.recent_events[0].event_photos).toEqual(refs);
    expect(one.data.recent_events[1]!.event_photos).toEqual([]);
  });

  it('sets CORS for any origin and CDN cache headers', async () => {
    const res = await get('/api/v1/client/events/organiser/data?app_domain=citymarathon.example', {
      origin: 'https://somewhere.example',
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
  });

  it('matches the domain case-insensitively and by any of its domains', async () => {
    const res = await get(
      '/api/v1/client/events/organiser/data?app_domain=WWW.CityMarathon.Example',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('City Runs');
  });
});

describe('tenancy', () => {
  it('trail.localhost sees only its own events', async () => {
    const res = await get('/api/v1/client/events/organiser/data?app_domain=trail.localhost');
    const body = envelope(organiserData).parse(res.json());
    expect(body.data.name).toBe('Trail Co');
    expect(body.data.recent_events.map((e) => e.event_id)).toEqual([ids.trail]);
    const all = envelope(allEvents).parse(
      (await get('/api/v1/client/events/organiser/all-events?app_domain=trail.localhost')).json(),
    );
    expect(all.data.events.map((e) => e.event_name)).toEqual(['Ridge Trail']);
    expect(all.data.pagination.total).toBe(1);
  });

  it('fills extra_config defaults for an organiser that set none', async () => {
    const res = await get('/api/v1/client/events/organiser/data?app_domain=trail.localhost');
    expect(res.json().data.extra_config).toEqual(DEFAULT_EXTRA_CONFIG);
    expect(res.json().data.extra_config).toMatchObject({
      themeColor: '#2E6F40',
      googleTagManagerId: '',
      headerDesign: 'default',
      headerCta: { text: '', href: '', position: 'right' },
      footer_config: { hide9picBranding: false, footerText: '', socialMediaLinks: [] },
    });
    expect(res.json().data.logo).toBe('');
  });

  it.each([
    '/api/v1/client/events/organiser/data',
    '/api/v1/client/events/organiser/all-events',
    '/api/v1/client/events/organiser/contact-us',
    '/api/v1/client/events/organiser/about-us',
  ])('%s answers an unknown domain with a 404 envelope naming it', async (path) => {
    const res = await get(`${path}?app_domain=nobody.example`);
    expect(res.statusCode).toBe(404);
    expect(errorEnvelope.parse(res.json())).toEqual({
      status: 'error',
      code: 404,
      message: "No organiser is configured for the domain 'nobody.example'",
      data: null,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/v1/client/events/organiser/all-events', () => {
  const url = (q: string) =>
    `/api/v1/client/events/organiser/all-events?app_domain=citymarathon.example${q}`;

  it('answers page 1 of 10 by default with every pagination field', async () => {
    const body = envelope(allEvents).parse((await get(url(''))).json());
    expect(body.data).toMatchObject({
      domain: 'citymarathon.example',
      name: 'City Runs',
      organiser_name: 'City Runs',
      logo: 'https://cdn.example.com/logo.png',
      expiry_at: '2027-01-01T00:00:00.000Z',
    });
    expect(typeof body.data.id).toBe('number');
    expect(body.data.events).toHaveLength(10);
    expect(body.data.pagination).toEqual({
      total: 14,
      current_page: 1,
      total_pages: 2,
      page_size: 10,
      has_next_page: true,
      has_previous_page: false,
    });
  });

  it('answers the last partial page and a page size of 12 (the site list size)', async () => {
    const page2 = envelope(allEvents).parse((await get(url('&page=2&page_size=12'))).json()).data;
    expect(page2.events.map((e) => e.event_name)).toEqual(['City Run 1', 'City Run 0']);
    expect(page2.pagination).toEqual({
      total: 14,
      current_page: 2,
      total_pages: 2,
      page_size: 12,
      has_next_page: false,
      has_previous_page: true,
    });
  });

  it('answers a page beyond the last with no events and correct pagination', async () => {
    const res = await get(url('&page=7'));
    expect(res.statusCode).toBe(200);
    const body = envelope(allEvents).parse(res.json()).data;
    expect(body.events).toEqual([]);
    expect(body.pagination).toMatchObject({
      current_page: 7,
      total_pages: 2,
      has_next_page: false,
      has_previous_page: true,
    });
  });

  it('answers an organiser without events with total_pages 0', async () => {
    await seedOrganiser(t.services, { name: 'Empty', domains: ['empty.example'] });
    const body = (
      await get('/api/v1/client/events/organiser/all-events?app_domain=empty.example')
    ).json();
    expect(body.data.pagination).toEqual({
      total: 0,
      current_page: 1,
      total_pages: 0,
      page_size: 10,
      has_next_page: false,
      has_previous_page: false,
    });
  });
});

describe('GET /api/v1/client/events/organiser/contact-us', () => {
  it("answers the hosted form's absolute URL when the organiser has no form", async () => {
    // Without PUBLIC_API_URL, the address the API listens on; the Host header is never used.
    const res = await get(
      '/api/v1/client/events/organiser/contact-us?app_domain=citymarathon.example',
      {
        host: 'api.example.test:4000',
      },
    );
    expect(envelope(contactUs).parse(res.json()).data).toEqual({
      contact_us: {
        form: {
          iframeSrc: 'http://localhost:4000/forms/contact?app_domain=citymarathon.example',
          scriptSrc: '',
        },
      },
    });
  });

  it("answers the organiser's own form when configured", async () => {
    await seedOrganiser(t.services, {
      name: 'Form Co',
      domains: ['form.example'],
      contact_form: {
        iframeSrc: 'https://forms.example.com/f/1',
        scriptSrc: 'https://forms.example.com/embed.js',
      },
    });
    const res = await get('/api/v1/client/events/organiser/contact-us?app_domain=form.example');
    expect(res.json().data).toEqual({
      contact_us: {
        form: {
          iframeSrc: 'https://forms.example.com/f/1',
          scriptSrc: 'https://forms.example.com/embed.js',
        },
      },
    });
  });
});

describe('GET /api/v1/client/events/organiser/about-us', () => {
  it("answers the organiser's public profile", async () => {
    const body = envelope(aboutUs).parse(
      (
        await get('/api/v1/client/events/organiser/about-us?app_domain=citymarathon.example')
      ).json(),
    );
    expect(body.data).toEqual({
      name: 'City Runs',
      description: 'Photos of every city run.',
      logo: 'https://cdn.example.com/logo.png',
      website: 'https://citymarathon.example',
      contact_email: 'hello@citymarathon.example',
      links: [
        {
          platform: 'instagram',
          url: 'https://instagram.com/cityruns',
          icon: '',
          label: 'Instagram',
        },
      ],
      events_count: 14,
    });
  });
});

describe('GET /api/v1/client/events/{eventId}/config', () => {
  it('answers every field, the defaults merged under what is stored', async () => {
    const res = await get(`/api/v1/client/events/${ids.trail}/config`);
    expect(res.statusCode).toBe(200);
    const body = envelope(eventConfig).parse(res.json());
    expect(body.data.event_details).toEqual({
      id: ids.trail,
      name: 'Ridge Trail',
      total_images: 0,
      event_date: '2025-06-01',
      slug: `ridge-trail-${ids.trail}`,
      city: 'Chamonix',
      organiser_name: 'Trail Co',
      client: { name: 'Ridge Shoes', logo: '' },
      photo_version: 0,
    });
    // Stored with selfie search on; this app recognises no faces (FACES_ENABLED=false, the test
    // app's default), so the site is told it is off (routes/faces-off.test.ts).
    expect(body.data.event_photos_config).toEqual({
      ...DEFAULT_EVENT_PHOTOS_CONFIG,
      feature_flag: { ...DEFAULT_EVENT_PHOTOS_CONFIG.feature_flag, selfie_search: false },
      bib_config: { ...DEFAULT_EVENT_PHOTOS_CONFIG.bib_config, placeholder_text: 'Bib?' },
    });
    expect(body.data.event_photos_config.video_config.validation).toEqual({
      min_images: 0,
      max_images: 0,
    });
  });

  it('counts the photos', async () => {
    const body = envelope(eventConfig).parse(
      (await get(`/api/v1/client/events/${ids.city13}/config`)).json(),
    );
    expect(body.data.event_details.total_images).toBe(45);
  });

  it.each([
    ['an unpublished event', () => `${ids.hidden}`],
    ['an unknown event', () => '999999'],
  ])('answers %s with a 404 envelope', async (_what, id) => {
    const res = await get(`/api/v1/client/events/${id()}/config`);
    expect(res.statusCode).toBe(404);
    expect(errorEnvelope.parse(res.json()).message).toBe(`No published event has the id ${id()}`);
  });
});

describe('GET /api/v1/client/events/{eventId}/photos', () => {
  it('pages through every photo in capture order with an opaque cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(
        `/api/v1/client/events/${ids.city13}/photos?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const page = envelope(photoPage).parse(res.json()).data;
      expect(page.total).toBe(45);
      seen.push(...page.photos.map((p) => p.uuid));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...bigEventPhotos].reverse());
  });

  it('gives each photo its size, placeholder and capture time; 60 by default', async () => {
    const page = envelope(photoPage).parse(
      (await get(`/api/v1/client/events/${ids.city13}/photos`)).json(),
    ).data;
    expect(page.photos).toHaveLength(45);
    expect(page.next_cursor).toBeNull();
    const first = page.photos[0]!;
    expect(first).toMatchObject({
      width: 32,
      height: 24,
      captured_at: minutesAfter(1).toISOString(),
    });
    expect(Buffer.from(first.placeholder!, 'base64').length).toBeGreaterThan(5);
  });

  it('answers an unpublished event with 404', async () => {
    const res = await get(`/api/v1/client/events/${ids.hidden}/photos`);
    expect(res.statusCode).toBe(404);
  });
});

describe('CORS and health', () => {
  it('answers a preflight for client endpoints from any origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/client/events/organiser/data?app_domain=citymarathon.example',
      headers: { origin: 'https://photos.example.org', 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('never answers cross-origin under /api/v1/admin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/admin/events',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/events',
      headers: { origin: 'https://evil.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('GET /health says which database answers', async () => {
    const res = await get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', data: { database: t.database.kind } });
  });
});
