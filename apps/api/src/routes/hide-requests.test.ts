import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  envelope,
  hideRequestAnswer,
  hideRequestStats,
  selfieSearchAnswer,
} from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, hideRequests, photos } from '../adapters/db/schema.js';
import type { NewFace } from '../repositories/faces.js';
import type { BibReader, BibReading } from '../services/bibs.js';
import type { FaceDetector } from '../services/faces.js';
import { variantKey } from '../services/photos.js';
import {
  adminToken,
  bearer,
  createEventAsAdmin,
  upload,
  waitForJobs,
} from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { noisyJpeg } from '../test-support/images.js';
import { readZip } from '../test-support/zip.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { blend } from '../test-support/faces.js';

/**
 * "Hide me everywhere": a runner's face descriptor blurs their face on the event's photos (every
 * display size, downloads, zips), drops those photos from their selfie and bib searches, and does
 * the same to a photo uploaded after the request.
 */
const runner = blend(0);
const runnerElsewhere = blend(0, 3, 0.8); // the runner on another photo: similarity 0.8
const lookalike = blend(0, 4, 0.55); // someone a little like them: 0.55, under the hide bar
const neighbour = blend(1);

type Box = { x: number; y: number; width: number; height: number };
const RUNNER_FACE: Box = { x: 100, y: 60, width: 80, height: 80 };
const NEIGHBOUR_FACE: Box = { x: 260, y: 60, width: 80, height: 80 };
const under = (f: Box): Box => ({ x: f.x, y: f.y + f.height + 30, width: f.width, height: 40 });
const faceAt = (box: Box, embedding: number[]): NewFace => ({ box, score: 0.9, embedding });

const plan: Record<string, { bibs: BibReading[]; faces: NewFace[] }> = {
  // The runner wearing 123 beside a neighbour wearing 77.
  together: {
    bibs: [
      { bib: '123', confidence: 0.95, box: under(RUNNER_FACE) },
      { bib: '77', confidence: 0.95, box: under(NEIGHBOUR_FACE) },
    ],
    faces: [faceAt(RUNNER_FACE, runner), faceAt(NEIGHBOUR_FACE, neighbour)],
  },
  // The runner alone, bib hidden.
  alone: { bibs: [], faces: [faceAt(RUNNER_FACE, runnerElsewhere)] },
  // The look-alike wearing 123 too (a misread): not the runner.
  lookalike: {
    bibs: [{ bib: '123', confidence: 0.95, box: under(RUNNER_FACE) }],
    faces: [faceAt(RUNNER_FACE, lookalike)],
  },
  // Uploaded after the request: the runner with bib 123.
  later: {
    bibs: [{ bib: '123', confidence: 0.95, box: under(RUNNER_FACE) }],
    faces: [faceAt(RUNNER_FACE, runnerElsewhere), faceAt(NEIGHBOUR_FACE, neighbour)],
  },
};
const byHash = new Map<string, { bibs: BibReading[]; faces: NewFace[] }>();
const hash = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bibReader: BibReader = { readBibs: async (image) => byHash.get(hash(image))?.bibs ?? [] };
/** While set, the `faces` job waits here (a photo between its ingest and its faces job). */
let facesGate: { open: Promise<void>; entered: boolean } | null = null;
const faceDetector: FaceDetector = {
  detectFaces: async (image) => {
    if (facesGate) {
      facesGate.entered = true;
      await facesGate.open;
    }
    return byHash.get(hash(image))?.faces ?? [];
  },
};

/** Standard deviation of the grey values inside the box: ~70 for noise, a few once blurred. */
async function sharpness(image: Buffer, box: Box): Promise<number> {
  const { data } = await sharp(image)
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mean = data.reduce((a, v) => a + v, 0) / data.length;
  return Math.sqrt(data.reduce((a, v) => a + (v - mean) ** 2, 0) / data.length);
}

let t: TestApp;
let token: string;
let eventId: number;
const photo: Record<string, string> = {};
const bytesOf: Record<string, Buffer> = {};

