import { createHash, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { MAX_ZIP_PHOTOS } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../adapters/db/schema.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { readZip } from '../test-support/zip.js';
import { minutesAfter, seedEvent, seedOrganiser, seedPhotos } from '../test-support/fixtures.js';

let t: TestApp;
let eventId: number;
let noBulkId: number;
let privateId: number;
let bigId: number;
let otherOrganiserEventId: number;
let seeded: Array<{ uuid: string }>;

const download = (id: number, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/client/events/${id}/downloads`, payload, headers });

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' }, { downloadsPerMinute: 1000 });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  const e = await seedEvent(t.services, 'city.example', {
    name: 'Spring Ten K',
    event_date: '2025-04-06',
    published: true,
  });
  eventId = e.id;
  seeded = await seedPhotos(t.services, eventId, [
    { capturedAt: minutesAfter(3) },
    { capturedAt: minutesAfter(1), format: 'png' },
    { capturedAt: minutesAfter(2), format: 'webp' },
  ]);
  noBulkId = (
    await seedEvent(t.services, 'city.example', {
      name: 'No Bulk',
      event_date: '2025-04-07',
      published: true,
      event_photos_config: { feature_flag: { bulk_download: false } },
    })
  ).id;
  privateId = (
    await seedEvent(t.services, 'city.example', {
      name: 'Private',
      event_date: '2025-04-08',
      published: true,
      event_photos_config: { feature_flag: { show_all_images: false } },
    })
  ).id;
  bigId = (
    await seedEvent(t.services, 'city.example', {
      name: 'Big',
      event_date: '2025-04-09',
      published: true,
    })
  ).id;
  otherOrganiserEventId = (
    await seedEvent(t.services, 'trail.example', {
      name: 'Trail',
      event_date: '2025-04-09',
      published: true,
    })
  ).id;
});
afterAll(() => t.close());

describe('zip downloads', () => {
  it('streams the originals byte for byte, named by capture order, with an exact Content-Length', async () => {
    const res = await download(eventId, { all: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="spring-ten-k-${eventId}-photos.zip"`,
    );
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const files = await readZip(res.rawPayload);
    const slug = `spring-ten-k-${eventId}`;
    // Byte for byte: the same sha256 as the stored originals, in capture order.
    const rows = await t.database.db.select().from(photos);
    const byChecksum = new Map(rows.map((r) => [r.checksum, r]));
    const ordered = [...rows].sort((a, b) => a.sortAt.getTime() - b.sortAt.getTime());
    const ext = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as Record<
      string,
      string
    >;
    expect(files.map((f) => f.name)).toEqual(
      ordered.map((r, i) => `${slug}-000${i + 1}.${ext[r.mimeType]}`),
    );
    expect(new Set(files.map((f) => f.name.split('.').pop()))).toEqual(
      new Set(['jpg', 'png', 'webp']),
    );
    files.forEach((f, i) => {
      const sha = createHash('sha256').update(f.bytes).digest('hex');
      expect(byChecksum.get(sha)?.uuid).toBe(ordered[i]!.uuid);
      expect(crc32(f.bytes)).toBe(ordered[i]!.crc32);
    });
  });

  it('zips a selection, and answers cross-origin with the headers the site reads', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/client/events/${eventId}/downloads`,
      headers: {
        origin: 'https://city.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    const res = await download(
      eventId,
      { photo_ids: [seeded[0]!.uuid] },
      { origin: 'https://city.example' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/Content-Length/);
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/Content-Disposition/);
    const files = await readZip(res.rawPayload);
    expect(files.map((f) => f.name)).toEqual([`spring-ten-k-${eventId}-0001.jpg`]);
  });

  it('refuses with reasons in the envelope', async () => {
    const unknown = await download(eventId, {
      photo_ids: [seeded[0]!.uuid, randomUUID(), randomUUID()],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      status: 'error',
      message: '2 of the 3 selected photos were not found in this event.',
    });
    const otherEvent = await download(otherOrganiserEventId, { photo_ids: [seeded[0]!.uuid] });
    expect(otherEvent.statusCode).toBe(400);
    expect(otherEvent.json().message).toMatch(/^1 of the 1 selected photos was not found/);
    const tooMany = await download(eventId, {
      photo_ids: Array.from({ length: MAX_ZIP_PHOTOS + 1 }, () => randomUUID()),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 5000/);
    const noBulk = await download(noBulkId, { all: true });
    expect(noBulk.statusCode).toBe(403);
    expect(noBulk.json().message).toBe(
      'Downloads of several photos are turned off for this event.',
    );
    const priv = await download(privateId, { all: true });
    expect(priv.statusCode).toBe(403);
    expect(priv.json().message).toBe(
      'This gallery is private: search for your photos by bib number or name.',
    );
    for (const bad of [
      {},
      { all: false },
      { photo_ids: [] },
      { photo_ids: ['nope'] },
      { all: true, photo_ids: [] },
    ]) {
      expect((await download(eventId, bad)).statusCode).toBe(400);
    }
    const wrongDomain = await download(eventId, { all: true }, {});
    expect(wrongDomain.statusCode).toBe(200);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/client/events/${eventId}/downloads?app_domain=trail.example`,
      payload: { all: true },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('zips 5,000 photos, streamed one file at a time', async () => {
    // Rows and blobs written directly: 5,000 tiny distinct files.
    const rows = [];
    for (let i = 0; i < MAX_ZIP_PHOTOS; i++) {
      const uuid = randomUUID();
      const bytes = Buffer.from(`\xff\xd8\xff photo ${i} ${uuid}`, 'latin1');
      const blobKey = `${bigId}/${uuid}.jpg`;
      await t.blobs.originals.put(blobKey, bytes);
      rows.push({
        uuid,
        eventId: bigId,
        width: 10,
        height: 10,
        capturedAt: minutesAfter(i),
        sortAt: minutesAfter(i),
        checksum: createHash('sha256').update(bytes).digest('hex'),
        byteSize: bytes.length,
        mimeType: 'image/jpeg',
        blobKey,
        placeholder: null,
        crc32: crc32(bytes),
      });
    }
    for (let i = 0; i < rows.length; i += 500)
      await t.database.db.insert(photos).values(rows.slice(i, i + 500));
    const res = await download(bigId, { all: true });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const files = await readZip(res.rawPayload);
    expect(files).toHaveLength(MAX_ZIP_PHOTOS);
    expect(files[0]!.name).toBe(`big-${bigId}-0001.jpg`);
    expect(files[4999]!.name).toBe(`big-${bigId}-5000.jpg`);
    expect(files[4999]!.bytes.toString('latin1')).toContain('photo 4999');
    // One more photo: `all` is refused past the limit.
    const extra = Buffer.from('\xff\xd8\xff one too many', 'latin1');
    await t.blobs.originals.put(`${bigId}/extra.jpg`, extra);
    await t.database.db.insert(photos).values({
      ...rows[0]!,
      uuid: randomUUID(),
      checksum: 'extra',
      blobKey: `${bigId}/extra.jpg`,
      byteSize: extra.length,
      crc32: crc32(extra),
    });
    const over = await download(bigId, { all: true });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/more than 5000 photos/);
  }, 120_000);

  it('rate-limits a client', async () => {
    const limited = await createTestApp({ OCR_ENABLED: 'false' }, { downloadsPerMinute: 3 });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: `/api/v1/client/events/1/downloads`,
          payload: { all: true },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
