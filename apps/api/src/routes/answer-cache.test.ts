import {
  aboutUs,
  allEvents,
  contactUs,
  envelope,
  eventConfig,
  organiserData,
  organiserInput,
} from '@eventsite/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../http.js';
import { AnswerCache } from '../services/answer-cache.js';
import { adminToken, bearer } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { minutesAfter, seedEvent, seedOrganiser, seedPhotos } from '../test-support/fixtures.js';

let t: TestApp;
let cityEvent: number;
let trailEvent: number;
let cityPhotos: string[];
/** Without PUBLIC_API_URL, generated URLs use the address the API listens on (never Host). */
const ORIGIN = 'http://localhost:4000';
const HOST = { host: 'api.test' };

const cityInput = {
  name: 'City Runs',
  domains: ['city.example'],
  description: 'Every city run.',
};

beforeAll(async () => {
  t = await createTestApp({}, { worker: false });
  await seedOrganiser(t.services, cityInput);
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  cityEvent = (
    await seedEvent(t.services, 'city.example', {
      name: 'City Marathon',
      event_date: '2025-05-10',
      published: true,
    })
  ).id;
  trailEvent = (
    await seedEvent(t.services, 'trail.example', {
      name: 'Ridge Trail',
      event_date: '2025-06-01',
      published: true,
    })
  ).id;
  const imported = await seedPhotos(
    t.services,
    cityEvent,
    [0, 1, 2].map((i) => ({ capturedAt: minutesAfter(i) })),
  );
  cityPhotos = imported.map((r) => r.uuid);
});

afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: HOST });

describe('cached public answers', () => {
  it('are byte for byte what the route serialiser makes from the services, on a miss and on a hit', async () => {
    const cases = [
      {
        url: '/api/v1/client/events/organiser/data?app_domain=city.example',
        expected: async () =>
          envelope(organiserData).parse(
            ok(await t.services.organisers.data('city.example', ORIGIN)),
          ),
      },
      {
        url: '/api/v1/client/events/organiser/all-events?app_domain=city.example&page=1&page_size=5',
        expected: async () =>
          envelope(allEvents).parse(
            ok(
              await t.services.organisers.allEvents(
                { app_domain: 'city.example', page: 1, page_size: 5 },
                ORIGIN,
              ),
            ),
          ),
      },
      {
        url: '/api/v1/client/events/organiser/contact-us?app_domain=city.example',
        expected: async () =>
          envelope(contactUs).parse(
            ok(await t.services.organisers.contactUs('city.example', ORIGIN)),
          ),
      },
      {
        url: '/api/v1/client/events/organiser/about-us?app_domain=city.example',
        expected: async () =>
          envelope(aboutUs).parse(ok(await t.services.organisers.aboutUs('city.example', ORIGIN))),
      },
      {
        url: `/api/v1/client/events/${cityEvent}/config?app_domain=city.example`,
        expected: async () =>
          envelope(eventConfig).parse(
            ok(await t.services.events.config(cityEvent, 'city.example')),
          ),
      },
    ];
    t.services.answers.clear();
    for (const c of cases) {
      const expected = JSON.stringify(await c.expected());
      const miss = await get(c.url);
      const hit = await get(c.url);
      expect(miss.statusCode, c.url).toBe(200);
      expect(miss.body, c.url).toBe(expected);
      expect(hit.body, c.url).toBe(expected);
      expect(hit.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(hit.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
      expect(hit.headers['access-control-allow-origin']).toBe('*');
    }
    const data = JSON.parse((await get(cases[0]!.url)).body);
    expect(data.data.recent_events[0].event_photos).toHaveLength(3);
  });

  it('show a change made through the admin API on the next request', async () => {
    const token = await adminToken(t.services, 'city.example');
    const configUrl = `/api/v1/client/events/${cityEvent}/config?app_domain=city.example`;
    const dataUrl = '/api/v1/client/events/organiser/data?app_domain=city.example';
    expect(JSON.parse((await get(configUrl)).body).data.event_details.name).toBe('City Marathon');
    expect(JSON.parse((await get(dataUrl)).body).data.recent_events[0].event_name).toBe(
      'City Marathon',
    );

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/events/${cityEvent}`,
      headers: bearer(token),
      payload: { name: 'City Marathon 2025' },
    });
    expect(patched.statusCode).toBe(200);
    expect(JSON.parse((await get(configUrl)).body).data.event_details.name).toBe(
      'City Marathon 2025',
    );
    expect(JSON.parse((await get(dataUrl)).body).data.recent_events[0].event_name).toBe(
      'City Marathon 2025',
    );

    // A deleted photo leaves the count and the covers at once.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/photos/${cityPhotos[0]}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(JSON.parse((await get(configUrl)).body).data.event_details.total_images).toBe(2);
    const covers: string[] = JSON.parse((await get(dataUrl)).body).data.recent_events[0]
      .event_photos;
    expect(covers).toHaveLength(2);
    expect(covers.some((c) => c.startsWith(cityPhotos[0]!))).toBe(false);

    // A new event appears in the listings, unpublishing removes it from config.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/events',
      headers: bearer(token),
      payload: { name: 'Night Run', event_date: '2026-01-20', published: true },
    });
    expect(created.statusCode).toBe(201);
    const all = JSON.parse(
      (await get('/api/v1/client/events/organiser/all-events?app_domain=city.example')).body,
    );
    expect(all.data.events.map((e: { event_name: string }) => e.event_name)).toEqual([
      'Night Run',
      'City Marathon 2025',
    ]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/events/${cityEvent}`,
      headers: bearer(token),
      payload: { published: false },
    });
    expect((await get(configUrl)).statusCode).toBe(404);
    await t.services.events.update(cityEvent, { published: true });
    expect((await get(configUrl)).statusCode).toBe(200);
  });

  it('show an organiser change made through the service on the next request', async () => {
    const url = '/api/v1/client/events/organiser/about-us?app_domain=city.example';
    expect(JSON.parse((await get(url)).body).data.description).toBe('Every city run.');
    await t.services.organisers.apply(
      organiserInput.parse({ ...cityInput, description: 'Every run in the city.' }),
    );
    expect(JSON.parse((await get(url)).body).data.description).toBe('Every run in the city.');
  });

  it('never mix tenants, origins or pages', async () => {
    const city = JSON.parse(
      (await get('/api/v1/client/events/organiser/data?app_domain=city.example')).body,
    );
    const trail = JSON.parse(
      (await get('/api/v1/client/events/organiser/data?app_domain=trail.example')).body,
    );
    expect(city.data.name).toBe('City Runs');
    expect(trail.data.name).toBe('Trail Co');
    expect(trail.data.recent_events.map((e: { event_id: number }) => e.event_id)).toEqual([
      trailEvent,
    ]);
    // Another organiser's event is not found through this domain, even once cached for its own.
    expect(
      (await get(`/api/v1/client/events/${trailEvent}/config?app_domain=trail.example`)).statusCode,
    ).toBe(200);
    expect(
      (await get(`/api/v1/client/events/${trailEvent}/config?app_domain=city.example`)).statusCode,
    ).toBe(404);
    // The contact form's URL never takes the request's Host.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/client/events/organiser/contact-us?app_domain=city.example',
      headers: { host: 'other.test:8080' },
    });
    expect(JSON.parse(other.body).data.contact_us.form.iframeSrc).toMatch(
      /^http:\/\/localhost:4000\//,
    );
    const page1 = JSON.parse(
      (
        await get(
          '/api/v1/client/events/organiser/all-events?app_domain=city.example&page=1&page_size=1',
        )
      ).body,
    );
    const page2 = JSON.parse(
      (
        await get(
          '/api/v1/client/events/organiser/all-events?app_domain=city.example&page=2&page_size=1',
        )
      ).body,
    );
    expect(page1.data.events[0].event_id).not.toBe(page2.data.events[0].event_id);
    expect(page2.data.pagination.current_page).toBe(2);
  });

  it('still answer bad input with its 4xx, every time', async () => {
    for (let i = 0; i < 2; i++) {
      const unknown = await get('/api/v1/client/events/organiser/data?app_domain=nobody.example');
      expect(unknown.statusCode).toBe(404);
      expect(JSON.parse(unknown.body).message).toMatch(/nobody\.example/);
      expect(
        (await get('/api/v1/client/events/organiser/all-events?app_domain=city.example&page=0'))
          .statusCode,
      ).toBe(400);
      expect((await get('/api/v1/client/events/organiser/about-us')).statusCode).toBe(400);
      expect((await get('/api/v1/client/events/abc/config')).statusCode).toBe(400);
      expect((await get('/api/v1/client/events/999999/config')).statusCode).toBe(404);
    }
  });
});

