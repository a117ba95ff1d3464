import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { scaledTestStack, storedKeys } from '../test-support/stack.js';

// What one request, one organiser and one image may cost, and what the start-up sweep removes.

/** A JPEG of noise: its size in bytes grows with its pixels (about 20 KB here). */
const noisy = (width: number, height: number, seed: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: seed % 255, g: 90, b: 40 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

async function newEvent(t: TestApp, token: string, name = 'Run'): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: { name, event_date: '2025-06-01', published: true },
  });
  return res.json().data.id;
}

describe('limits of one upload request', () => {
  let t: TestApp;
  let token: string;
  let eventId: number;
  let files: Buffer[];
  beforeAll(async () => {
    files = await Promise.all([1, 2, 3].map((i) => noisy(160, 120, i)));
    const budget = files[0]!.length + files[1]!.length + 100;
    t = await createTestApp({
      MAX_UPLOAD_REQUEST_BYTES: String(budget),
      MAX_UPLOAD_FILES: '4',
      MAX_IMAGE_PIXELS: '1000000',
      OCR_ENABLED: 'false',
    });
    await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
    token = await adminToken(t.services, 'city.example');
    eventId = await newEvent(t, token);
  }, 120_000);
  afterAll(() => t.close());

  it('files past MAX_UPLOAD_REQUEST_BYTES are refused, and not stored', async () => {
    const res = await upload(t.app, token, eventId, [
      { filename: 'a.jpg', bytes: files[0]! },
      { filename: 'b.jpg', bytes: files[1]! },
      { filename: 'c.jpg', bytes: files[2]! },
      { filename: 'd.jpg', bytes: files[2]! },
    ]);
    expect(res.statusCode, res.body).toBe(207);
    const data = res.json().data;
    expect(data.accepted.map((a: { filename: string }) => a.filename)).toEqual(['a.jpg', 'b.jpg']);
    expect(data.refused).toEqual([
      { filename: 'c.jpg', reason: expect.stringMatching(/one request may carry/) },
      { filename: 'd.jpg', reason: expect.stringMatching(/one request may carry/) },
    ]);
    const stored = await storedKeys(t.blobs.incoming);
    expect(stored.length).toBeLessThanOrEqual(2);
    await waitForJobs(t.services, eventId);
  });

  it('more files than MAX_UPLOAD_FILES in one request is refused (4xx), never a 5xx', async () => {
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const res = await upload(
      t.app,
      token,
      eventId,
      Array.from({ length: 6 }, (_, i) => ({ filename: `${i}.jpg`, bytes: small })),
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('an image over MAX_IMAGE_PIXELS is refused from its header, one at the cap accepted', async () => {
    const over = await sharp({
      create: { width: 1001, height: 1000, channels: 3, background: '#456' },
    })
      .jpeg()
      .toBuffer();
    const at = await sharp({
      create: { width: 1000, height: 1000, channels: 3, background: '#456' },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(t.app, token, eventId, [
      { filename: 'over.jpg', bytes: over },
      { filename: 'at.jpg', bytes: at },
    ]);
    expect(res.statusCode, res.body).toBe(207);
    expect(res.json().data.refused).toEqual([
      {
        filename: 'over.jpg',
        reason: 'is 1.0 megapixels (1001x1000); the most accepted is 1 megapixels',
      },
    ]);
    expect(res.json().data.accepted.map((a: { filename: string }) => a.filename)).toEqual([
      'at.jpg',
    ]);
    await waitForJobs(t.services, eventId);
  });
});

describe('the organiser quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORGANISER_QUOTA_BYTES: '60000', OCR_ENABLED: 'false' });
    await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
    await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  }, 120_000);
  afterAll(() => t.close());

  it('counts the originals an organiser keeps; past it files are refused; other organisers are not held back', async () => {
    const city = await adminToken(t.services, 'city.example');
    const trail = await adminToken(t.services, 'trail.example');
    const cityEvent = await newEvent(t, city, 'City');
    const trailEvent = await newEvent(t, trail, 'Trail');
    const photos = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => noisy(200, 150, i)));
    let accepted = 0;
    for (const [i, bytes] of photos.entries()) {
      const res = await upload(t.app, city, cityEvent, [{ filename: `${i}.jpg`, bytes }]);
      expect(res.statusCode).toBeLessThan(500);
      accepted += res.json().data.accepted.length;
      await waitForJobs(t.services, cityEvent);
      if (res.statusCode === 207) {
        expect(res.json().data.refused[0].reason).toMatch(/storage quota/);
        break;
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(photos.length);
    const kept = await t.services.photos['photos'].bytesOfOrganiser(1);
    expect(kept).toBeLessThanOrEqual(60000);
    const other = await upload(t.app, trail, trailEvent, [
      { filename: 'x.jpg', bytes: photos[0]! },
    ]);
    expect(other.statusCode, other.body).toBe(202);
    await waitForJobs(t.services, trailEvent);
  });
});

describe('the start-up sweep', () => {
  it('removes what a crash left behind, keeps every file a photo or a waiting job names', async () => {
    // An S3 object's age cannot be set back: there, every leftover is old enough (no minimum age).
    const scaled = scaledTestStack();
    const t = await createTestApp({
      OCR_ENABLED: 'false',
      JOB_CONCURRENCY: '0',
      ...(scaled ? { SWEEP_MIN_AGE_MINUTES: '0' } : {}),
    });
    try {
      await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
      const token = await adminToken(t.services, 'city.example');
      const eventId = await newEvent(t, token);
      // A photo made, and an upload whose ingest job still waits (no worker in this app).
      await t.services.imports.importAll(eventId, [
        { name: 'kept.jpg', read: () => noisy(64, 48, 7) },
      ]);
      const waiting = await upload(t.app, token, eventId, [
        { filename: 'waiting.jpg', bytes: await noisy(64, 48, 8) },
      ]);
      expect(waiting.statusCode).toBe(202);
      const kept = {
        originals: await storedKeys(t.blobs.originals),
        incoming: await storedKeys(t.blobs.incoming),
      };
      expect(kept.originals).toHaveLength(1);
      expect(kept.incoming).toHaveLength(1);
      // Leftovers: an upload whose job was never queued, an original without a row, variants
      // of a deleted photo, writes cut off by a crash (the local folder's temporary files: S3
      // never shows an unfinished upload), and an old finished job row.
      const junk = [
        ['incoming', 'incoming', `${eventId}/00000000-0000-4000-8000-00000000dead`],
        ['originals', 'photos', `${eventId}/00000000-0000-4000-8000-00000000beef.jpg`],
        ['variants', 'variants', '00000000-0000-4000-8000-00000000f00d/480.v1.webp'],
      ] as const;
      const old = new Date(Date.now() - 60 * 60 * 1000);
      for (const [store, folder, key] of junk) {
        await t.blobs[store].put(key, Buffer.from('leftover'));
        if (!scaled) await utimes(path.join(t.dataDir, folder, key), old, old);
      }
      if (!scaled)
        for (const file of [
          `photos/${eventId}/.x.jpg.abc123.tmp`,
          `incoming/${eventId}/.y.def456.tmp`,
        ]) {
          await writeFile(path.join(t.dataDir, file), 'leftover');
          await utimes(path.join(t.dataDir, file), old, old);
        }
      await t.database.db.execute(
        `insert into jobs (kind, payload, state, idempotency_key, updated_at)
         values ('bibs', '{}'::jsonb, 'done', 'old-done', now() - interval '30 days'),
                ('bibs', '{}'::jsonb, 'done', 'new-done', now())` as never,
      );
      // The API starting again on this data folder and database.
      const again = await buildApp({
        config: t.config,
        database: t.database,
        blobs: t.blobs,
        logger: false,
        worker: false,
      });
      await again.ready();
      await again.close();
      expect(await storedKeys(t.blobs.originals)).toEqual(kept.originals);
      expect(await storedKeys(t.blobs.incoming)).toEqual(kept.incoming);
      expect(await storedKeys(t.blobs.variants)).not.toContain(
        '00000000-0000-4000-8000-00000000f00d/480.v1.webp',
      );
      const keys = (
        (await t.database.db.execute(
          `select idempotency_key from jobs where kind = 'bibs'` as never,
        )) as unknown as {
          rows: Array<{ idempotency_key: string }>;
        }
      ).rows.map((r) => r.idempotency_key);
      expect(keys).toEqual(['new-done']);
    } finally {
      await t.close();
    }
  });
});

describe('unfinished resumable uploads and the quota', () => {
  let t: TestApp;
  let token: string;
  let eventId: number;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ ORGANISER_QUOTA_BYTES: '3000000', OCR_ENABLED: 'false' });
    await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
    token = await adminToken(t.services, 'city.example');
    eventId = await newEvent(t, token);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 120_000);
  afterAll(() => t.close());

  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const park = (length: number, name: string) =>
    fetch(`${base}/api/v1/admin/uploads`, {
      method: 'POST',
      headers: {
        ...bearer(token),
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': `event_id ${b64(String(eventId))},filename ${b64(name)}`,
      },
    });

  it('count by their whole length: a photographer cannot park past the quota', async () => {
    const first = await park(1_200_000, 'a.jpg');
    expect(first.status).toBe(201);
    expect((await park(1_200_000, 'b.jpg')).status).toBe(201);
    const third = await park(1_200_000, 'c.jpg');
    expect(third.status).toBe(413);
    expect(((await third.json()) as { message: string }).message).toMatch(
      /does not fit in the organiser's storage quota of 2\.9 MB: 0 MB of photos are kept and 2\.3 MB of unfinished uploads wait/,
    );
    // Cancelling one (tus termination) makes its room again.
    const cancelled = await fetch(`${base}${first.headers.get('location')}`, {
      method: 'DELETE',
      headers: { ...bearer(token), 'tus-resumable': '1.0.0' },
    });
    expect(cancelled.status).toBe(204);
    expect((await park(1_200_000, 'c.jpg')).status).toBe(201);
  });
});
