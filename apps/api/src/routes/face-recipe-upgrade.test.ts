import { envelope, faceDataRecord, selfieSearchAnswer } from '@eventsite/contract';
import { FACE_RECIPE_UNVERSIONED, FACE_RECIPE_VERSION } from '@eventsite/contract/face-recipe';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoFaces } from '../adapters/db/schema.js';
import { FaceRepository } from '../repositories/faces.js';
import {
  adminToken,
  bearer,
  createEventAsAdmin,
  upload,
  waitForJobs,
} from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { blend, plannedFaceDetector } from '../test-support/faces.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';
import { scaledTestStack } from '../test-support/stack.js';

/**
 * Upgrading the descriptor: faces stored under an earlier face recipe are described again by a
 * background run queued at start, with the `faces` job of each of their photos. Faces of the
 * current recipe are left as they are, a hidden face stays hidden, the organiser's record counts
 * the photos left, and a second start queues nothing.
 */
const FACE = { x: 40, y: 30, width: 60, height: 60 };
/** Each photo's face as the earlier recipe described it, and as the current one does. */
const PHOTOS = {
  runner: { colour: '#336699', before: blend(0), now: blend(0, 7, 0.9) },
  hidden: { colour: '#993366', before: blend(1), now: blend(1, 8, 0.5) },
  current: { colour: '#669933', before: blend(2), now: blend(2, 9, 0.5) },
};
type Name = keyof typeof PHOTOS;
const faceDetector = plannedFaceDetector();
const bytesOf = new Map<Name, Buffer>();

let t: TestApp;
let eventId: number;
let token: string;
const photo = {} as Record<Name, string>;
const faces = () => new FaceRepository(t.database.db);

/** The face recipe changed: the detector describes each photo's face the new way. */
function describeTheNewWay() {
  for (const [name, p] of Object.entries(PHOTOS))
    faceDetector.plan(bytesOf.get(name as Name)!, [{ box: FACE, score: 0.9, embedding: p.now }]);
}

async function record() {
  const res = await t.app.inject({
    url: `/api/v1/admin/events/${eventId}/faces`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(faceDataRecord).parse(res.json()).data;
}

async function selfie(embedding: number[]): Promise<Name[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
    payload: { embedding },
  });
  expect(res.statusCode, res.body).toBe(200);
  const names = Object.fromEntries(Object.entries(photo).map(([name, uuid]) => [uuid, name]));
  return envelope(selfieSearchAnswer)
    .parse(res.json())
    .data.photos.map((p) => names[p.uuid] as Name);
}