describe('AnswerCache', () => {
  it('computes a missing answer once for concurrent callers, then reuses it', async () => {
    const cache = new AnswerCache(60_000);
    let calls = 0;
    const produce = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 10));
      return `body ${calls}`;
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('k', produce)));
    expect(answers).toEqual(['body 1', 'body 1', 'body 1']);
    expect(await cache.get('k', produce)).toBe('body 1');
    expect(calls).toBe(1);
  });

  it('keeps no failure, and no answer computed before a change', async () => {
    const cache = new AnswerCache(60_000);
    await expect(
      cache.get('k', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
    let release!: () => void;
    const slow = cache.get(
      'k',
      () => new Promise<string>((resolve) => (release = () => resolve('before'))),
    );
    cache.clear();
    // After the change a caller does not join the computation that started before it.
    const after = cache.get('k', async () => 'after');
    release();
    expect(await slow).toBe('before');
    expect(await after).toBe('after');
    expect(await cache.get('k', async () => 'again')).toBe('after');
  });
});

describe('AnswerCache past its time to live', () => {
  // The clock moves only when a test moves it: a busy machine pausing this thread between two
  // lines must not carry an answer from "stale" to "too old".
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());
  const wait = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('sends the stale answer while one refresh runs, then the fresh one', async () => {
    const cache = new AnswerCache(20);
    expect(await cache.get('k', async () => 'one')).toBe('one');
    wait(19);
    let early = 0;
    expect(
      await cache.get('k', async () => {
        early += 1;
        return 'early';
      }),
    ).toBe('one');
    expect(early).toBe(0);
    wait(11);
    let calls = 0;
    let release!: () => void;
    const refresh = () => {
      calls += 1;
      return new Promise<string>((resolve) => (release = () => resolve('two')));
    };
    expect(await cache.get('k', refresh)).toBe('one');
    expect(await cache.get('k', refresh)).toBe('one');
    expect(calls).toBe(1);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', refresh)).toBe('two');
  });

  it('drops a stale answer whose refresh fails, so the next caller gets the error', async () => {
    const cache = new AnswerCache(20);
    await cache.get('k', async () => 'one');
    wait(30);
    const failing = async () => {
      throw new Error('gone');
    };
    expect(await cache.get('k', failing)).toBe('one');
    await new Promise((r) => setTimeout(r, 0));
    await expect(cache.get('k', failing)).rejects.toThrow('gone');
  });

  it('never sends an answer far past its time to live', async () => {
    const cache = new AnswerCache(10);
    await cache.get('k', async () => 'one');
    // Five times its time to live after it was made: never sent again, even stale.
    wait(50);
    expect(await cache.get('k', async () => 'two')).toBe('two');
  });
});
