import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedEvent, seedPhotos, seedPublishedEvent } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

let t: TestApp;
let wide: string; // 2400x1600 landscape
let small: string; // 300x200
let rotated: string; // stored 120x80 with EXIF orientation 6: seen as 80x120
let hiddenPhoto: string;
let eventId: number;
let originalBytes: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  eventId = await seedPublishedEvent(t.services);
  const hidden = await seedEvent(t.services, 'localhost', {
    name: 'Hidden',
    event_date: '2025-01-02',
  });
  originalBytes = await testImage({
    width: 2400,
    height: 1600,
    capturedAt: new Date('2025-01-01T09:00:00Z'),
  });
  const [w] = (
    await t.services.imports.importAll(eventId, [
      { name: 'wide.jpg', read: async () => originalBytes },
    ])
  ).results;
  wide = w!.status === 'imported' ? w!.uuid : '';
  [small, rotated] = (
    await seedPhotos(t.services, eventId, [
      { width: 300, height: 200 },
      { width: 120, height: 80, orientation: 6 },
    ])
  ).map((p) => p.uuid) as [string, string];
  hiddenPhoto = (await seedPhotos(t.services, hidden.id, [{}]))[0]!.uuid;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /events/photos/{uuid}', () => {
  it('serves a JPEG variant of the requested width, immutable, with an ETag', async () => {
    const res = await get(`/events/photos/${wide}?w=640`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 427]);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('serves 1600 wide by default, and never upscales', async () => {
    expect((await sharp((await get(`/events/photos/${wide}`)).rawPayload).metadata()).width).toBe(
      1600,
    );
    const up = await get(`/events/photos/${small}?w=2048`);
    expect((await sharp(up.rawPayload).metadata()).width).toBe(300);
  });

  it('negotiates WebP, then AVIF, then JPEG from the Accept header', async () => {
    const browser = await get(`/events/photos/${wide}?w=320`, {
      accept: 'image/avif,image/webp,image/apng,*/*;q=0.8',
    });
    expect(browser.headers['content-type']).toBe('image/webp');
    expect((await sharp(browser.rawPayload).metadata()).format).toBe('webp');
    const avifOnly = await get(`/events/photos/${wide}?w=160`, { accept: 'image/avif,*/*' });
    expect(avifOnly.headers['content-type']).toBe('image/avif');
    expect((await sharp(avifOnly.rawPayload).metadata()).format).toBe('heif');
    const refusesWebp = await get(`/events/photos/${wide}?w=320`, {
      accept: 'image/webp;q=0, image/jpeg',
    });
    expect(refusesWebp.headers['content-type']).toBe('image/jpeg');
    // Different formats, different ETags: a cache never serves WebP to a JPEG-only client.
    expect(browser.headers.etag).not.toBe(refusesWebp.headers.etag);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get(`/events/photos/${wide}?w=480`);
    const again = await get(`/events/photos/${wide}?w=480`, {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await get(`/events/photos/${wide}?w=480`, {
      'if-none-match': '"something-else"',
    });
    expect(other.statusCode).toBe(200);
  });

  it('applies EXIF orientation and strips metadata', async () => {
    const res = await get(`/events/photos/${rotated}?w=160`);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([80, 120]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    const withDate = await sharp((await get(`/events/photos/${wide}?w=160`)).rawPayload).metadata();
    expect(withDate.exif).toBeUndefined();
  });

  it('keeps variants in the variants cache and renders each once, even for concurrent first requests', async () => {
    const before = t.services.photos.renders;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => get(`/events/photos/${wide}?w=960`)),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
    expect(t.services.photos.renders - before).toBe(1);
    expect(await t.blobs.variants.has(`${wide}/960.v1.jpg`)).toBe(true);
  });

  it('serves the original with ?download=1 as an attachment', async () => {
    const res = await get(`/events/photos/${wide}?download=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="harbour-run-${wide}.jpg"`,
    );
    expect(res.rawPayload.equals(originalBytes)).toBe(true);
  });

  it('does not serve photos of unpublished events', async () => {
    const res = await get(`/events/photos/${hiddenPhoto}?w=320`);
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('error');
    expect((await get(`/events/photos/${hiddenPhoto}?download=1`)).statusCode).toBe(404);
  });

  it('stops serving when the event is unpublished', async () => {
    expect((await get(`/events/photos/${small}?w=160`)).statusCode).toBe(200);
    await t.services.events.update(eventId, { published: false });
    try {
      expect((await get(`/events/photos/${small}?w=160`)).statusCode).toBe(404);
    } finally {
      await t.services.events.update(eventId, { published: true });
    }
  });

  it('accepts an upper-case uuid', async () => {
    expect((await get(`/events/photos/${wide.toUpperCase()}?w=160`)).statusCode).toBe(200);
  });
});

describe('GET /assets/{file}', () => {
  it('serves the demo logos and refuses other names', async () => {
    const res = await get('/assets/city-marathon-photos.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('png');
    expect((await get('/assets/..%2Fpackage.json')).statusCode).toBe(400);
    expect((await get('/assets/nothing.png')).statusCode).toBe(404);
  });
});