const hide = (payload: object, id = eventId) =>
  t.app.inject({ method: 'POST', url: `/api/v1/client/events/${id}/hide-requests`, payload });
const variant = (uuid: string, w = 480) =>
  t.app.inject({ url: `/events/photos/${uuid}?w=${w}`, headers: { accept: 'image/webp' } });
const original = (uuid: string) => t.app.inject({ url: `/events/photos/${uuid}?download=1` });
async function selfie(embedding: number[]): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
    payload: { embedding },
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(selfieSearchAnswer)
    .parse(res.json())
    .data.photos.map((p) => nameOf(p.uuid));
}
async function bibSearch(bib: string): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/v1/client/events/${eventId}/photos?bib=${bib}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.photos as Array<{ uuid: string }>).map((p) => nameOf(p.uuid)).sort();
}
const nameOf = (uuid: string) => Object.entries(photo).find(([, u]) => u === uuid)?.[0] ?? uuid;
async function stats() {
  const res = await t.app.inject({
    url: `/api/v1/admin/events/${eventId}/hide-requests`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(hideRequestStats).parse(res.json()).data;
}
async function send(names: string[], wait = true) {
  const files = [];
  for (const name of names) {
    const bytes = await noisyJpeg(Object.keys(plan).indexOf(name) + 1, 400, 300, 92);
    byHash.set(hash(bytes), plan[name]!);
    bytesOf[name] = bytes;
    files.push({ filename: `${name}.jpg`, bytes });
  }
  const res = await upload(t.app, token, eventId, files);
  expect(res.statusCode, res.body).toBe(202);
  for (const a of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[a.filename.replace('.jpg', '')] = a.uuid;
  if (wait) expect((await waitForJobs(t.services, eventId)).failed).toBe(0);
}
async function listed(): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/v1/client/events/${eventId}/photos` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.photos as Array<{ uuid: string }>).map((p) => nameOf(p.uuid)).sort();
}

beforeAll(async () => {
  t = await createTestApp(
    { FACES_ENABLED: 'true', OCR_ENABLED: 'true' },
    { bibReader, faceDetector, downloadsPerMinute: 1000 },
  );
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Hide Town',
    event_date: '2025-06-01',
    published: true,
    event_photos_config: {
      feature_flag: { selfie_search: true, bib_search: true, bulk_download: true },
    },
  });
  await send(['together', 'alone', 'lookalike']);
});
afterAll(() => t.close());

describe('hide requests', () => {
  it('refuses bad input with a message, and events without selfie search', async () => {
    const short = await hide({ embedding: [1, 0, 0] });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/1024 values/);
    const notUnit = await hide({ embedding: runner.map((v) => v * 2) });
    expect(notUnit.statusCode).toBe(400);
    expect(notUnit.json().message).toMatch(/unit length/);
    const badBib = await hide({ embedding: runner, bib: '12/3' });
    expect(badBib.statusCode).toBe(400);
    const noSelfie = await createEventAsAdmin(t.app, token, {
      name: 'No Faces',
      event_date: '2025-06-02',
      published: true,
    });
    const off = await hide({ embedding: runner }, noSelfie);
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toMatch(/selfie search, which is turned off/);
    expect((await hide({ embedding: runner }, 999_999)).statusCode).toBe(404);
    expect(await stats()).toEqual({
      requests: 0,
      hidden_faces: 0,
      hidden_photos: 0,
      held_photos: 0,
    });
  });

  it('a dry run counts the photos and changes nothing', async () => {
    const res = await hide({ embedding: runner, dry_run: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // Each photo and the face on it, most alike first, for the visitor to confirm.
    expect(envelope(hideRequestAnswer).parse(res.json()).data).toEqual({
      photos: 2,
      stored: false,
      matches: [
        { uuid: photo.together, width: 400, height: 300, box: RUNNER_FACE },
        { uuid: photo.alone, width: 400, height: 300, box: RUNNER_FACE },
      ],
    });
    expect(await stats()).toEqual({
      requests: 0,
      hidden_faces: 0,
      hidden_photos: 0,
      held_photos: 0,
    });
    expect(await selfie(runner)).toEqual(['together', 'alone', 'lookalike']);
  });

  it('blurs the face in every variant and download, and drops the photos from the runner’s searches', async () => {
    // Before: sharp everywhere, found by the runner's selfie and bib.
    const before = await variant(photo.together!);
    expect(await sharpness(before.rawPayload, RUNNER_FACE)).toBeGreaterThan(40);
    expect(await bibSearch('123')).toEqual(['lookalike', 'together']);

    const res = await hide({ embedding: runner });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ photos: 2, stored: true });

    // At once, before the redact job has run: every size is blurred on request, nothing stale.
    for (const w of [480, 1280, 640]) {
      const after = await variant(photo.together!, w);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(await sharpness(after.rawPayload, RUNNER_FACE)).toBeLessThan(12);
      // The neighbour is left as they were.
      expect(await sharpness(after.rawPayload, NEIGHBOUR_FACE)).toBeGreaterThan(40);
    }
    const hot = t.services.photos.hotVariant(photo.together!, 480, 'image/webp');
    if (hot) expect(await sharpness(hot.bytes, RUNNER_FACE)).toBeLessThan(12);

    // Searches: the runner's selfie and bib no longer find the photos; the look-alike (0.55)
    // and the neighbour are untouched.
    expect(await selfie(runner)).toEqual(['lookalike']);
    expect(await selfie(neighbour)).toEqual(['together']);
    expect(await bibSearch('123')).toEqual(['lookalike']);
    expect(await bibSearch('77')).toEqual(['together']);
    const more = await t.app.inject({
      url: `/api/v1/client/events/${eventId}/photos/more-of-bib?bib=123`,
    });
    expect(more.json().data.photos.map((p: { uuid: string }) => nameOf(p.uuid))).not.toContain(
      'alone',
    );

    await waitForJobs(t.services, eventId);
    // After the redact job: the stored copies are blurred, the unblurred ones gone.
    expect(await t.blobs.variants.has(variantKey(photo.together!, 480, 'webp'))).toBe(false);
    const stored = await t.blobs.variants.get(variantKey(photo.together!, 480, 'webp', 1));
    expect(stored).not.toBeNull();
    expect(await sharpness(stored!, RUNNER_FACE)).toBeLessThan(12);

    // The download: blurred, full size; the stored original is untouched.
    const download = await original(photo.together!);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length);
    expect(await sharp(download.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    expect(await sharpness(download.rawPayload, RUNNER_FACE)).toBeLessThan(12);
    expect(await sharpness(download.rawPayload, NEIGHBOUR_FACE)).toBeGreaterThan(40);
    const kept = await t.services.photos.original(photo.lookalike!);
    expect(kept.size).toBe(bytesOf.lookalike!.length);
    const [row] = await t.database.db.select().from(photos).where(eq(photos.uuid, photo.together!));
    expect(hash((await t.blobs.originals.get(row!.blobKey))!)).toBe(hash(bytesOf.together!));
    // A byte range of the blurred copy.
    const range = await t.app.inject({
      url: `/events/photos/${photo.together}?download=1`,
      headers: { range: 'bytes=0-99' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(download.rawPayload.subarray(0, 100))).toBe(true);

    // The zip: its announced length is its length, the entry is the blurred copy (CRC checked).
    const zip = await t.app.inject({
      method: 'POST',
      url: `/api/v1/client/events/${eventId}/downloads`,
      payload: { photo_ids: [photo.together, photo.lookalike] },
    });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    const files = (await readZip(zip.rawPayload)).map((f) => f.bytes);
    expect(files.some((f) => f.equals(download.rawPayload))).toBe(true);
    expect(files.some((f) => f.equals(bytesOf.lookalike!))).toBe(true);

    expect(await stats()).toEqual({
      requests: 1,
      hidden_faces: 2,
      hidden_photos: 2,
      held_photos: 0,
    });
  });

  it('holds a photo uploaded after the request back until its faces are checked, then hides the runner on it', async () => {
    let open = () => {};
    facesGate = { open: new Promise<void>((resolve) => (open = resolve)), entered: false };
    await send(['later'], false);
    // Ingested and its bibs read, its `faces` job waiting: not listed, not found, not served.
    for (let i = 0; ; i++) {
      const counts = await t.services.jobs.queue.counts(eventId);
      if (facesGate.entered && counts.queued === 0 && counts.running === 1) break;
      if (i > 600) throw new Error(`the faces job did not start: ${JSON.stringify(counts)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await listed()).toEqual(['alone', 'lookalike', 'together']);
    expect(await bibSearch('123')).toEqual(['lookalike']);
    const byId = await t.app.inject({
      url: `/api/v1/client/events/${eventId}/photos?ids=${photo.later}`,
    });
    expect(byId.json().data.photos).toEqual([]);
    expect((await variant(photo.later!, 1280)).statusCode).toBe(404);
    expect((await original(photo.later!)).statusCode).toBe(404);
    expect(await stats()).toMatchObject({ hidden_photos: 2, held_photos: 1 });
    open();
    facesGate = null;
    expect((await waitForJobs(t.services, eventId)).failed).toBe(0);
    // Checked: listed again, blurred where the runner is.
    expect(await listed()).toEqual(['alone', 'later', 'lookalike', 'together']);
    expect(await selfie(runner)).toEqual(['lookalike']);
    expect((await selfie(neighbour)).sort()).toEqual(['later', 'together']);
    expect(await bibSearch('123')).toEqual(['lookalike']);
    const shown = await variant(photo.later!, 1280);
    expect(await sharpness(shown.rawPayload, RUNNER_FACE)).toBeLessThan(12);
    expect(await sharpness(shown.rawPayload, NEIGHBOUR_FACE)).toBeGreaterThan(40);
    const download = await original(photo.later!);
    expect(await sharpness(download.rawPayload, RUNNER_FACE)).toBeLessThan(12);
    expect(await stats()).toEqual({
      requests: 1,
      hidden_faces: 3,
      hidden_photos: 3,
      held_photos: 0,
    });
  });

  it('keeps the hide when the event’s face data is deleted and detected again', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId}/faces`,
      headers: bearer(token),
    });
    expect(del.statusCode).toBe(200);
    expect(await sharpness((await variant(photo.alone!)).rawPayload, RUNNER_FACE)).toBeLessThan(12);
    const detect = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/events/${eventId}/faces/detect`,
      headers: bearer(token),
    });
    expect(detect.statusCode).toBe(202);
    await waitForJobs(t.services, eventId);
    expect(await selfie(runner)).toEqual(['lookalike']);
  });

  it('the organiser’s undo shows and finds the runner again, on the later photo too', async () => {
    const admin = (method: 'GET' | 'DELETE', path: string) =>
      t.app.inject({
        method,
        url: `/api/v1/admin/events/${eventId}/hide-requests/${path}`,
        headers: bearer(token),
      });
    const [request] = (await admin('GET', 'items')).json().data.items as Array<{
      id: number;
      hidden_photos: number;
    }>;
    expect(request?.hidden_photos).toBe(3);
    expect((await admin('DELETE', String(request!.id))).json().data).toEqual({ photos: 3 });
    for (const name of ['together', 'alone', 'later'])
      expect(
        await sharpness((await variant(photo[name]!)).rawPayload, RUNNER_FACE),
      ).toBeGreaterThan(40);
    expect((await selfie(runner)).sort()).toEqual(['alone', 'later', 'lookalike', 'together']);
    expect(await bibSearch('123')).toEqual(['later', 'lookalike', 'together']);
    expect(await stats()).toEqual({
      requests: 0,
      hidden_faces: 0,
      hidden_photos: 0,
      held_photos: 0,
    });
  });

  it('goes with the event', async () => {
    await t.database.db.delete(events).where(eq(events.id, eventId));
    expect(await t.database.db.$count(hideRequests, eq(hideRequests.eventId, eventId))).toBe(0);
  });
});
