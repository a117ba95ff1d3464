import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BlobStore } from '../adapters/blobs.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedPhotos, seedPublishedEvent } from '../test-support/fixtures.js';

/**
 * Photos are served from the blob store as streams (the local folder here on api-pglite, S3 on
 * api-postgres's scaled stack): a large original never passes through memory whole, and byte
 * ranges of originals are answered.
 */
const LARGE = 48 * 1024 * 1024;

let t: TestApp;
let base: string;
let large: { uuid: string; bytes: Buffer };
let small: string;

/** Counts the bytes each stream of `store.read` hands on, and the calls of `read` and `get`. */
function watch(store: BlobStore) {
  const seen = { reads: 0, gets: 0, pulled: 0 };
  const read = store.read.bind(store);
  const get = store.get.bind(store);
  vi.spyOn(store, 'read').mockImplementation(async (key, range) => {
    seen.reads += 1;
    const found = await read(key, range);
    if (!found) return found;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen.pulled += chunk.length;
        callback(null, chunk);
      },
    });
    found.stream.on('error', (error) => counter.destroy(error));
    return { size: found.size, stream: found.stream.pipe(counter) };
  });
  vi.spyOn(store, 'get').mockImplementation(async (key, size) => {
    seen.gets += 1;
    return get(key, size);
  });
  return seen;
}

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' });
  const eventId = await seedPublishedEvent(t.services);
  const [one, two] = await seedPhotos(t.services, eventId, [{}, {}]);
  small = two!.uuid;
  // The first photo's original becomes a large file (its bytes need not be an image to be sent).
  large = { uuid: one!.uuid, bytes: randomBytes(LARGE) };
  const [row] = (
    (await t.database.db.execute(
      sql`select blob_key from photos where uuid = ${large.uuid}`,
    )) as unknown as { rows: Array<{ blob_key: string }> }
  ).rows;
  await t.blobs.originals.put(row!.blob_key, large.bytes);
  await t.database.db.execute(
    sql`update photos set byte_size = ${LARGE} where uuid = ${large.uuid}`,
  );
  // The second's variants as the ingest job leaves them: the grid's widths rendered and stored.
  const [smallRow] = (
    (await t.database.db.execute(
      sql`select blob_key from photos where uuid = ${small}`,
    )) as unknown as { rows: Array<{ blob_key: string }> }
  ).rows;
  await t.services.photos.prerender(
    small,
    (await t.blobs.originals.get(smallRow!.blob_key))!,
    eventId,
  );
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
}, 60_000);

const settle = async (value: () => number) => {
  // The stream stops pulling once the paused client and the socket are full.
  let last = -1;
  for (let stable = 0; stable < 5;) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    const now = value();
    stable = now === last ? stable + 1 : 0;
    last = now;
  }
  return last;
};

describe('originals', () => {
  it('a large original streams from the blob store: read as the client takes it, never whole', async () => {
    const seen = watch(t.blobs.originals);
    const { status, headers, pulledWhilePaused, digest, length } = await new Promise<{
      status: number;
      headers: http.IncomingHttpHeaders;
      pulledWhilePaused: number;
      digest: string;
      length: number;
    }>((resolve, reject) => {
      http
        .get(`${base}/events/photos/${large.uuid}?download=1`, (res) => {
          const hash = createHash('sha256');
          let length = 0;
          let paused = false;
          res.on('data', (chunk: Buffer) => {
            hash.update(chunk);
            length += chunk.length;
            if (paused) return;
            paused = true;
            // The client stops reading after its first chunk: the server must stop too.
            res.pause();
            void settle(() => seen.pulled).then((pulledWhilePaused) => {
              res.on('end', () =>
                resolve({
                  status: res.statusCode!,
                  headers: res.headers,
                  pulledWhilePaused,
                  digest: hash.digest('hex'),
                  length,
                }),
              );
              res.resume();
            }, reject);
          });
          res.on('error', reject);
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
    expect(headers['content-length']).toBe(String(LARGE));
    expect(headers['accept-ranges']).toBe('bytes');
    // What the store handed on while the client waited: a few buffers' worth, not the file.
    expect(pulledWhilePaused).toBeGreaterThan(0);
    expect(pulledWhilePaused).toBeLessThan(LARGE / 2);
    expect(seen.gets).toBe(0);
    expect(seen.reads).toBe(1);
    expect(length).toBe(LARGE);
    expect(digest).toBe(createHash('sha256').update(large.bytes).digest('hex'));
    vi.restoreAllMocks();
  }, 60_000);

  it('answers HEAD with the length and without reading the original', async () => {
    const seen = watch(t.blobs.originals);
    const res = await t.app.inject({
      method: 'HEAD',
      url: `/events/photos/${large.uuid}?download=1`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(LARGE));
    expect(res.rawPayload.length).toBe(0);
    expect(seen).toEqual({ reads: 0, gets: 0, pulled: 0 });
    const variant = await t.app.inject({
      method: 'HEAD',
      url: `/events/photos/${small}?w=1280`,
      headers: { accept: 'image/webp' },
    });
    expect(variant.statusCode).toBe(200);
    expect(Number(variant.headers['content-length'])).toBeGreaterThan(0);
    vi.restoreAllMocks();
  });

  it('answers byte ranges of an original: 206 with Content-Range, 416 outside it', async () => {
    const url = `/events/photos/${large.uuid}?download=1`;
    const middle = await t.app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 100-199/${LARGE}`);
    expect(middle.headers['content-length']).toBe('100');
    expect(middle.rawPayload.equals(large.bytes.subarray(100, 200))).toBe(true);

    const tail = await t.app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(large.bytes.subarray(LARGE - 10))).toBe(true);

    const open = await t.app.inject({ url, headers: { range: `bytes=${LARGE - 5}-` } });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes ${LARGE - 5}-${LARGE - 1}/${LARGE}`);
    expect(open.rawPayload.equals(large.bytes.subarray(LARGE - 5))).toBe(true);

    const outside = await t.app.inject({ url, headers: { range: `bytes=${LARGE}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${LARGE}`);
  });

  it('answers the whole original when If-Range names another version, or the range is not one', async () => {
    const url = `/events/photos/${small}?download=1`;
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    const stale = await t.app.inject({
      url,
      headers: { range: 'bytes=0-9', 'if-range': '"another-version"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(whole.rawPayload)).toBe(true);
    const current = await t.app.inject({
      url,
      headers: { range: 'bytes=0-9', 'if-range': whole.headers.etag as string },
    });
    expect(current.statusCode).toBe(206);
    expect(current.rawPayload.equals(whole.rawPayload.subarray(0, 10))).toBe(true);
    const several = await t.app.inject({ url, headers: { range: 'bytes=0-1,5-6' } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(whole.rawPayload.length);
  });
});

describe('variants', () => {
  it('a stored variant streams from the store once, then is answered from memory', async () => {
    const seen = watch(t.blobs.variants);
    // 480 px WebP: rendered and stored at ingest, not yet asked for in this process.
    const url = `/events/photos/${small}?w=480`;
    const first = await t.app.inject({ url, headers: { accept: 'image/webp' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(seen).toMatchObject({ reads: 1, gets: 0 });
    expect(seen.pulled).toBe(first.rawPayload.length);
    const again = await t.app.inject({ url, headers: { accept: 'image/webp' } });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(seen.reads).toBe(1);
    vi.restoreAllMocks();
  });
});
