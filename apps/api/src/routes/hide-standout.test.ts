import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceRepository, type NewFace } from '../repositories/faces.js';
import type { FaceDetector } from '../services/faces.js';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/**
 * "Hide me" holds a face to the bar a selfie search's match is held to: on an event with a crowd
 * of faces, a look-alike over the similarity floor who does not stand out from the crowd keeps
 * their photo unblurred; the runner's own faces are hidden, now and on photos added later.
 */
const DIMS = 1024;
/** A face `similarity` alike to the runner's (axis 0), otherwise its own (axis `own`). */
const alike = (similarity: number, own: number): number[] =>
  Array.from({ length: DIMS }, (_, k) =>
    k === 0 ? similarity : k === own ? Math.sqrt(1 - similarity ** 2) : 0,
  );
const runner = alike(1, 1);
const CROWD = 40;

const byHash = new Map<string, NewFace[]>();
const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const faceDetector: FaceDetector = { detectFaces: async (image) => byHash.get(hash(image)) ?? [] };
const face = (embedding: number[], x = 40): NewFace => ({
  box: { x, y: 40, width: 80, height: 80 },
  score: 0.9,
  embedding,
});

let t: TestApp;
let token: string;
let eventId: number;
const photo: Record<string, string> = {};
let colour = 0;

async function add(named: Record<string, NewFace[]>) {
  const files = [];
  for (const [name, faces] of Object.entries(named)) {
    const bytes = await testImage({
      colour: `hsl(${(colour += 7) % 360}, ${40 + (colour % 50)}%, 50%)`,
    });
    byHash.set(hash(bytes), faces);
    files.push({ filename: `${name}.jpg`, bytes });
  }
  const res = await upload(t.app, token, eventId, files);
  expect(res.statusCode, res.body).toBe(202);
  for (const a of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[a.filename.replace('.jpg', '')] = a.uuid;
  expect(await waitForJobs(t.services, eventId)).toMatchObject({ failed: 0 });
}

const hiddenOn = async (name: string) =>
  (await new FaceRepository(t.database.db).ofPhoto(photo[name]!)).map((f) => f.hidden);

beforeAll(async () => {
  t = await createTestApp({ FACES_ENABLED: 'true', OCR_ENABLED: 'false' }, { faceDetector });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name: 'Crowded Run',
      event_date: '2025-06-01',
      published: true,
      event_photos_config: { feature_flag: { selfie_search: true } },
    },
  });
  eventId = created.json().data.id;
  // A crowd 0.30 to 0.58 alike to the runner, a look-alike at 0.62 (over the 0.60 floor), and
  // the runner on two photos.
  const crowd: Record<string, NewFace[]> = {};
  for (let i = 0; i < CROWD; i++)
    crowd[`crowd${i}`] = [face(alike(0.3 + (0.28 * i) / CROWD, 10 + i))];
  await add({
    ...crowd,
    lookalike: [face(alike(0.62, 5))],
    runnerHere: [face(alike(0.93, 6))],
    runnerThere: [face(alike(0.9, 7))],
  });
});
afterAll(() => t.close());

describe('hide me on a crowded event', () => {
  it('hides the runner’s faces, not a look-alike who does not stand out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/client/events/${eventId}/hide-requests`,
      payload: { embedding: runner },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ photos: 2, stored: true });
    expect(await hiddenOn('runnerHere')).toEqual([true]);
    expect(await hiddenOn('runnerThere')).toEqual([true]);
    expect(await hiddenOn('lookalike')).toEqual([false]);
  });

  it('holds photos added later to the same bar', async () => {
    await add({ laterLookalike: [face(alike(0.63, 8))], laterRunner: [face(alike(0.91, 9))] });
    expect(await hiddenOn('laterLookalike')).toEqual([false]);
    expect(await hiddenOn('laterRunner')).toEqual([true]);
  });
});
