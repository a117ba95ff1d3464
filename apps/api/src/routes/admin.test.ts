import { adminEvent, envelope, jobsStatus, uploadAnswer } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  bearer,
  hugeMultipartStream,
  upload,
  waitForJobs,
} from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { storedKeys } from '../test-support/stack.js';
import { testImage } from '../test-support/images.js';
import { hugeClaimingPng } from '../test-support/png.js';

let t: TestApp;
let cityToken: string;
let trailToken: string;
let eventId: number;
let trailEventId: number;

const adminEventEnvelope = envelope(adminEvent);
const uploadEnvelope = envelope(uploadAnswer);

beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_BYTES: String(2 * 1024 * 1024), OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  cityToken = await adminToken(t.services, 'city.example');
  trailToken = await adminToken(t.services, 'trail.example');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(cityToken),
    payload: { name: 'Spring Ten K', event_date: '2025-04-06', city: 'Lyon', published: true },
  });
  expect(created.statusCode).toBe(201);
  eventId = adminEventEnvelope.parse(created.json()).data.id;
  const trail = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(trailToken),
    payload: { name: 'Trail', event_date: '2025-05-01', published: true },
  });
  trailEventId = adminEventEnvelope.parse(trail.json()).data.id;
});
afterAll(() => t.close());

describe('admin authentication', () => {
  it('answers 401 without a token or with a bad one', async () => {
    const none = await t.app.inject({ method: 'GET', url: `/api/v1/admin/events/${eventId}/jobs` });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.json()).toMatchObject({ status: 'error', code: 401, data: null });
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/events/${eventId}/jobs`,
      headers: bearer('est_not-a-real-token-at-all-0000000000'),
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toMatch(/not valid/);
  });

  it("answers 404 for another organiser's event or photo", async () => {
    for (const req of [
      { method: 'GET' as const, url: `/api/v1/admin/events/${eventId}/jobs` },
      { method: 'PATCH' as const, url: `/api/v1/admin/events/${eventId}`, payload: { name: 'x' } },
    ]) {
      const res = await t.app.inject({ ...req, headers: bearer(trailToken) });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`No event has the id ${eventId}`);
    }
    const up = await upload(t.app, trailToken, eventId, [
      { filename: 'a.jpg', bytes: await testImage() },
    ]);
    expect(up.statusCode).toBe(404);
    expect(up.json().message).toBe(`No event has the id ${eventId}`);
    // Not multipart: still 404, the body is not looked at for another organiser's event.
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/events/${eventId}/photos`,
      headers: bearer(trailToken),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json().message).toBe(`No event has the id ${eventId}`);
  });

  it('never answers cross-origin: no CORS headers on admin routes, preflight included', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/events/${eventId}/jobs`,
      headers: { ...bearer(cityToken), origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/admin/events/${eventId}/photos`,
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });
});

