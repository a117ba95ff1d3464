import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { localBlobStores } from '../adapters/blobs.js';
import { events, photos } from '../adapters/db/schema.js';
import { loadConfig } from '../config.js';
import { adminToken, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createTestDatabase } from '../test-support/database.js';
import { minutesAfter, seedEvent, seedOrganiser, seedPhotos } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

let t: TestApp;
let eventId: number;
let privateId: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  token = await adminToken(t.services, 'city.example');
  eventId = (
    await seedEvent(t.services, 'city.example', {
      name: 'Busy',
      event_date: '2025-04-06',
      published: true,
    })
  ).id;
  privateId = (
    await seedEvent(t.services, 'city.example', {
      name: 'Hidden',
      event_date: '2025-04-07',
      published: true,
      event_photos_config: { feature_flag: { show_all_images: false } },
    })
  ).id;
  await seedPhotos(t.services, privateId, [{ colour: '#aa1100' }, { colour: '#11aa00' }]);
}, 120_000);
afterAll(() => t.close());

describe('listing while photos are uploaded', () => {
  it('pages without duplicates or skips among the photos present at the start', async () => {
    const initial = await seedPhotos(
      t.services,
      eventId,
      Array.from({ length: 40 }, (_, i) => ({
        capturedAt: minutesAfter(i * 2),
        colour: `hsl(${i * 9}, 50%, 50%)`,
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const url: string = `/api/v1/client/events/${eventId}/photos?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as {
        photos: Array<{ uuid: string }>;
        next_cursor: string | null;
      };
      seen.push(...data.photos.map((p) => p.uuid));
      cursor = data.next_cursor;
      // Between pages, new photos arrive: captured before, between and after those listed.
      const up = await upload(t.app, token, eventId, [
        {
          filename: `early-${round}.jpg`,
          bytes: await testImage({
            capturedAt: minutesAfter(-10 - round),
            colour: `hsl(${round * 31}, 80%, 40%)`,
          }),
        },
        {
          filename: `mid-${round}.jpg`,
          bytes: await testImage({
            capturedAt: minutesAfter(round * 6 + 1),
            colour: `hsl(${round * 31}, 20%, 60%)`,
          }),
        },
        {
          filename: `late-${round}.jpg`,
          bytes: await testImage({
            capturedAt: minutesAfter(500 + round),
            colour: `hsl(${round * 31}, 90%, 70%)`,
          }),
        },
      ]);
      expect(up.statusCode).toBe(202);
      await waitForJobs(t.services, eventId);
      round++;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const photo of initial) expect(seen).toContain(photo.uuid);
  }, 120_000);
});

describe('privacy mode (show_all_images false)', () => {
  it('refuses the unfiltered listing, still serves the config, and hides photos from summaries', async () => {
    const res = await t.app.inject({ url: `/api/v1/client/events/${privateId}/photos` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'This gallery is private: search for your photos by bib number or name.',
      code: 403,
      data: null,
    });
    const config = await t.app.inject({ url: `/api/v1/client/events/${privateId}/config` });
    expect(config.statusCode).toBe(200);
    expect(config.json().data.event_photos_config.feature_flag.show_all_images).toBe(false);
    for (const url of [
      '/api/v1/client/events/organiser/data?app_domain=city.example',
      '/api/v1/client/events/organiser/all-events?app_domain=city.example',
    ]) {
      const body = (await t.app.inject({ url })).json().data;
      const events = (body.events ?? body.recent_events ?? []) as Array<{
        event_id: number;
        event_photos: string[];
      }>;
      const hidden = events.find((e) => e.event_id === privateId);
      expect(hidden).toBeDefined();
      expect(hidden!.event_photos).toEqual([]);
      expect(events.find((e) => e.event_id === eventId)!.event_photos.length).toBeGreaterThan(0);
    }
  });
});

describe('app_domain on event endpoints', () => {
  it("answers 404 for an event of another organiser's domain, and as before without it", async () => {
    for (const path of ['config', 'photos']) {
      expect(
        (await t.app.inject({ url: `/api/v1/client/events/${eventId}/${path}` })).statusCode,
      ).toBe(200);
      expect(
        (
          await t.app.inject({
            url: `/api/v1/client/events/${eventId}/${path}?app_domain=city.example`,
          })
        ).statusCode,
      ).toBe(200);
      const other = await t.app.inject({
        url: `/api/v1/client/events/${eventId}/${path}?app_domain=trail.example`,
      });
      expect(other.statusCode).toBe(404);
      const unknown = await t.app.inject({
        url: `/api/v1/client/events/${eventId}/${path}?app_domain=nobody.example`,
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.app.inject({
        url: `/api/v1/client/events/${eventId}/${path}?app_domain=not a domain`,
      });
      expect(bad.statusCode).toBe(400);
    }
  });
});

describe('a restart in the middle of an import', () => {
  it('finishes the jobs on the same database without duplicating a photo', async () => {
    const database = await createTestDatabase();
    const dataDir = t.dataDir + '-restart';
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      OCR_ENABLED: 'false',
      JOB_CONCURRENCY: '1',
    });
    const blobs = localBlobStores(dataDir);
    try {
      // First life: files accepted and queued, no worker yet.
      const first = await buildApp({ config, database, blobs, logger: false, worker: false });
      await first.ready();
      await seedOrganiser(first.services, { name: 'City Runs', domains: ['city.example'] });
      const tok = await adminToken(first.services, 'city.example');
      const ev = await seedEvent(first.services, 'city.example', {
        name: 'Restart',
        event_date: '2025-01-01',
        published: true,
      });
      const files = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => ({
          filename: `r${i}.jpg`,
          bytes: await testImage({ colour: `hsl(${i * 50}, 60%, 50%)` }),
        })),
      );
      expect((await upload(first, tok, ev.id, files)).statusCode).toBe(202);
      // Two jobs done, one cut off while running (claimed, never finished): the process dies.
      for (let i = 0; i < 2; i++) {
        const job = await first.services.jobs.queue.claim();
        await first.services.jobHandlers.ingest(job!.payload as never, {
          jobId: job!.id,
          attempt: 1,
        });
        await first.services.jobs.queue.complete(job!.id, {});
      }
      const cut = await first.services.jobs.queue.claim();
      // It even made its photo before dying, without reporting it.
      await first.services.jobHandlers.ingest(cut!.payload as never, {
        jobId: cut!.id,
        attempt: 1,
      });
      await first.close();

      // Second life on the same database: the running job is taken back, all finish.
      const second = await buildApp({
        config,
        database,
        blobs,
        logger: false,
        jobLeaseMs: 0,
        jobIdleMs: 50,
      });
      await second.ready();
      const counts = await waitForJobs(second.services, ev.id);
      expect(counts).toEqual({ queued: 0, running: 0, done: 6, failed: 0 });
      const rows = await database.db.select().from(photos);
      expect(rows).toHaveLength(6);
      expect(new Set(rows.map((r) => r.checksum)).size).toBe(6);
      const sums = files.map((f) => createHash('sha256').update(f.bytes).digest('hex')).sort();
      expect(rows.map((r) => r.checksum).sort()).toEqual(sums);
      await second.close();
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('an event deleted while one of its photos is being made', () => {
  it('ends the ingest job as skipped and keeps no file of it', async () => {
    const gone = await seedEvent(t.services, 'city.example', {
      name: 'Gone',
      event_date: '2025-05-01',
    });
    const incomingKey = `${gone.id}/upload-gone`;
    await t.blobs.incoming.put(incomingKey, await testImage({ colour: '#334455' }));
    // Deleting an event deletes its jobs: a job already running is the one left to meet it.
    await t.database.db.delete(events).where(eq(events.id, gone.id));
    const uuid = randomUUID();
    const outcome = await t.services.jobHandlers.ingest(
      { eventId: gone.id, uuid, incomingKey, filename: 'gone.jpg' } as never,
      { jobId: 0, attempt: 1 },
    );
    expect(outcome).toEqual({ skipped: 'the event was deleted' });
    expect(await t.blobs.incoming.has(incomingKey)).toBe(false);
    expect(await t.blobs.originals.has(`${gone.id}/${uuid}.jpg`)).toBe(false);
    expect(await t.database.db.select().from(photos).where(eq(photos.uuid, uuid))).toEqual([]);
  });
});
