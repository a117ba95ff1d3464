import { request as httpRequest } from 'node:http';
import {
  FACE_EMBEDDING_LENGTH,
  GRANT_REFUSED_MESSAGE,
  PASSWORD_NEEDED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventRepository } from '../repositories/events.js';
import { SecretRepository } from '../repositories/secrets.js';
import { EventAccessService, GRANT_TTL_MS } from '../services/event-access.js';
import { linkKeyOfSlug } from '@eventsite/contract';
import { adminToken, bearer } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedEvent, seedOrganiser, seedPhotos } from '../test-support/fixtures.js';

// Public, unlisted and password galleries (docs/private-galleries.md): what the lists show, and
// every resource of a password event refused without a grant for it, granted with one; an
// unlisted event not found by its id alone, opened by the key in its link.
// Longer than 400 lines: one table of every event route, crossed without and with a grant, over
// one set-up (three organisers' events with photos, a listening server for the hot path).

const PASSWORD = 'harbour lights';
const FLAGS = {
  feature_flag: {
    show_all_images: true,
    bib_search: true,
    name_search: true,
    selfie_search: true,
    show_timing_data: true,
    bulk_download: true,
    enable_custom_certificate: true,
  },
};

let t: TestApp;
let base: string;
let token: string;
let publicEvent: number;
let unlisted: number;
let locked: number;
let theirs: number;
let photos: string[];
let publicPhoto: string;

const unit = (() => {
  const v = Array.from({ length: FACE_EMBEDDING_LENGTH }, (_, i) => Math.sin(i + 1));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
})();

beforeAll(async () => {
  t = await createTestApp({ GALLERY_PASSWORD_ATTEMPTS: '4' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['localhost', 'city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Runs', domains: ['trail.example'] });
  const event = async (domain: string, name: string, date: string) =>
    (
      await seedEvent(t.services, domain, {
        name,
        event_date: date,
        published: true,
        event_photos_config: FLAGS,
      })
    ).id;
  publicEvent = await event('localhost', 'Open Run', '2025-03-01');
  unlisted = await event('localhost', 'Quiet Run', '2025-04-01');
  locked = await event('localhost', 'Secret Run', '2025-05-01');
  theirs = await event('trail.example', 'Their Secret Run', '2025-05-02');
  photos = (
    await seedPhotos(t.services, locked, [
      { width: 320, height: 240 },
      { width: 300, height: 200 },
    ])
  ).map((p) => p.uuid);
  publicPhoto = (await seedPhotos(t.services, publicEvent, [{ width: 200, height: 100 }]))[0]!.uuid;
  token = await adminToken(t.services, 'localhost');
  const set = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/events/${id}/access`,
      headers: bearer(token),
      payload,
    });
  expect((await set(unlisted, { access: 'unlisted' })).statusCode).toBe(200);
  expect((await set(locked, { access: 'password', password: PASSWORD })).statusCode).toBe(200);
  await t.services.access.set(theirs, { access: 'password', password: PASSWORD });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);
afterAll(() => t.close());

async function grantFor(eventId: number, password = PASSWORD, address = '203.0.113.1') {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${eventId}/access?app_domain=localhost`,
    payload: { password },
    remoteAddress: address,
  });
}

/** A raw request to the listening server: the photo server's hot path sits before Fastify. */
function call(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** One request of each of an event's client routes, with a body each accepts. */
function eventRequests(eventId: number, query = '') {
  const q = (extra = '') => `?app_domain=localhost${extra}${query}`;
  const e = `/api/v1/client/events/${eventId}`;
  return [
    { method: 'GET', url: `${e}/config${q()}` },
    { method: 'GET', url: `${e}/photos${q()}` },
    { method: 'GET', url: `${e}/photos${q('&bib=101')}` },
    { method: 'GET', url: `${e}/photos${q('&name=Ana')}` },
    { method: 'GET', url: `${e}/photos${q(`&ids=${photos[0]}`)}` },
    { method: 'GET', url: `${e}/photos/more-of-bib${q('&bib=101')}` },
    { method: 'POST', url: `${e}/photos/selfie-search${q()}`, payload: { embedding: unit } },
    {
      method: 'POST',
      url: `${e}/photos/selfie-search/image${q()}`,
      payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]),
      headers: { 'content-type': 'image/jpeg' },
    },
    { method: 'POST', url: `${e}/downloads${q()}`, payload: { photo_ids: [photos[0]] } },
    { method: 'POST', url: `${e}/downloads${q()}`, payload: { all: true } },
    { method: 'GET', url: `${e}/results/101${q()}` },
    { method: 'GET', url: `${e}/results${q('&name=Ana')}` },
    { method: 'GET', url: `${e}/certificate-template${q()}` },
    {
      method: 'POST',
      url: `${e}/hide-requests${q()}`,
      payload: { embedding: unit, dry_run: true },
    },
    { method: 'POST', url: `${e}/stats${q()}`, payload: { kind: 'visit' } },
    { method: 'GET', url: `${e}/photos/live${q()}` },
    { method: 'GET', url: `${e}/frames${q()}` },
  ] as const;
}

