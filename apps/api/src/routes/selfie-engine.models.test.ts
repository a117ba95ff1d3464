/**
 * Selfie search end to end with the real face engine: photos go through ingest and the `faces`
 * job, a selfie (the portrait shipped in `@vladmandic/human/assets`, read from node_modules)
 * finds the photo it is on. The images are never copied into the repository.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { envelope, selfieSearchAnswer } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '..',
  'assets',
);
const asset = (file: string): Buffer => readFileSync(path.join(assets, file));

let t: TestApp;
let eventId: number;
const photo: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ FACES_ENABLED: 'true', OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  const token = await adminToken(t.services, 'city.example');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name: 'Face Town',
      event_date: '2025-06-01',
      published: true,
      event_photos_config: { feature_flag: { selfie_search: true } },
    },
  });
  eventId = created.json().data.id;
  const res = await upload(t.app, token, eventId, [
    // Five people: the portrait's man and four women.
    { filename: 'row.jpg', bytes: asset('screenshot-facedetect.jpg') },
    { filename: 'nobody.jpg', bytes: await testImage({ colour: 'hsl(90, 60%, 50%)' }) },
  ]);
  for (const a of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[a.filename.replace('.jpg', '')] = a.uuid;
  expect(await waitForJobs(t.services, eventId)).toMatchObject({ done: 4, failed: 0 });
}, 180_000);
afterAll(() => t.close());

describe('selfie search with the face engine', () => {
  it('stores the faces the job found', async () => {
    const rows = await t.services.faces['faces'].ofPhoto(photo.row!);
    expect(rows).toHaveLength(5);
    expect(await t.services.faces['faces'].ofPhoto(photo.nobody!)).toEqual([]);
  });

  it('finds the photo a selfie is on, from the selfie itself', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/client/events/${eventId}/photos/selfie-search/image`,
      headers: { 'content-type': 'image/jpeg' },
      payload: asset('screenshot-faceid.jpg'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { photos } = envelope(selfieSearchAnswer).parse(res.json()).data;
    expect(photos.map((p) => p.uuid)).toEqual([photo.row]);
    expect(photos[0]!.similarity).toBeGreaterThan(0.5);
  }, 60_000);
});