beforeAll(async () => {
  t = await createTestApp({ FACES_ENABLED: 'true' }, { faceDetector });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Recipe Town',
    event_date: '2025-06-01',
    published: true,
    event_photos_config: { feature_flag: { selfie_search: true } },
  });
  const files = [];
  for (const [name, p] of Object.entries(PHOTOS)) {
    const bytes = await testImage({ width: 200, height: 150, colour: p.colour });
    bytesOf.set(name as Name, bytes);
    faceDetector.plan(bytes, [{ box: FACE, score: 0.9, embedding: p.before }]);
    files.push({ filename: `${name}.jpg`, bytes });
  }
  const res = await upload(t.app, token, eventId, files);
  expect(res.statusCode, res.body).toBe(202);
  for (const a of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[a.filename.replace('.jpg', '') as Name] = a.uuid;
  expect((await waitForJobs(t.services, eventId)).failed).toBe(0);
  // A runner asked to be hidden on the photo they are on.
  const hide = await t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${eventId}/hide-requests`,
    payload: { embedding: PHOTOS.hidden.before, photos: [photo.hidden] },
  });
  expect(hide.json().data, hide.body).toEqual({ photos: 1, stored: true });
  expect((await waitForJobs(t.services, eventId)).failed).toBe(0);
  // Two photos' faces were stored under an earlier recipe.
  await t.database.db
    .update(photoFaces)
    .set({ recipeVersion: FACE_RECIPE_UNVERSIONED })
    .where(inArray(photoFaces.photoUuid, [photo.runner, photo.hidden]));
  describeTheNewWay();
});
afterAll(() => t.close());

describe('faces described under an earlier recipe', () => {
  it('faces are stored with the current recipe’s version', async () => {
    const [row] = await t.database.db
      .select({ version: photoFaces.recipeVersion })
      .from(photoFaces)
      .where(eq(photoFaces.photoUuid, photo.current));
    expect(row?.version).toBe(FACE_RECIPE_VERSION);
    expect(FACE_RECIPE_VERSION).not.toBe(FACE_RECIPE_UNVERSIONED);
  });

  it('the organiser’s record counts the photos still to describe again', async () => {
    expect(await record()).toMatchObject({ faces: 3, photos: 3, photos_to_describe_again: 2 });
  });

  it('are described again after start, once, however many processes start', async () => {
    const before = await t.services.jobs.queue.counts(eventId);
    const currentBefore = await faces().ofPhoto(photo.current);
    // Two processes starting at once.
    const started = await Promise.all([
      t.services.faceRecipeUpgrade.queueStale(),
      t.services.faceRecipeUpgrade.queueStale(),
    ]);
    expect(started).toEqual([
      { events: 1, photos: 2 },
      { events: 1, photos: 2 },
    ]);
    const after = await waitForJobs(t.services, eventId);
    expect(after.failed).toBe(0);
    expect(after.done - before.done).toBe(2);
    const [runner] = await faces().ofPhoto(photo.runner);
    expect(runner?.recipeVersion).toBe(FACE_RECIPE_VERSION);
    expect(runner?.embedding[7]).toBeCloseTo(Math.sqrt(1 - 0.9 ** 2), 5);
    // The current photo's face was not touched: the same row, the same descriptor.
    expect(await faces().ofPhoto(photo.current)).toEqual(currentBefore);
    expect((await record()).photos_to_describe_again).toBe(0);
    expect(await selfie(PHOTOS.runner.now)).toEqual(['runner']);
  });

  it('a hidden face stays hidden, though its new descriptor no longer matches the request', async () => {
    const [hidden] = await faces().ofPhoto(photo.hidden);
    expect(hidden).toMatchObject({ hidden: true, recipeVersion: FACE_RECIPE_VERSION });
    expect(hidden?.embedding[8]).toBeCloseTo(Math.sqrt(1 - 0.5 ** 2), 5);
    expect(await selfie(PHOTOS.hidden.now)).toEqual([]);
    expect(await selfie(PHOTOS.hidden.before)).toEqual([]);
    const stats = await t.app.inject({
      url: `/api/v1/admin/events/${eventId}/hide-requests`,
      headers: bearer(token),
    });
    expect(stats.json().data, stats.body).toMatchObject({ requests: 1, hidden_faces: 1 });
  });

  it('a second start queues nothing new', async () => {
    const before = await t.services.jobs.queue.counts(eventId);
    expect(await t.services.faceRecipeUpgrade.queueStale()).toEqual({ events: 0, photos: 0 });
    expect(await t.services.jobs.queue.counts(eventId)).toEqual(before);
  });
});

describe.skipIf(!scaledTestStack())('another API process starting on the same database', () => {
  it('queues the photos described otherwise at its start, and the workers describe them', async () => {
    await t.database.db
      .update(photoFaces)
      .set({ recipeVersion: FACE_RECIPE_UNVERSIONED })
      .where(eq(photoFaces.photoUuid, photo.current));
    expect((await record()).photos_to_describe_again).toBe(1);
    const other = await createTestApp(
      { FACES_ENABLED: 'true' },
      { faceDetector, worker: false, sameAs: t },
    );
    try {
      for (let i = 0; (await record()).photos_to_describe_again > 0; i++) {
        if (i > 300) throw new Error('the photo was not described again');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [current] = await faces().ofPhoto(photo.current);
      expect(current?.recipeVersion).toBe(FACE_RECIPE_VERSION);
      expect(current?.embedding[9]).toBeCloseTo(Math.sqrt(1 - 0.5 ** 2), 5);
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('an event that no longer uses selfie search', () => {
  it('keeps its faces as they are', async () => {
    await t.database.db
      .update(photoFaces)
      .set({ recipeVersion: FACE_RECIPE_UNVERSIONED })
      .where(eq(photoFaces.photoUuid, photo.runner));
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/events/${eventId}`,
      headers: bearer(token),
      payload: { event_photos_config: { feature_flag: { selfie_search: false } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const before = await t.services.jobs.queue.counts(eventId);
    expect(await t.services.faceRecipeUpgrade.queueStale()).toEqual({ events: 0, photos: 0 });
    expect(await t.services.jobs.queue.counts(eventId)).toEqual(before);
    expect((await record()).photos_to_describe_again).toBe(1);
  });
});
