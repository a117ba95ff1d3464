// An event's watermark through the admin API and the photo server: drawn on display variants and
// not on originals, on downloads and zips only when asked, a change making new variants (new
// ETags) at once and the stored ones again in a background job, bad settings refused.
import { createHash } from 'node:crypto';
import { envelope, eventWatermark } from '@eventsite/contract';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  bearer,
  createEventAsAdmin,
  upload,
  waitForJobs,
} from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';
import { cornerLight } from '../test-support/pixels.js';
import { eq, sql } from 'drizzle-orm';
import { hiddenFaces, photos } from '../adapters/db/schema.js';
import { markedDownloadKey, markedPrefix, variantKey } from '../services/photo-files.js';

let t: TestApp;
let token: string;
let otherToken: string;
let eventId: number;
let uuids: string[];

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const put = (payload: unknown, id = eventId, auth = token) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/events/${id}/watermark`,
    headers: bearer(auth),
    payload: payload as object,
  });

const saved = (res: { json(): unknown }) => envelope(eventWatermark).parse(res.json()).data;

const variant = (uuid: string, w = 480) =>
  t.app.inject({ url: `/events/photos/${uuid}?w=${w}`, headers: { accept: 'image/webp' } });

const original = (uuid: string) => t.app.inject({ url: `/events/photos/${uuid}?download=1` });

/** The stored original's bytes, as the blob store has them (the ingest names it so). */
async function storedOriginal(uuid: string): Promise<Buffer> {
  const bytes = await t.blobs.originals.get(`${eventId}/${uuid}.jpg`);
  if (!bytes) throw new Error(`no original of ${uuid}`);
  return bytes;
}

function zipEntries(buffer: Buffer): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const files: Buffer[] = [];
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.push(Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

let before: { etag: string; bytes: Buffer };
let originalHashes: string[];

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' }, { downloadsPerMinute: 1000 });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  token = await adminToken(t.services, 'city.example');
  otherToken = await adminToken(t.services, 'trail.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Harbour Ten K',
    event_date: '2025-04-06',
    published: true,
  });
  // Dark photos, uploaded: the ingest job renders their grid widths, as for any upload.
  const files = await Promise.all(
    ['#202840', '#302020', '#203020'].map(async (colour, i) => ({
      filename: `p${i}.jpg`,
      bytes: await testImage({ width: 1200, height: 800, colour }),
      contentType: 'image/jpeg',
    })),
  );
  const res = await upload(t.app, token, eventId, files);
  expect(res.statusCode, res.body).toBe(202);
  uuids = res.json().data.accepted.map((a: { uuid: string }) => a.uuid);
  await waitForJobs(t.services, eventId);
  const first = await variant(uuids[0]!);
  before = { etag: String(first.headers.etag), bytes: first.rawPayload };
  originalHashes = await Promise.all(uuids.map(async (u) => sha(await storedOriginal(u))));
}, 120_000);
afterAll(() => t.close());

describe('an event’s watermark', () => {
  it('is off until set, and answers its defaults', async () => {
    const res = await t.app.inject({
      url: `/api/v1/admin/events/${eventId}/watermark`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(saved(res)).toMatchObject({ enabled: false, version: 0, rerendering: false });
    expect((await cornerLight(before.bytes, 'bottom-right')).max).toBeLessThan(90);
  });

  it('is drawn on display variants (new ETag), not on the originals, which stay as stored', async () => {
    const res = await put({
      enabled: true,
      kind: 'text',
      text: '© City Runs',
      position: 'bottom-right',
      opacity: 1,
      size: 0.4,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(saved(res)).toMatchObject({ enabled: true, version: 1, on_downloads: false });
    const marked = await variant(uuids[0]!);
    expect(marked.statusCode).toBe(200);
    expect(marked.headers.etag).not.toBe(before.etag);
    expect(marked.headers.etag).toMatch(/-m1"$/);
    const corner = await cornerLight(marked.rawPayload, 'bottom-right');
    const plain = await cornerLight(before.bytes, 'bottom-right');
    expect([corner.width, corner.height]).toEqual([480, 320]);
    expect(corner.max).toBeGreaterThan(200);
    expect(corner.mean).toBeGreaterThan(plain.mean + 5);
    // Elsewhere the variant is the photo as before.
    const away = await cornerLight(marked.rawPayload, 'top-left');
    expect(Math.abs(away.mean - (await cornerLight(before.bytes, 'top-left')).mean)).toBeLessThan(
      3,
    );
    // Every width and format is marked; the old ETag names the unmarked bytes no longer.
    const jpeg = await t.app.inject({
      url: `/events/photos/${uuids[1]}?w=1600`,
      headers: { accept: 'image/jpeg' },
    });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await cornerLight(jpeg.rawPayload, 'bottom-right')).max).toBeGreaterThan(200);
    // The original: the stored bytes, unchanged.
    for (const [i, uuid] of uuids.entries()) {
      const download = await original(uuid);
      expect(download.statusCode).toBe(200);
      expect(sha(download.rawPayload)).toBe(originalHashes[i]);
      expect(sha(await storedOriginal(uuid))).toBe(originalHashes[i]);
    }
  });

  it('is served again from memory on the hot path, with the same ETag', async () => {
    const first = await variant(uuids[2]!);
    const again = await variant(uuids[2]!);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(sha(again.rawPayload)).toBe(sha(first.rawPayload));
    const notModified = await t.app.inject({
      url: `/events/photos/${uuids[2]}?w=480`,
      headers: { accept: 'image/webp', 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('makes the stored variants again in a background job, the old ones removed', async () => {
    await waitForJobs(t.services, eventId);
    const settings = await t.app.inject({
      url: `/api/v1/admin/events/${eventId}/watermark`,
      headers: bearer(token),
    });
    expect(saved(settings).rerendering).toBe(false);
    for (const uuid of uuids)
      for (const width of [480, 1280]) {
        const stored = await t.blobs.variants.get(variantKey(uuid, width, 'webp', 0, 1));
        expect(stored, `${uuid} ${width}`).not.toBeNull();
        expect((await cornerLight(stored!, 'bottom-right')).max).toBeGreaterThan(200);
      }
    const jobs = await t.services.jobs.queue.counts(eventId);
    expect(jobs.failed).toBe(0);
  });

  it('changed, makes new variants at once (the gallery never waits for the job)', async () => {
    const renders = t.services.photos.renders;
    const res = await put({ position: 'top-left' });
    expect(saved(res)).toMatchObject({ version: 2, rerendering: true, position: 'top-left' });
    const moved = await variant(uuids[0]!);
    expect(moved.headers.etag).toMatch(/-m2"$/);
    expect(t.services.photos.renders).toBe(renders + 1);
    expect((await cornerLight(moved.rawPayload, 'top-left')).max).toBeGreaterThan(200);
    expect((await cornerLight(moved.rawPayload, 'bottom-right')).max).toBeLessThan(90);
    await waitForJobs(t.services, eventId);
    for (const uuid of uuids) {
      expect(await t.blobs.variants.has(variantKey(uuid, 480, 'webp', 0, 2))).toBe(true);
      expect(await t.blobs.variants.has(variantKey(uuid, 480, 'webp', 0, 1))).toBe(false);
      expect(await t.blobs.variants.has(`${markedPrefix(uuid, 1)}/1280.v1.webp`)).toBe(false);
    }
  });

  it('names its version in the event config; photo URLs of that version are kept for good, others a minute', async () => {
    const config = await t.app.inject({ url: `/api/v1/client/events/${eventId}/config` });
    expect(config.statusCode).toBe(200);
    expect(config.json().data.event_details.photo_version).toBe(2);
    const cacheOf = async (query: string) => {
      const res = await t.app.inject({
        url: `/events/photos/${uuids[0]}?w=480${query}`,
        headers: { accept: 'image/webp' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers.etag).toMatch(/-m2"$/);
      return res.headers['cache-control'];
    };
    expect(await cacheOf('&v=2')).toBe('public, max-age=31536000, immutable');
    // Without a version (a site that does not know them) or with an old one: the current mark,
    // which a cache must not keep for good under that URL.
    expect(await cacheOf('')).toBe('public, max-age=60');
    expect(await cacheOf('&v=1')).toBe('public, max-age=60');
    expect(await cacheOf('&v=9')).toBe('public, max-age=60');
    const bad = await t.app.inject({ url: `/events/photos/${uuids[0]}?w=480&v=two` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/v must be a photo version/);
  });

  it('with on_downloads, marks single downloads and zips; the stored originals never change', async () => {
    const res = await put({ on_downloads: true, position: 'bottom-right' });
    expect(saved(res)).toMatchObject({ on_downloads: true, version: 3 });
    // The background job makes each photo's marked download copy before anyone asks for one,
    // so that a zip of them starts at once.
    await waitForJobs(t.services, eventId);
    for (const uuid of uuids)
      expect(await t.blobs.variants.has(markedDownloadKey(uuid, 3, 0, 'jpg')), uuid).toBe(true);
    const download = await original(uuids[0]!);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/attachment/);
    expect(sha(download.rawPayload)).not.toBe(originalHashes[0]);
    const light = await cornerLight(download.rawPayload, 'bottom-right');
    expect([light.width, light.height]).toEqual([1200, 800]);
    expect(light.max).toBeGreaterThan(200);
    expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length);
    const zip = await t.app.inject({
      method: 'POST',
      url: `/api/v1/client/events/${eventId}/downloads`,
      payload: { photo_ids: uuids },
    });
    expect(zip.statusCode).toBe(200);
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    const entries = await zipEntries(zip.rawPayload);
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      expect(originalHashes).not.toContain(sha(entry));
      expect((await cornerLight(entry, 'bottom-right')).max).toBeGreaterThan(200);
    }
    for (const [i, uuid] of uuids.entries())
      expect(sha(await storedOriginal(uuid))).toBe(originalHashes[i]);
  });

  it('turning on_downloads off gives back the original (no new version)', async () => {
    const res = await put({ on_downloads: false });
    expect(saved(res)).toMatchObject({ on_downloads: false, version: 3 });
    expect(sha((await original(uuids[1]!)).rawPayload)).toBe(originalHashes[1]);
  });

  it('turned on again (no new version), makes the missing download copies in the background', async () => {
    const key = markedDownloadKey(uuids[2]!, 3, 0, 'jpg');
    await t.blobs.variants.delete(key);
    const res = await put({ on_downloads: true });
    expect(saved(res)).toMatchObject({ on_downloads: true, version: 3 });
    await waitForJobs(t.services, eventId);
    expect(await t.blobs.variants.has(key)).toBe(true);
    expect((await t.services.jobs.queue.counts(eventId)).failed).toBe(0);
    expect(saved(await put({ on_downloads: false }))).toMatchObject({ version: 3 });
  });

  it('turned off, serves unmarked variants again and removes the marked copies', async () => {
    const res = await put({ enabled: false });
    expect(saved(res)).toMatchObject({ enabled: false, version: 4 });
    const plain = await variant(uuids[0]!);
    expect(plain.headers.etag).toBe(before.etag);
    // Nothing drawn: the plain URL is the photo's again, kept for good.
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const config = await t.app.inject({ url: `/api/v1/client/events/${eventId}/config` });
    expect(config.json().data.event_details.photo_version).toBe(0);
    expect((await cornerLight(plain.rawPayload, 'bottom-right')).max).toBeLessThan(90);
    await waitForJobs(t.services, eventId);
    for (const uuid of uuids)
      expect(await t.blobs.variants.has(variantKey(uuid, 480, 'webp', 0, 3))).toBe(false);
  });

  it('draws an uploaded image (PNG with transparency); SVG and non-images are refused', async () => {
    const logo = await sharp({
      create: {
        width: 400,
        height: 200,
        channels: 4,
        background: { r: 255, g: 255, b: 255, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
    const send = (payload: Buffer | string, type = 'image/png') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/events/${eventId}/watermark/image`,
        headers: { ...bearer(token), 'content-type': type },
        payload,
      });
    expect(
      (await send('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml')).statusCode,
    ).toBe(415);
    expect((await send(Buffer.from('not an image at all'))).statusCode).toBe(415);
    expect((await send(Buffer.alloc(0))).statusCode).toBe(400);
    const stored = await send(logo);
    expect(stored.statusCode, stored.body).toBe(200);
    const mark = saved(stored);
    expect(mark.kind).toBe('image');
    expect(mark.image_url).toMatch(new RegExp(`/assets/watermarks/${eventId}/[a-f0-9]{16}\\.png$`));
    const served = await t.app.inject({ url: new URL(mark.image_url).pathname });
    expect(served.headers['content-type']).toBe('image/png');
    const on = await put({ enabled: true, position: 'center', opacity: 1, size: 0.3 });
    expect(saved(on).version).toBeGreaterThan(mark.version);
    const drawn = await variant(uuids[2]!);
    expect((await cornerLight(drawn.rawPayload, 'center', 0.1)).mean).toBeGreaterThan(230);
    // Removing the image turns an image mark off.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId}/watermark/image`,
      headers: bearer(token),
    });
    expect(saved(removed)).toMatchObject({ enabled: false, image_url: '' });
  });

  it('marks the photos uploaded later at ingest, and a photo with a hidden face blurred then marked', async () => {
    const on = saved(
      await put({
        enabled: true,
        kind: 'text',
        text: 'Later',
        position: 'bottom-right',
        opacity: 1,
        size: 0.4,
      }),
    );
    const res = await upload(t.app, token, eventId, [
      {
        filename: 'late.jpg',
        bytes: await testImage({ width: 1200, height: 800, colour: '#202020' }),
        contentType: 'image/jpeg',
      },
    ]);
    const late = res.json().data.accepted[0].uuid as string;
    await waitForJobs(t.services, eventId);
    const stored = await t.blobs.variants.get(variantKey(late, 480, 'webp', 0, on.version));
    expect(stored).not.toBeNull();
    expect((await cornerLight(stored!, 'bottom-right')).max).toBeGreaterThan(200);
    // A face hidden on request ("Hide me everywhere"): the redact job makes the stored widths
    // blurred and marked with the current version.
    const uuid = uuids[1]!;
    await t.database.db
      .insert(hiddenFaces)
      .values({ photoUuid: uuid, eventId, boxX: 100, boxY: 100, boxW: 200, boxH: 200 });
    await t.database.db
      .update(photos)
      .set({ redaction: sql`${photos.redaction} + 1` })
      .where(eq(photos.uuid, uuid));
    t.services.photos.forgetPhoto(uuid);
    expect(await t.services.photos.redact(uuid)).toEqual({ redaction: 1 });
    const blurred = await t.blobs.variants.get(variantKey(uuid, 480, 'webp', 1, on.version));
    expect(blurred).not.toBeNull();
    expect((await cornerLight(blurred!, 'bottom-right')).max).toBeGreaterThan(200);
    const served = await variant(uuid);
    expect(served.headers.etag).toMatch(new RegExp(`-h1-m${on.version}"$`));
    await put({ enabled: false });
    await waitForJobs(t.services, eventId);
  });

  it('refuses what cannot be drawn, and another organiser’s event is 404', async () => {
    const refused = async (payload: unknown, pattern: RegExp) => {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(pattern);
    };
    await refused({ enabled: true, kind: 'text', text: '   ' }, /text/i);
    await refused({ enabled: true, kind: 'image' }, /image/i);
    await refused({ opacity: 3 }, /opacity/i);
    await refused({ size: 0.01 }, /size/i);
    await refused({ position: 'middle' }, /position/i);
    await refused({ colour: 'red' }, /colour|unrecognized/i);
    await refused({ text: 'x'.repeat(61) }, /60/);
    expect((await put({ enabled: false }, eventId, otherToken)).statusCode).toBe(404);
    expect((await put({ enabled: false }, 999_999)).statusCode).toBe(404);
  });
});