describe('admin events', () => {
  it('creates with a slug and renames with a new slug', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/events',
      headers: bearer(cityToken),
      payload: {
        name: 'Zürich Night Run',
        event_date: '2025-09-12',
        event_photos_config: { feature_flag: { bulk_download: false } },
      },
    });
    const created = adminEventEnvelope.parse(res.json()).data;
    expect(created.slug).toBe(`zurich-night-run-${created.id}`);
    expect(created.published).toBe(false);
    expect(created.event_photos_config.feature_flag.bulk_download).toBe(false);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/events/${created.id}`,
      headers: bearer(cityToken),
      payload: { name: 'Zurich Midnight Run', published: true },
    });
    expect(patched.statusCode).toBe(200);
    const data = adminEventEnvelope.parse(patched.json()).data;
    expect(data.slug).toBe(`zurich-midnight-run-${created.id}`);
    expect(data.published).toBe(true);
    expect(data.event_photos_config.feature_flag.bulk_download).toBe(false);
  });

  it('refuses an invalid event with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/events',
      headers: bearer(cityToken),
      payload: { name: '', event_date: '2025-02-30' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/name/);
  });
});

describe('uploads and ingest jobs', () => {
  it('accepts several photos, works their jobs, lists them, and reports bad files', async () => {
    const good = await Promise.all(
      [0, 1, 2].map((i) =>
        testImage({ colour: `hsl(${i * 90}, 70%, 50%)`, width: 80, height: 60 }),
      ),
    );
    const truncated = (await testImage({ width: 400, height: 300, colour: '#884422' })).subarray(
      0,
      600,
    );
    const res = await upload(t.app, cityToken, eventId, [
      { filename: 'one.jpg', bytes: good[0]! },
      { filename: 'two.jpg', bytes: good[1]! },
      { filename: 'three.png', bytes: good[2]! },
      { filename: 'notes.jpg', bytes: Buffer.from('hello, not an image') },
      { filename: 'bomb.png', bytes: hugeClaimingPng(30000, 30000) },
      { filename: 'cut.jpg', bytes: truncated },
      { filename: 'again.jpg', bytes: good[0]! },
    ]);
    expect(res.statusCode).toBe(207);
    const data = uploadEnvelope.parse(res.json()).data;
    expect(data.accepted.map((a) => a.filename)).toEqual([
      'one.jpg',
      'two.jpg',
      'three.png',
      'cut.jpg',
      'again.jpg',
    ]);
    expect(data.refused).toEqual([
      { filename: 'notes.jpg', reason: 'is not a JPEG, PNG or WebP image' },
      {
        filename: 'bomb.png',
        reason: 'is 900.0 megapixels (30000x30000); the most accepted is 100 megapixels',
      },
    ]);
    const counts = await waitForJobs(t.services, eventId);
    expect(counts).toEqual({ queued: 0, running: 0, done: 4, failed: 1 });
    const jobs = jobsStatus.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/events/${eventId}/jobs`,
          headers: bearer(cityToken),
        })
      ).json().data,
    );
    expect(jobs.counts).toEqual(counts);
    expect(jobs.failures).toHaveLength(1);
    expect(jobs.failures[0]).toMatchObject({
      kind: 'ingest',
      subject: 'cut.jpg',
      state: 'failed',
      attempts: 1,
    });
    expect(jobs.failures[0]!.last_error).toMatch(/damaged or truncated/);

    const listing = await t.app.inject({ url: `/api/v1/client/events/${eventId}/photos` });
    const uuids = listing.json().data.photos.map((p: { uuid: string }) => p.uuid);
    expect(uuids).toHaveLength(3);
    expect(new Set(uuids)).toEqual(new Set(data.accepted.slice(0, 3).map((a) => a.uuid)));
    // Variants rendered at ingest; the incoming store is empty again.
    const variants = await storedKeys(t.blobs.variants);
    expect(variants.filter((f) => f.endsWith('.webp'))).toHaveLength(6);
    expect(await storedKeys(t.blobs.incoming)).toEqual([]);
  });

  it('refuses a 200 MB file while streaming it, without holding it in memory', async () => {
    const small = await testImage({ colour: '#123456' });
    let peak = 0;
    const base = process.memoryUsage();
    const sample = () => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.heapUsed + m.arrayBuffers - base.heapUsed - base.arrayBuffers);
    };
    const body = hugeMultipartStream(
      200 * 1024 * 1024,
      { filename: 'small.jpg', bytes: small },
      sample,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/events/${eventId}/photos`,
      headers: { ...bearer(cityToken), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(207);
    const data = uploadEnvelope.parse(res.json()).data;
    expect(data.refused).toEqual([
      { filename: 'huge.jpg', reason: 'is larger than 2 MB, the most accepted per file' },
    ]);
    expect(data.accepted.map((a) => a.filename)).toEqual(['small.jpg']);
    expect(peak).toBeLessThan(120 * 1024 * 1024);
    await waitForJobs(t.services, eventId);
  }, 120_000);

  it('refuses a request that is not multipart, or has no file', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/events/${eventId}/photos`,
      headers: bearer(cityToken),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('deleting a photo', () => {
  it('removes it from storage, variants, caches, listings and zips; its URLs 404', async () => {
    const bytes = await testImage({ colour: '#ff00ff', width: 90, height: 70 });
    const res = await upload(t.app, cityToken, eventId, [{ filename: 'gone.jpg', bytes }]);
    const { uuid } = uploadEnvelope.parse(res.json()).data.accepted[0]!;
    await waitForJobs(t.services, eventId);
    // Served once, so it is in every cache.
    expect(
      (
        await t.app.inject({
          url: `/events/photos/${uuid}?w=480`,
          headers: { accept: 'image/webp' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/events/photos/${uuid}?w=320` })).statusCode).toBe(200);
    const before = await t.app.inject({ url: `/api/v1/client/events/${eventId}/photos` });
    const total = before.json().data.total as number;

    const other = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/photos/${uuid}`,
      headers: bearer(trailToken),
    });
    expect(other.statusCode).toBe(404);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/photos/${uuid}`,
      headers: bearer(cityToken),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ uuid, deleted: true });

    for (const url of [
      `/events/photos/${uuid}?w=480`,
      `/events/photos/${uuid}?w=320`,
      `/events/photos/${uuid}?download=1`,
    ])
      expect((await t.app.inject({ url, headers: { accept: 'image/webp' } })).statusCode).toBe(404);
    const files = [
      ...(await storedKeys(t.blobs.originals)),
      ...(await storedKeys(t.blobs.variants)),
    ];
    expect(files.filter((f) => f.includes(uuid))).toEqual([]);
    const after = await t.app.inject({ url: `/api/v1/client/events/${eventId}/photos` });
    expect(after.json().data.total).toBe(total - 1);
    expect(after.json().data.photos.map((p: { uuid: string }) => p.uuid)).not.toContain(uuid);
    const zip = await t.app.inject({
      method: 'POST',
      url: `/api/v1/client/events/${eventId}/downloads`,
      payload: { photo_ids: [uuid] },
    });
    expect(zip.statusCode).toBe(400);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/photos/${uuid}`,
      headers: bearer(cityToken),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('token isolation on uploads', () => {
  it("a token uploads to its own organiser's events only", async () => {
    const res = await upload(t.app, trailToken, trailEventId, [
      { filename: 't.jpg', bytes: await testImage({ colour: '#00ffff' }) },
    ]);
    expect(res.statusCode).toBe(202);
    await waitForJobs(t.services, trailEventId);
    const jobs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/events/${trailEventId}/jobs`,
      headers: bearer(cityToken),
    });
    expect(jobs.statusCode).toBe(404);
  });
});
