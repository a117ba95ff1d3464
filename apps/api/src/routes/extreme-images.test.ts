import { envelope, photoPage } from '@eventsite/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BibReader } from '../services/bibs.js';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';

// Photos whose display sizes cannot be made must never be listed, and the extremes of size and
// aspect that a camera or a hostile uploader can send must still be served.

const readBibs = vi.fn<BibReader['readBibs']>(async () => []);

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'true' }, { bibReader: { readBibs } });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
}, 120_000);
afterAll(() => t.close());

async function newEvent(name: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: { name, event_date: '2025-06-01', published: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function listed(eventId: number): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/v1/client/events/${eventId}/photos` });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(photoPage)
    .parse(res.json())
    .data.photos.map((p) => p.uuid);
}

const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#6a8' } });

describe('very tall and very wide photos', () => {
  it.each([
    ['a 600x20000 JPEG', () => plain(600, 20000).jpeg({ quality: 60 }).toBuffer(), 600, 20000],
    ['a 200x30000 PNG', () => plain(200, 30000).png().toBuffer(), 200, 30000],
    ['a 30000x200 PNG', () => plain(30000, 200).png().toBuffer(), 30000, 200],
  ])(
    '%s is listed and every width is served in every format',
    async (label, make, width, height) => {
      const eventId = await newEvent(`Tall ${label}`);
      const res = await upload(t.app, token, eventId, [{ filename: 'tall', bytes: await make() }]);
      expect(res.statusCode, res.body).toBe(202);
      const counts = await waitForJobs(t.services, eventId, 120_000);
      // The ingest job and the bib job it queues, both done.
      expect(counts).toMatchObject({ done: 2, failed: 0 });
      const [uuid] = await listed(eventId);
      expect(uuid).toBeDefined();
      for (const accept of ['image/webp', 'image/avif', 'image/jpeg'])
        for (const w of [480, 1280, 2048]) {
          const photo = await t.app.inject({
            url: `/events/photos/${uuid}?w=${w}`,
            headers: { accept },
          });
          expect(photo.statusCode, `${accept} w=${w}: ${photo.body.slice(0, 200)}`).toBe(200);
          const meta = await sharp(photo.rawPayload).metadata();
          expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(16383);
          // The shape is kept, within a pixel of rounding.
          const fits =
            Math.abs(meta.height! - (meta.width! * height) / width) <= 1 ||
            Math.abs(meta.width! - (meta.height! * width) / height) <= 1;
          expect(fits, `${meta.width}x${meta.height}`).toBe(true);
        }
    },
    180_000,
  );
});

describe('a photo is listed only once it can be served', () => {
  it('when its display sizes cannot be made, no row is listed and the original is removed', async () => {
    const eventId = await newEvent('Broken variants');
    const spy = vi
      .spyOn(t.services.photos, 'prerender')
      .mockRejectedValue(new Error('webp: bad dimensions'));
    try {
      const res = await upload(t.app, token, eventId, [
        { filename: 'photo.jpg', bytes: await plain(64, 48).jpeg().toBuffer() },
      ]);
      expect(res.statusCode, res.body).toBe(202);
      const counts = await waitForJobs(t.services, eventId);
      expect(counts.failed).toBe(1);
      expect(await listed(eventId)).toEqual([]);
      const status = await t.app.inject({
        url: `/api/v1/admin/events/${eventId}/jobs`,
        headers: bearer(token),
      });
      expect(status.json().data.failures[0].last_error).toMatch(
        /cannot be made into display sizes/,
      );
      const uuid = res.json().data.accepted[0].uuid as string;
      expect(await t.blobs.originals.has(`${eventId}/${uuid}.jpg`)).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });
});
