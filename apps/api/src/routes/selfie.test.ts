import { createHash } from 'node:crypto';
import { envelope, faceDataDeleted, selfieSearchAnswer } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentJobError } from '../adapters/jobs/types.js';
import type { NewFace } from '../repositories/faces.js';
import type { FaceDetector } from '../services/faces.js';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/** Unit vectors: person A, person B, and A seen badly (similarity 0.55 with A: "maybe"). */
function basis(i: number): number[] {
  const v = new Array<number>(1024).fill(0);
  v[i] = 1;
  return v;
}
const personA = basis(0);
const personB = basis(1);
const blurryA = basis(0).map((_, i) => (i === 0 ? 0.55 : i === 2 ? Math.sqrt(1 - 0.55 ** 2) : 0));
const stranger = basis(5);

/** A test double of the face engine's interface: faces chosen per photo (by its sha256). */
const planned = new Map<string, NewFace[]>();
const stubDetector: FaceDetector = {
  async detectFaces(image) {
    if (image.subarray(0, 4).toString() === 'junk') throw new PermanentJobError('not an image');
    return planned.get(createHash('sha256').update(image).digest('hex')) ?? [];
  },
};
const face = (embedding: number[], x = 10): NewFace => ({
  box: { x, y: 20, width: 40, height: 40 },
  score: 0.9,
  embedding,
});

let t: TestApp;
let token: string;
let eventId: number;
const photo: Record<string, string> = {};
const answer = envelope(selfieSearchAnswer);

async function selfieSearch(embedding: unknown, id = eventId, app = t.app) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${id}/photos/selfie-search`,
    payload: { embedding },
  });
}
async function found(embedding: number[]): Promise<Array<[string, string, number]>> {
  const res = await selfieSearch(embedding);
  expect(res.statusCode, res.body).toBe(200);
  return answer
    .parse(res.json())
    .data.photos.map((p) => [
      Object.entries(photo).find(([, uuid]) => uuid === p.uuid)?.[0] ?? p.uuid,
      p.tier,
      p.similarity,
    ]);
}
async function patchFlags(flags: object) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/events/${eventId}`,
    headers: bearer(token),
    payload: { event_photos_config: { feature_flag: flags } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp(
    { FACES_ENABLED: 'true', OCR_ENABLED: 'false' },
    { faceDetector: stubDetector },
  );
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name: 'Face Town',
      // Today: its face data is kept (an event past its retention with none left says so, 410).
      event_date: new Date().toISOString().slice(0, 10),
      published: true,
      event_photos_config: { feature_flag: { selfie_search: true } },
    },
  });
  eventId = created.json().data.id;
  const plan: Record<string, NewFace[]> = {
    p1: [face(personA)],
    p2: [face(personB), face(blurryA, 200)],
    p3: [face(personB)],
    p4: [],
  };
  const files = [];
  for (const [i, name] of Object.keys(plan).entries()) {
    const bytes = await testImage({ colour: `hsl(${i * 80}, 60%, 50%)` });
    planned.set(createHash('sha256').update(bytes).digest('hex'), plan[name]!);
    files.push({ filename: `${name}.jpg`, bytes });
  }
  const res = await upload(t.app, token, eventId, files);
  for (const a of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[a.filename.replace('.jpg', '')] = a.uuid;
  // An ingest and a faces job per photo.
  expect(await waitForJobs(t.services, eventId)).toEqual({
    queued: 0,
    running: 0,
    done: 8,
    failed: 0,
  });
});
afterAll(() => t.close());

