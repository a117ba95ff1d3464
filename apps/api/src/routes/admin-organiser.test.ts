import {
  adminEventList,
  adminPhotoPage,
  envelope,
  eventDeleted,
  organiserSettings,
} from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  bearer,
  createEventAsAdmin,
  upload,
  waitForJobs,
} from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser, seedPhotos } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';
import { storedKeys } from '../test-support/stack.js';

let t: TestApp;
let cityToken: string;
let trailToken: string;
let publishedId: number;

const photoPage = envelope(adminPhotoPage);

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, {
    name: 'City Runs',
    domains: ['city.example', 'www.city.example'],
    extra_config: { themeColor: '#112233', footer_config: { footerText: 'Hello' } },
  });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  cityToken = await adminToken(t.services, 'city.example');
  trailToken = await adminToken(t.services, 'trail.example');
  publishedId = await createEventAsAdmin(t.app, cityToken, {
    name: 'Spring Ten K',
    event_date: '2025-04-06',
    published: true,
  });
  await createEventAsAdmin(t.app, cityToken, {
    name: 'Autumn Draft',
    event_date: '2025-10-06',
  });
});
afterAll(() => t.close());

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('the organiser’s events', () => {
  it('lists every event of the organiser, published or not, newest first, and none of another', async () => {
    const res = await get('/api/v1/admin/events', cityToken);
    expect(res.statusCode).toBe(200);
    const events = envelope(adminEventList).parse(res.json()).data;
    expect(events.map((e) => [e.name, e.published])).toEqual([
      ['Autumn Draft', false],
      ['Spring Ten K', true],
    ]);
    const trail = envelope(adminEventList).parse(
      (await get('/api/v1/admin/events', trailToken)).json(),
    );
    expect(trail.data).toEqual([]);
  });
});

describe('an event’s photos', () => {
  it('pages the photos with their bibs, faces and hidden faces', async () => {
    const imported = await seedPhotos(t.services, publishedId, [{}, {}, {}]);
    const tagged = imported[1]!.uuid;
    const tag = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/photos/${tagged}/bibs`,
      headers: bearer(cityToken),
      payload: { bibs: ['F123', '77'] },
    });
    expect(tag.statusCode).toBe(200);
    const first = photoPage.parse(
      (await get(`/api/v1/admin/events/${publishedId}/photos?page_size=2`, cityToken)).json(),
    ).data;
    expect(first.pagination).toEqual({ total: 3, page: 1, page_size: 2, total_pages: 2 });
    expect(first.photos).toHaveLength(2);
    const second = photoPage.parse(
      (
        await get(`/api/v1/admin/events/${publishedId}/photos?page_size=2&page=2`, cityToken)
      ).json(),
    ).data;
    expect(second.photos).toHaveLength(1);
    const all = [...first.photos, ...second.photos];
    expect(new Set(all.map((p) => p.uuid))).toEqual(new Set(imported.map((p) => p.uuid)));
    const withBibs = all.find((p) => p.uuid === tagged)!;
    // The number derived from a lettered bib is not a reading of its own: only what was tagged.
    expect(withBibs.bibs.map((b) => [b.bib, b.source, b.confidence]).sort()).toEqual([
      ['77', 'manual', 1],
      ['F123', 'manual', 1],
    ]);
    expect(withBibs).toMatchObject({ faces: 0, hidden_faces: 0 });
    expect(withBibs.byte_size).toBeGreaterThan(0);
    // A page past the end is empty, not an error.
    const past = photoPage.parse(
      (await get(`/api/v1/admin/events/${publishedId}/photos?page=9`, cityToken)).json(),
    ).data;
    expect(past.photos).toEqual([]);
  });

  it('refuses a bad page with a message, and another organiser’s event with 404', async () => {
    const bad = await get(`/api/v1/admin/events/${publishedId}/photos?page_size=500`, cityToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/page_size must be a whole number from 1 to 200/);
    const zero = await get(`/api/v1/admin/events/${publishedId}/photos?page=0`, cityToken);
    expect(zero.statusCode).toBe(400);
    const other = await get(`/api/v1/admin/events/${publishedId}/photos`, trailToken);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(`No event has the id ${publishedId}`);
  });
});

describe('deleting an event', () => {
  it('removes its photos, files, variants and jobs; a repeat and another organiser get 404', async () => {
    const eventId = await createEventAsAdmin(t.app, cityToken, {
      name: 'To Go',
      event_date: '2025-06-01',
      published: true,
    });
    const up = await upload(t.app, cityToken, eventId, [
      { filename: 'a.jpg', bytes: await testImage({ colour: '#a03030' }) },
      { filename: 'b.jpg', bytes: await testImage({ colour: '#30a030' }) },
    ]);
    expect(up.statusCode).toBe(202);
    await waitForJobs(t.services, eventId);
    const uuids: string[] = up.json().data.accepted.map((a: { uuid: string }) => a.uuid);
    // A variant made on request, beside the ones made at ingest.
    expect((await t.app.inject({ url: `/events/photos/${uuids[0]}?w=320` })).statusCode).toBe(200);
    const variantsBefore = await storedKeys(t.blobs.variants);
    expect(variantsBefore.filter((k) => k.startsWith(uuids[0]!)).length).toBeGreaterThan(1);
    const originalsBefore = (await storedKeys(t.blobs.originals)).length;

    const other = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId}`,
      headers: bearer(trailToken),
    });
    expect(other.statusCode).toBe(404);
    expect((await get(`/api/v1/admin/events/${eventId}/jobs`, cityToken)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId}`,
      headers: bearer(cityToken),
    });
    expect(res.statusCode).toBe(200);
    expect(envelope(eventDeleted).parse(res.json()).data).toEqual({
      id: eventId,
      deleted: true,
      photos: 2,
    });
    expect((await storedKeys(t.blobs.originals)).length).toBe(originalsBefore - 2);
    const variantsAfter = await storedKeys(t.blobs.variants);
    expect(variantsAfter.filter((k) => uuids.some((u) => k.startsWith(u)))).toEqual([]);
    expect((await t.app.inject({ url: `/events/photos/${uuids[0]}?w=320` })).statusCode).toBe(404);
    expect((await get(`/api/v1/admin/events/${eventId}/jobs`, cityToken)).statusCode).toBe(404);
    const listed = envelope(adminEventList).parse(
      (await get('/api/v1/admin/events', cityToken)).json(),
    );
    expect(listed.data.map((e) => e.id)).not.toContain(eventId);
    const publicConfig = await t.app.inject({
      url: `/api/v1/client/events/${eventId}/config?app_domain=city.example`,
    });
    expect(publicConfig.statusCode).toBe(404);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId}`,
      headers: bearer(cityToken),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`No event has the id ${eventId}`);
    // The other events are untouched.
    expect((await get(`/api/v1/admin/events/${publishedId}/photos`, cityToken)).statusCode).toBe(
      200,
    );
  });

  it('refuses an id that is not a number with a message', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/events/abc',
      headers: bearer(cityToken),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/positive whole number/);
  });
});