describe('the lists', () => {
  it('show public events only: unlisted and password events are reached by their link', async () => {
    const data = (
      await t.app.inject({ url: '/api/v1/client/events/organiser/data?app_domain=localhost' })
    ).json().data;
    expect(data.recent_events.map((e: { event_id: number }) => e.event_id)).toEqual([publicEvent]);
    const all = (
      await t.app.inject({ url: '/api/v1/client/events/organiser/all-events?app_domain=localhost' })
    ).json().data;
    expect(all.events.map((e: { event_id: number }) => e.event_id)).toEqual([publicEvent]);
    expect(all.pagination.total).toBe(1);
    const about = (
      await t.app.inject({ url: '/api/v1/client/events/organiser/about-us?app_domain=localhost' })
    ).json().data;
    expect(about.events_count).toBe(1);
    // The organiser still sees them all.
    const admin = await t.app.inject({ url: '/api/v1/admin/events', headers: bearer(token) });
    expect(
      admin
        .json()
        .data.map((e: { id: number }) => e.id)
        .sort(),
    ).toEqual([publicEvent, unlisted, locked].sort());
  });

  it('tell the site how an event reached by its link is seen, for its own organiser only', async () => {
    for (const [id, access] of [
      [publicEvent, 'public'],
      [unlisted, 'unlisted'],
      [locked, 'password'],
    ] as const) {
      const res = await t.app.inject({
        url: `/api/v1/client/events/${id}/access?app_domain=city.example`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ event_id: id, access });
    }
    const other = await t.app.inject({
      url: `/api/v1/client/events/${theirs}/access?app_domain=localhost`,
    });
    expect(other.statusCode).toBe(404);
    const nameless = await t.app.inject({ url: `/api/v1/client/events/${locked}/access` });
    expect(nameless.statusCode).toBe(400);
  });
});

