import { envelope, selfieSearchAnswer } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { basis, face, plannedFaceDetector } from '../test-support/faces.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';
import { scaledTestStack } from '../test-support/stack.js';

/**
 * Selfie search indexes are loaded per event on demand, within a memory cap (least recently
 * searched dropped first), and on the scaled stack follow the faces that another process adds or
 * removes (Redis pub/sub).
 */
const runner = basis(0);
/** A test double of the face engine: the faces of each photo, chosen by its bytes. */
const detector = plannedFaceDetector();

let colours = 0;
async function photoWith(embedding: number[], name: string) {
  const bytes = await testImage({ colour: `hsl(${(colours++ * 23) % 360}, 55%, 45%)` });
  detector.plan(bytes, [face(embedding)]);
  return { filename: `${name}.jpg`, bytes };
}

async function newEvent(t: TestApp, token: string, name: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name,
      event_date: '2025-06-01',
      published: true,
      event_photos_config: { feature_flag: { selfie_search: true } },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function uploadOne(t: TestApp, token: string, eventId: number, name: string) {
  const res = await upload(t.app, token, eventId, [await photoWith(runner, name)]);
  expect(res.statusCode, res.body).toBe(202);
  const uuid = res.json().data.accepted[0].uuid as string;
  expect(await waitForJobs(t.services, eventId)).toMatchObject({ failed: 0 });
  return uuid;
}

async function found(t: TestApp, eventId: number, embedding = runner): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
    payload: { embedding },
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(selfieSearchAnswer)
    .parse(res.json())
    .data.photos.map((p) => p.uuid)
    .sort();
}

async function eventually<T>(what: string, look: () => Promise<T>, ok: (value: T) => boolean) {
  const end = Date.now() + 10_000;
  for (;;) {
    const value = await look();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ENV = { FACES_ENABLED: 'true', OCR_ENABLED: 'false' };

describe('the memory cap', () => {
  let t: TestApp;
  let token: string;
  const events: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(ENV, { faceDetector: detector, selfieSearchesPerMinute: 100_000 });
    await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
    token = await adminToken(t.services, 'city.example');
    for (const name of ['One', 'Two', 'Three']) {
      const id = await newEvent(t, token, name);
      await uploadOne(t, token, id, name);
      events.push(id);
    }
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  it('defaults to 256 MB, set by FACE_INDEX_MEMORY_MB', () => {
    expect(t.config.faceIndexBytes).toBe(256 * 1024 * 1024);
    expect(t.services.faces.maxIndexBytes).toBe(256 * 1024 * 1024);
  });

  it('loads an event’s index on its first search and drops the least recently searched past the cap', async () => {
    const [one, two, three] = events as [number, number, number];
    const faces = t.services.faces;
    // The start-up preload may have loaded them all: start from none.
    await faces.preload();
    for (const id of faces.loadedEvents()) await faces.refresh({ eventId: id, photoUuid: '*' });
    expect(faces.loadedEvents()).toEqual([]);

    expect(await found(t, one)).toHaveLength(1);
    expect(faces.loadedEvents()).toEqual([one]);
    const oneIndex = faces.indexBytes;
    // Room for two such indexes, not three.
    faces.maxIndexBytes = Math.floor(oneIndex * 2.5);
    const before = faces.evictions;

    expect(await found(t, two)).toHaveLength(1);
    expect(faces.loadedEvents()).toEqual([one, two]);
    expect(await found(t, three)).toHaveLength(1);
    expect(faces.loadedEvents()).toEqual([two, three]);
    expect(faces.evictions - before).toBe(1);

    // Searching Two makes Three the least recently used: One comes back in Three's place.
    expect(await found(t, two)).toHaveLength(1);
    expect(await found(t, one)).toHaveLength(1);
    expect(faces.loadedEvents()).toEqual([two, one]);
    expect(faces.evictions - before).toBe(2);
    expect(faces.indexBytes).toBeLessThanOrEqual(faces.maxIndexBytes);

    // An event larger than the cap is still searched: alone in memory.
    faces.maxIndexBytes = 1;
    expect(await found(t, three)).toHaveLength(1);
    expect(faces.loadedEvents()).toEqual([three]);
    faces.maxIndexBytes = 256 * 1024 * 1024;
  });
});

describe.skipIf(!scaledTestStack())('two API processes on one PostgreSQL and Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let token: string;
  let eventId: number;

  beforeAll(async () => {
    // A works the jobs (its faces jobs write the faces); B only serves, as an API at
    // JOB_CONCURRENCY=0 beside the workers.
    a = await createTestApp(ENV, { faceDetector: detector, selfieSearchesPerMinute: 100_000 });
    b = await createTestApp(ENV, {
      faceDetector: detector,
      selfieSearchesPerMinute: 100_000,
      worker: false,
      sameAs: a,
    });
    await seedOrganiser(a.services, { name: 'City Runs', domains: ['city.example'] });
    token = await adminToken(a.services, 'city.example');
    eventId = await newEvent(a, token, 'Shared');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  }, 60_000);

  it('faces added through one are found by a search on the other, whose index was loaded before', async () => {
    const first = await uploadOne(a, token, eventId, 'first');
    // B loads the event's index on this search.
    expect(await found(b, eventId)).toEqual([first]);
    expect(b.services.faces.loadedEvents()).toContain(eventId);

    const second = await uploadOne(a, token, eventId, 'second');
    expect(
      await eventually(
        'B to find the new photo',
        () => found(b, eventId),
        (f) => f.length === 2,
      ),
    ).toEqual([first, second].sort());

    // A deleted photo leaves B's index too.
    const del = await a.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/photos/${first}`,
      headers: bearer(token),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(
      await eventually(
        'B to forget the deleted photo',
        () => found(b, eventId),
        (f) => f.length === 1,
      ),
    ).toEqual([second]);

    // The organiser deletes the event's face data through B: A's index goes as well.
    expect(await found(a, eventId)).toEqual([second]);
    const wipe = await b.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId}/faces`,
      headers: bearer(token),
    });
    expect(wipe.statusCode, wipe.body).toBe(200);
    await eventually(
      'A to drop the event’s index',
      async () => a.services.faces.loadedEvents(),
      (l) => !l.includes(eventId),
    );
    // A says so as soon as its copy of the event is read again (within a few seconds).
    const erased = await eventually(
      'A to say the face data was erased',
      () =>
        a.app.inject({
          method: 'POST',
          url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
          payload: { embedding: runner },
        }),
      (res) => res.statusCode === 410,
    );
    expect(erased.json().message).toMatch(/its organiser erased the face data on/);
  });
});