describe('the organiser’s settings', () => {
  it('shows them with extra_config laid over the defaults', async () => {
    const res = await get('/api/v1/admin/organiser', cityToken);
    expect(res.statusCode).toBe(200);
    const settings = envelope(organiserSettings).parse(res.json()).data;
    expect(settings).toMatchObject({
      name: 'City Runs',
      domains: ['city.example', 'www.city.example'],
      expiry_at: null,
    });
    expect(settings.extra_config.themeColor).toBe('#112233');
    expect(settings.extra_config.footer_config.footerText).toBe('Hello');
    expect(settings.extra_config.headerDesign).toBe('default');
  });

  it('changes what is sent, keeps the rest, and the public site serves it', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/organiser',
      headers: bearer(cityToken),
      payload: {
        description: 'Race photos',
        extra_config: { themeColor: '#7A1F5C', footer_config: { hide9picBranding: true } },
      },
    });
    expect(res.statusCode).toBe(200);
    const settings = envelope(organiserSettings).parse(res.json()).data;
    expect(settings.description).toBe('Race photos');
    expect(settings.extra_config.themeColor).toBe('#7A1F5C');
    expect(settings.extra_config.footer_config).toMatchObject({
      hide9picBranding: true,
      footerText: 'Hello',
    });
    const data = await t.app.inject({
      url: '/api/v1/client/events/organiser/data?app_domain=city.example',
    });
    expect(data.json().data.extra_config.themeColor).toBe('#7A1F5C');
    // Another organiser's settings are not touched.
    const trail = envelope(organiserSettings).parse(
      (await get('/api/v1/admin/organiser', trailToken)).json(),
    );
    expect(trail.data.extra_config.themeColor).not.toBe('#7A1F5C');
  });

  it('refuses bad settings with a message naming the field, and changes nothing', async () => {
    for (const [payload, message] of [
      [{ extra_config: { themeColor: 'green' } }, /themeColor.*hex colour/],
      [{ extra_config: { googleTagManagerId: 'x' } }, /GTM-XXXXXXX/],
      [{ extra_config: { unknown: 1 } }, /unknown|Unrecognized/i],
      [{ domains: ['evil.example'] }, /domains|Unrecognized/i],
      [{ logo: 'javascript:alert(1)' }, /http/],
      [{}, /at least one setting/],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/admin/organiser',
        headers: bearer(cityToken),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const settings = envelope(organiserSettings).parse(
      (await get('/api/v1/admin/organiser', cityToken)).json(),
    );
    expect(settings.data.extra_config.themeColor).toBe('#7A1F5C');
    expect(settings.data.domains).toEqual(['city.example', 'www.city.example']);
  });
});