describe('a password gallery without a grant', () => {
  it('refuses every client route of the event with 401, and says why', async () => {
    for (const request of eventRequests(locked)) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({
        status: 'error',
        code: 401,
        message: PASSWORD_NEEDED_MESSAGE,
        data: null,
      });
      expect(res.headers['www-authenticate']).toMatch(/^EventGrant /);
      expect(res.headers['cache-control']).toBe('no-store');
      if (request.method === 'GET' && !request.url.includes('/live')) {
        const head = await t.app.inject({ ...request, method: 'HEAD' });
        expect(head.statusCode, `HEAD ${request.url}`).toBe(401);
      }
    }
  });

  it('guards every event route the API documents, not only those named here', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      path.startsWith('/api/v1/client/events/{eventId}/') &&
      path !== '/api/v1/client/events/{eventId}/access'
        ? Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)
        : [],
    );
    const tried = new Set(
      eventRequests(locked).map(
        (r) =>
          `${r.method} ${r.url
            .split('?')[0]!
            .replace(`/${locked}/`, '/{eventId}/')
            .replace(/\/results\/101$/, '/results/{bib}')}`,
      ),
    );
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !tried.has(r))).toEqual([]);
  });

  it('refuses its photo files, originals and variants, even from the hot path', async () => {
    const { grant } = (await grantFor(locked)).json().data;
    // Warm the variant in memory with a grant: the bare URL must still be refused.
    const warm = await call(`/events/photos/${photos[0]}?w=480&grant=${grant}`);
    expect(warm.status).toBe(200);
    expect(warm.headers['cache-control']).toBe('private, max-age=600');
    for (const path of [
      `/events/photos/${photos[0]}?w=480`,
      `/events/photos/${photos[0]}`,
      `/events/photos/${photos[0]}?download=1`,
      `/events/photos/${photos[1]}?w=1280`,
      // In a sponsor frame: refused before the frame is looked for.
      `/events/photos/${photos[0]}/frames/1`,
    ]) {
      const head = await t.app.inject({ method: 'HEAD', url: path });
      expect(head.statusCode, `HEAD ${path}`).toBe(401);
      const res = await call(path, { accept: 'image/webp' });
      expect(res.status, path).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(res.body.toString()).message).toBe(PASSWORD_NEEDED_MESSAGE);
    }
    // An ETag does not open it either.
    const etag = String(warm.headers.etag);
    const revalidated = await call(`/events/photos/${photos[0]}?w=480`, { 'if-none-match': etag });
    expect(revalidated.status).toBe(401);
    // A public event's photos are as they were: cached by anyone for a year.
    const open = await call(`/events/photos/${publicPhoto}?w=480`);
    expect(open.status).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('is 404, not 401, for another organiser’s site', async () => {
    const res = await t.app.inject({
      url: `/api/v1/client/events/${theirs}/config?app_domain=localhost`,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the password', () => {
  it('gives a grant for the right password only', async () => {
    const wrong = await grantFor(locked, 'harbour light', '203.0.113.10');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(WRONG_PASSWORD_MESSAGE);
    const right = await grantFor(locked, PASSWORD, '203.0.113.10');
    expect(right.statusCode).toBe(200);
    expect(right.headers['cache-control']).toBe('no-store');
    const data = right.json().data;
    expect(data.event_id).toBe(locked);
    expect(data.grant).toMatch(new RegExp(`^${locked}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    const lifetime = Date.parse(data.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(GRANT_TTL_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(GRANT_TTL_MS);
  });

  it('is not asked of an event that needs none, nor of another organiser’s event', async () => {
    expect((await grantFor(publicEvent, 'anything', '203.0.113.11')).statusCode).toBe(409);
    expect((await grantFor(theirs, PASSWORD, '203.0.113.11')).statusCode).toBe(404);
  });

  it('is limited per client: every attempt counts, and past the limit even the right one waits', async () => {
    const address = '198.51.100.99';
    for (let i = 0; i < 4; i += 1)
      expect((await grantFor(locked, `wrong ${i}`, address)).statusCode).toBe(403);
    const limited = await grantFor(locked, PASSWORD, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many password attempts: try again in \d+ min$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not held back.
    expect((await grantFor(locked, PASSWORD, '198.51.100.100')).statusCode).toBe(200);
  });
});

describe('a password gallery with a grant', () => {
  it('answers every client route of its event, kept by no cache', async () => {
    const { grant } = (await grantFor(locked)).json().data;
    const asHeader = (r: ReturnType<typeof eventRequests>[number]) => ({
      ...r,
      headers: { ...('headers' in r ? r.headers : {}), 'x-event-grant': grant },
    });
    for (const request of eventRequests(locked)) {
      // The live stream stays open: its refusal is what matters here (checked above).
      if (request.url.includes('/photos/live')) continue;
      for (const r of [asHeader(request), { ...request, url: `${request.url}&grant=${grant}` }]) {
        const res = await t.app.inject(r);
        // Whatever else the route answers (a feature that is off is its own 403), not a refusal
        // of access.
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).not.toBe(401);
        expect([PASSWORD_NEEDED_MESSAGE, GRANT_REFUSED_MESSAGE]).not.toContain(
          res.statusCode >= 400 ? res.json().message : '',
        );
        if (res.statusCode < 300 && res.statusCode !== 204)
          expect(res.headers['cache-control'], r.url).toMatch(/no-store/);
      }
    }
    const config = await t.app.inject({
      url: `/api/v1/client/events/${locked}/config?app_domain=localhost`,
      headers: { 'x-event-grant': grant },
    });
    expect(config.statusCode).toBe(200);
    expect(config.headers['cache-control']).toBe('private, no-store');
    expect(config.json().data.event_details.name).toBe('Secret Run');
    const page = await t.app.inject({
      url: `/api/v1/client/events/${locked}/photos?grant=${grant}`,
    });
    expect(
      page
        .json()
        .data.photos.map((p: { uuid: string }) => p.uuid)
        .sort(),
    ).toEqual([...photos].sort());
    const zip = await t.app.inject({
      method: 'POST',
      url: `/api/v1/client/events/${locked}/downloads?grant=${grant}`,
      payload: { all: true },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    for (const path of [`?w=1280&grant=${grant}`, `?download=1&grant=${grant}`]) {
      const res = await call(`/events/photos/${photos[1]}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control']).toBe('private, max-age=600');
    }
    const live = await call(`/events/photos/${photos[1]}?w=1280`, { 'x-event-grant': grant });
    expect(live.status).toBe(200);
  });

  it('refuses with 403 a grant of another event, altered, expired, or older than the password', async () => {
    expect((await grantFor(publicEvent)).statusCode).toBe(409);
    const theirGrant = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/client/events/${theirs}/access?app_domain=trail.example`,
        payload: { password: PASSWORD },
        remoteAddress: '203.0.113.20',
      })
    ).json().data.grant as string;
    const { grant } = (await grantFor(locked)).json().data as { grant: string };
    const expired = await new EventAccessService(
      t.services.events,
      new EventRepository(t.database.db),
      new SecretRepository(t.database.db),
      { now: () => Date.now() - GRANT_TTL_MS - 60_000 },
    ).grant(locked, 'localhost', PASSWORD);
    const [id, expiry, signature] = grant.split('.') as [string, string, string];
    const refused = [
      theirGrant,
      `${locked}.${theirGrant.split('.').slice(1).join('.')}`,
      `${id}.${Number(expiry) + 3600}.${signature}`,
      `${id}.${expiry}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      expired.grant,
      'not a grant',
    ];
    for (const bad of refused) {
      const res = await t.app.inject({
        url: `/api/v1/client/events/${locked}/config`,
        headers: { 'x-event-grant': bad },
      });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().message).toBe(GRANT_REFUSED_MESSAGE);
      const photo = await call(
        `/events/photos/${photos[0]}?w=480&grant=${encodeURIComponent(bad)}`,
      );
      expect(photo.status, bad).toBe(403);
    }
    // The organiser's new password (even the same one) ends every grant given before it.
    const before = await t.app.inject({
      url: `/api/v1/client/events/${locked}/config`,
      headers: { 'x-event-grant': grant },
    });
    expect(before.statusCode).toBe(200);
    await t.services.access.set(locked, { access: 'password', password: PASSWORD });
    const after = await t.app.inject({
      url: `/api/v1/client/events/${locked}/config`,
      headers: { 'x-event-grant': grant },
    });
    expect(after.statusCode).toBe(403);
  });
});

describe('setting the access level', () => {
  it('needs a password for a password gallery, keeps it, forgets it, and never shows it', async () => {
    const url = `/api/v1/admin/events/${publicEvent}/access`;
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
    const missing = await put({ access: 'password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/needs a password of at least 6 characters/);
    expect((await put({ access: 'password', password: 'short' })).statusCode).toBe(400);
    expect((await put({ access: 'unlisted', password: 'long enough' })).statusCode).toBe(400);
    expect((await put({ access: 'hidden' })).statusCode).toBe(400);
    const set = await put({ access: 'password', password: 'open sesame' });
    expect(set.json().data).toEqual({
      event_id: publicEvent,
      access: 'password',
      has_password: true,
      slug: `open-run-${publicEvent}`,
    });
    expect(set.body).not.toContain('open sesame');
    expect(set.body).not.toContain('scrypt');
    // Off the lists at once, and its photos refused.
    const all = (
      await t.app.inject({ url: '/api/v1/client/events/organiser/all-events?app_domain=localhost' })
    ).json().data;
    expect(all.events).toEqual([]);
    expect((await call(`/events/photos/${publicPhoto}?w=480`)).status).toBe(401);
    // Kept when not given again.
    expect((await put({ access: 'password' })).json().data.has_password).toBe(true);
    const opened = await grantFor(publicEvent, 'open sesame', '203.0.113.30');
    expect(opened.statusCode).toBe(200);
    const get = await t.app.inject({ url, headers: bearer(token) });
    expect(get.json().data).toEqual({
      event_id: publicEvent,
      access: 'password',
      has_password: true,
      slug: `open-run-${publicEvent}`,
    });
    // Public again: the password is forgotten, the photos open to all.
    expect((await put({ access: 'public' })).json().data).toEqual({
      event_id: publicEvent,
      access: 'public',
      has_password: false,
      slug: `open-run-${publicEvent}`,
    });
    expect((await put({ access: 'password' })).statusCode).toBe(400);
    expect((await call(`/events/photos/${publicPhoto}?w=480`)).status).toBe(200);
  });

  it('is another organiser’s business: 404, as if the event did not exist', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/events/${theirs}/access`,
      headers: bearer(token),
      payload: { access: 'public' },
    });
    expect(res.statusCode).toBe(404);
    const get = await t.app.inject({
      url: `/api/v1/admin/events/${theirs}/access`,
      headers: bearer(token),
    });
    expect(get.statusCode).toBe(404);
  });
});

describe('an unlisted gallery', () => {
  const settingsOf = async () =>
    (
      await t.app.inject({
        url: `/api/v1/admin/events/${unlisted}/access`,
        headers: bearer(token),
      })
    ).json().data as { access: string; slug: string };

  it('is not found by its id alone: every route and photo file answers as for no event', async () => {
    const [photo] = await seedPhotos(t.services, unlisted, [{ width: 200, height: 100 }]);
    for (const request of eventRequests(unlisted)) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(404);
      expect(res.json().message).toBe(`No published event has the id ${unlisted}`);
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
    for (const path of ['?w=480', '?download=1', '?w=480&grant=1.2.x'])
      expect((await call(`/events/photos/${photo!.uuid}${path}`)).status, path).toBe(404);
  });

  it('opens with the key in its link, however many visitors share an address', async () => {
    const { slug } = await settingsOf();
    expect(slug).toMatch(new RegExp(`^quiet-run-[A-Z][A-Za-z0-9]{15}-${unlisted}$`));
    const key = linkKeyOfSlug(slug)!;
    // A wrong key is no event; keys are not counted against the password limit (4 here).
    for (const wrong of ['Kxxxxxxxxxxxxxxx', key.toLowerCase(), `${key}x`])
      expect((await grantFor(unlisted, wrong, '203.0.113.77')).statusCode, wrong).toBe(404);
    let grant = '';
    for (let visitor = 0; visitor < 6; visitor += 1) {
      const res = await grantFor(unlisted, key, '203.0.113.77');
      expect(res.statusCode, res.body).toBe(200);
      grant = res.json().data.grant;
    }
    const config = await t.app.inject({
      url: `/api/v1/client/events/${unlisted}/config?app_domain=localhost`,
      headers: { 'x-event-grant': grant },
    });
    expect(config.statusCode).toBe(200);
    expect(config.json().data.event_details.slug).toBe(slug);
    expect(config.headers['cache-control']).toBe('private, no-store');
    const photos = await t.app.inject({
      url: `/api/v1/client/events/${unlisted}/photos?grant=${grant}`,
    });
    expect(photos.json().data.photos).toHaveLength(1);
    const file = await call(
      `/events/photos/${photos.json().data.photos[0].uuid}?w=480&grant=${grant}`,
    );
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('private, max-age=600');
    // A grant of the password event does not open it, nor its own another event.
    const other = (await grantFor(locked, PASSWORD, '203.0.113.78')).json().data.grant as string;
    const crossed = await t.app.inject({
      url: `/api/v1/client/events/${unlisted}/config`,
      headers: { 'x-event-grant': other },
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('keeps its key while unlisted; unlisted again after public, a new key ends old links and grants', async () => {
    const put = (access: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/events/${unlisted}/access`,
        headers: bearer(token),
        payload: { access },
      });
    const first = await settingsOf();
    const oldGrant = (await grantFor(unlisted, linkKeyOfSlug(first.slug)!)).json().data
      .grant as string;
    expect((await put('unlisted')).json().data.slug).toBe(first.slug);
    expect((await put('public')).json().data.slug).toBe(`quiet-run-${unlisted}`);
    const again = (await put('unlisted')).json().data as { slug: string };
    expect(again.slug).not.toBe(first.slug);
    expect((await grantFor(unlisted, linkKeyOfSlug(first.slug)!)).statusCode).toBe(404);
    const stale = await t.app.inject({
      url: `/api/v1/client/events/${unlisted}/config`,
      headers: { 'x-event-grant': oldGrant },
    });
    expect(stale.statusCode).toBe(404);
    expect((await grantFor(unlisted, linkKeyOfSlug(again.slug)!)).statusCode).toBe(200);
  });
});