describe('selfie search', () => {
  it('is refused while the event has selfie_search off', async () => {
    await patchFlags({ selfie_search: false });
    const res = await selfieSearch(personA);
    expect(res.statusCode).toBe(403);
    expect(res.json().message ?? res.body).toMatch(/Selfie search is turned off/);
    await patchFlags({ selfie_search: true });
  });

  it('stores each face found at ingest with its box, score and embedding', async () => {
    const rows = await t.services.faces['faces'].ofPhoto(photo.p2!);
    expect(rows.map((r) => [r.boxX, r.boxW, r.score, r.embedding.length])).toEqual([
      [10, 40, 0.9, 1024],
      [200, 40, 0.9, 1024],
    ]);
  });

  it('answers the photos with a face like the selfie, best first, matches then "maybe you"', async () => {
    const a = await found(personA);
    expect(a.map(([name, tier]) => [name, tier])).toEqual([
      ['p1', 'match'],
      ['p2', 'maybe'],
    ]);
    // Stored as int8: similarities are exact to about ±0.005.
    expect(a[0]![2]).toBeCloseTo(1, 2);
    expect(a[1]![2]).toBeCloseTo(0.55, 2);
    expect((await found(personB)).map(([name, tier]) => [name, tier]).sort()).toEqual([
      ['p2', 'match'],
      ['p3', 'match'],
    ]);
    expect(await found(stranger)).toEqual([]);
    const res = await selfieSearch(personA);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = answer.parse(res.json()).data;
    expect(data.total).toBe(2);
    expect(data.threshold).toBe(0.6);
    expect(data.photos[0]).toMatchObject({ uuid: photo.p1, width: 64, height: 48 });
  });

  it('uses the event’s own threshold', async () => {
    const patch = (match_threshold: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/events/${eventId}`,
        headers: bearer(token),
        payload: { event_photos_config: { selfie_config: { match_threshold } } },
      });
    expect((await patch(0.99)).statusCode).toBe(400);
    // A small event (under MIN_STANDOUT_FACES faces): the threshold alone, "maybe you" 0.1 under.
    expect((await patch(0.5)).statusCode).toBe(200);
    expect((await found(personA)).map(([name, tier]) => [name, tier])).toEqual([
      ['p1', 'match'],
      ['p2', 'match'],
    ]);
    expect((await patch(0.9)).statusCode).toBe(200);
    expect((await found(personA)).map(([name, tier]) => [name, tier])).toEqual([['p1', 'match']]);
    expect((await patch(0.6)).statusCode).toBe(200);
    expect((await found(personA)).map(([name, tier]) => [name, tier])).toEqual([
      ['p1', 'match'],
      ['p2', 'maybe'],
    ]);
  });

  it('refuses descriptors that are not 1024 finite values of unit length, without logging them', async () => {
    expect((await selfieSearch(personA.slice(0, 100))).statusCode).toBe(400);
    expect((await selfieSearch(personA.map((v) => v * 2))).statusCode).toBe(400);
    expect((await selfieSearch(personA.map((v, i) => (i === 3 ? 'x' : v)))).statusCode).toBe(400);
    expect((await selfieSearch('a selfie')).statusCode).toBe(400);
    const marked = personA.map((v, i) => (i === 7 ? 0.456789123 : v));
    expect((await selfieSearch(marked)).statusCode).toBe(400);
    expect(JSON.stringify(t.logs)).not.toContain('0.456789123');
  });

  it('accepts the selfie itself where the browser cannot run the model: its largest face', async () => {
    const selfie = await testImage({ colour: 'hsl(300, 60%, 50%)' });
    planned.set(createHash('sha256').update(selfie).digest('hex'), [
      { ...face(personA), box: { x: 0, y: 0, width: 20, height: 20 } },
      { ...face(personB), box: { x: 30, y: 10, width: 300, height: 300 } },
    ]);
    const send = (payload: Buffer, type = 'image/jpeg') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/client/events/${eventId}/photos/selfie-search/image`,
        headers: { 'content-type': type },
        payload,
      });
    const res = await send(selfie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const names = answer
      .parse(res.json())
      .data.photos.map((p) => Object.entries(photo).find(([, uuid]) => uuid === p.uuid)?.[0]);
    expect(names.sort()).toEqual(['p2', 'p3']);
    const faceless = await send(await testImage({ colour: 'hsl(10, 60%, 50%)' }));
    expect(faceless.statusCode).toBe(400);
    expect(faceless.body).toMatch(/No face was found/);
    const junk = await send(Buffer.from('junk, not a photo'));
    expect(junk.statusCode).toBe(400);
    expect(junk.body).toMatch(/not a photo we can read/);
    expect((await send(selfie, 'text/plain')).statusCode).toBe(415);
  });

  it('tells the visitor how to take a better selfie when its face cannot identify anyone', async () => {
    const send = (payload: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/client/events/${eventId}/photos/selfie-search/image`,
        headers: { 'content-type': 'image/jpeg' },
        payload,
      });
    const cases: Array<[object, RegExp]> = [
      [{ size: 20, sharpness: 0.6, yaw: 0, pitch: 0 }, /too small.*come closer/],
      [{ size: 200, sharpness: 0.05, yaw: 0, pitch: 0 }, /too blurred.*hold the phone still/],
      [
        { size: 200, sharpness: 0.6, yaw: 70, pitch: 0 },
        /turned away.*look straight at the camera/,
      ],
    ];
    for (const [i, [quality, message]] of cases.entries()) {
      const selfie = await testImage({ colour: `hsl(${200 + i * 20}, 60%, 50%)` });
      planned.set(createHash('sha256').update(selfie).digest('hex'), [
        { ...face(personA), box: { x: 30, y: 10, width: 300, height: 300 }, quality } as NewFace,
      ]);
      const res = await send(selfie);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toMatch(message);
    }
  });

  it('forgets a deleted photo at once', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/photos/${photo.p3}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await found(personB)).map(([name]) => name)).toEqual(['p2']);
  });

  it('lets the organiser delete all face data of the event in one call', async () => {
    const url = `/api/v1/admin/events/${eventId}/faces`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'DELETE', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope(faceDataDeleted).parse(res.json()).data).toEqual({ deleted: 3 });
    // Selfie search says the face data was erased, rather than finding nobody.
    for (const person of [personA, personB]) {
      const search = await selfieSearch(person);
      expect(search.statusCode).toBe(410);
      expect(search.json().message).toMatch(/its organiser erased the face data on/);
    }
    expect(await t.services.faces['faces'].countForEvent(eventId)).toBe(0);
    const other = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId + 1000}/faces`,
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(404);
  });

  it('detects the event’s photos again on request, and never while selfie search is off', async () => {
    const url = `/api/v1/admin/events/${eventId}/faces/detect`;
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({ queued: 3 }); // p3 was deleted
    await waitForJobs(t.services, eventId);
    expect((await found(personA)).map(([name, tier]) => [name, tier])).toEqual([
      ['p1', 'match'],
      ['p2', 'maybe'],
    ]);
    expect(await t.services.faces['faces'].countForEvent(eventId)).toBe(3);

    await patchFlags({ selfie_search: false });
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(token) })).statusCode).toBe(
      403,
    );
    const bytes = await testImage({ colour: 'hsl(200, 60%, 50%)' });
    planned.set(createHash('sha256').update(bytes).digest('hex'), [face(personA)]);
    await upload(t.app, token, eventId, [{ filename: 'p5.jpg', bytes }]);
    await waitForJobs(t.services, eventId);
    expect(await t.services.faces['faces'].countForEvent(eventId)).toBe(3);
  });

  it('is rate-limited per client', async () => {
    const limited = await createTestApp({ OCR_ENABLED: 'false' }, { selfieSearchesPerMinute: 2 });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await selfieSearch(personA, 999, limited.app)).statusCode);
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
