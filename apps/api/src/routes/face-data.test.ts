import { createHash } from 'node:crypto';
import { envelope, faceDataRecord, uploadAnswer } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceRepository, type NewFace } from '../repositories/faces.js';
import type { BibReader, BibReading } from '../services/bibs.js';
import type { FaceDetector } from '../services/faces.js';
import {
  adminToken,
  bearer,
  consoleRoleSessions,
  createEventAsAdmin,
  upload,
  waitForJobs,
} from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/**
 * An event's face data as its organiser accounts for it: the record (counts), the erase, and
 * the choice of whose faces are stored (everyone, or only the runners above a read bib).
 */
const unit = (i: number): number[] => Array.from({ length: 1024 }, (_, k) => (k === i ? 1 : 0));
const runner = unit(0);
const spectator = unit(1);
const passerBy = unit(2);
const bibBox = { x: 400, y: 400, width: 120, height: 80 };
/** Photo 1: a runner above the bib 123, a spectator at the side. Photo 2: a face and no bib. */
const plan: Array<{ bibs: BibReading[]; faces: NewFace[] }> = [
  {
    bibs: [{ bib: '123', confidence: 0.95, box: bibBox }],
    faces: [
      { box: { x: 430, y: 200, width: 60, height: 60 }, score: 0.9, embedding: runner },
      { box: { x: 40, y: 60, width: 60, height: 60 }, score: 0.9, embedding: spectator },
    ],
  },
  {
    bibs: [],
    faces: [{ box: { x: 50, y: 50, width: 80, height: 80 }, score: 0.9, embedding: passerBy }],
  },
];
const byHash = new Map<string, { bibs: BibReading[]; faces: NewFace[] }>();
const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A photo whose bib reading waits until the test lets it go (which job runs first). */
const held = new Map<string, { started: () => void; release: Promise<void> }>();
const bibReader: BibReader = {
  readBibs: async (image) => {
    const hold = held.get(hash(image));
    if (hold) {
      hold.started();
      await hold.release;
    }
    return byHash.get(hash(image))?.bibs ?? [];
  },
};
const faceDetector: FaceDetector = {
  detectFaces: async (image) => byHash.get(hash(image))?.faces ?? [],
};

let t: TestApp;
let city: string;
let trail: string;
let editor: string;
let photographer: string;
let images = 0;
const PASSWORD = 'correct horse battery';

async function photos(count = plan.length, from = 0) {
  const files = [];
  for (const planned of plan.slice(from, from + count)) {
    images += 1;
    const bytes = await testImage({ colour: `hsl(${(images * 47) % 360}, 60%, 50%)` });
    byHash.set(hash(bytes), planned);
    files.push({ filename: `p${images}.jpg`, bytes });
  }
  return files;
}

async function eventWithFaces(name: string, indexed: 'everyone' | 'runners') {
  const id = await createEventAsAdmin(t.app, city, {
    name,
    event_date: new Date().toISOString().slice(0, 10),
    published: true,
    event_photos_config: {
      feature_flag: { selfie_search: true },
      selfie_config: { face_retention_days: 30, indexed_faces: indexed },
    },
  });
  expect((await upload(t.app, city, id, await photos())).statusCode).toBe(202);
  expect(await waitForJobs(t.services, id)).toMatchObject({ failed: 0 });
  return id;
}

const record = (eventId: number, token = city) =>
  t.app.inject({
    url: `/api/v1/admin/events/${eventId}/faces`,
    headers: token ? bearer(token) : {},
  });
const erase = (eventId: number, token = city) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/admin/events/${eventId}/faces`,
    headers: bearer(token),
  });
const selfie = (eventId: number, embedding = runner) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
    payload: { embedding },
  });
const storedFaces = async (eventId: number) =>
  (await new FaceRepository(t.database.db).countForEvent(eventId)) as number;

beforeAll(async () => {
  t = await createTestApp({ FACE_RETENTION_MAX_DAYS: '120' }, { bibReader, faceDetector });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  city = await adminToken(t.services, 'city.example');
  trail = await adminToken(t.services, 'trail.example');
  ({ editor, photographer } = await consoleRoleSessions(t.app, t.services, 'city.example', PASSWORD));
});
afterAll(() => t.close());

describe('an event’s face data record and erase', () => {
  it('counts the face templates, their photos and hide requests, and when retention deletes them', async () => {
    const id = await eventWithFaces('Harbour 10K', 'everyone');
    const answer = await record(id);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = envelope(faceDataRecord).parse(answer.json()).data;
    expect(data).toMatchObject({
      faces: 3,
      photos: 2,
      hide_requests: 0,
      erased_at: null,
      indexed_faces: 'everyone',
    });
    // 30 days after the end of the event day.
    const day = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    expect(data.expires_at).toBe(new Date(day + 31 * 24 * 3600 * 1000).toISOString());
    // An editor may read it too (as they may erase).
    expect((await record(id, editor)).statusCode).toBe(200);
  });

  it('is another organiser’s 404, a 401 without a token, a 403 for a photographer', async () => {
    const id = await eventWithFaces('Private Run', 'everyone');
    expect((await record(id, trail)).statusCode).toBe(404);
    expect((await erase(id, trail)).statusCode).toBe(404);
    expect((await record(id, '')).statusCode).toBe(401);
    const refused = await record(id, photographer);
    expect(refused.statusCode).toBe(403);
    expect((await erase(id, photographer)).statusCode).toBe(403);
    expect((await record(999_999)).statusCode).toBe(404);
    expect((await record(Number.NaN)).statusCode).toBe(400);
    // Nothing was erased by the refusals.
    expect(await storedFaces(id)).toBe(3);
  });

  it('erases every face at once: the record shows zero, selfie search says so plainly', async () => {
    const id = await eventWithFaces('Bay Run', 'everyone');
    expect((await selfie(id)).json().data.photos).toHaveLength(1);
    const erased = await erase(id, editor);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data).toEqual({ deleted: 3 });
    const after = envelope(faceDataRecord).parse((await record(id)).json()).data;
    expect(after).toMatchObject({ faces: 0, photos: 0 });
    expect(after.erased_at).not.toBeNull();
    const search = await selfie(id);
    expect(search.statusCode).toBe(410);
    expect(search.json().message).toMatch(
      /^Selfie search is not available for this event: its organiser erased the face data on \d{4}-\d{2}-\d{2}.*Search by bib number or name instead\.$/,
    );
    const more = await t.app.inject({
      url: `/api/v1/client/events/${id}/photos/more-of-bib?bib=123`,
    });
    expect(more.statusCode).toBe(410);
    // The photos and the bib search stay.
    const bib = await t.app.inject({ url: `/api/v1/client/events/${id}/photos?bib=123` });
    expect(bib.json().data.photos).toHaveLength(1);
    // Faces found again (the organiser asked for it): selfie search answers again.
    const detect = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/events/${id}/faces/detect`,
      headers: bearer(city),
    });
    expect(detect.statusCode).toBe(202);
    await waitForJobs(t.services, id);
    expect((await selfie(id)).json().data.photos).toHaveLength(1);
  });
});

describe('whose faces an event stores', () => {
  it('stores everyone by default, and refuses a choice it does not know', async () => {
    const id = await createEventAsAdmin(t.app, city, { name: 'Plain', event_date: '2026-05-01' });
    const event = await t.app.inject({ url: `/api/v1/admin/events/${id}`, headers: bearer(city) });
    expect(event.json().data.event_photos_config.selfie_config.indexed_faces).toBe('everyone');
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/events/${id}`,
      headers: bearer(city),
      payload: { event_photos_config: { selfie_config: { indexed_faces: 'spectators' } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/indexed_faces/);
  });

  it('runners only: a face above a read bib is stored, a face with no bib is not', async () => {
    const id = await eventWithFaces('Runners Only 5K', 'runners');
    expect(envelope(faceDataRecord).parse((await record(id)).json()).data).toMatchObject({
      faces: 1,
      photos: 1,
      indexed_faces: 'runners',
    });
    const found = (await selfie(id)).json().data.photos;
    expect(found).toHaveLength(1);
    expect(found[0].bib).toBe('123');
    // The spectator beside the runner and the passer-by on a photo without a bib: not stored.
    expect((await selfie(id, spectator)).json().data.photos).toHaveLength(0);
    expect((await selfie(id, passerBy)).json().data.photos).toHaveLength(0);
  });

  it('runners only: a face a hide request matched is kept hidden for its blur, never found', async () => {
    const id = await eventWithFaces('Hidden Passer-by Run', 'runners');
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/client/events/${id}/hide-requests`,
      payload: { embedding: passerBy },
    });
    expect(asked.json().data).toEqual({ photos: 0, stored: true });
    // A later photo of the passer-by, without a bib: their face is stored, hidden and blurred.
    expect((await upload(t.app, city, id, await photos(1, 1))).statusCode).toBe(202);
    expect(await waitForJobs(t.services, id)).toMatchObject({ failed: 0 });
    expect(envelope(faceDataRecord).parse((await record(id)).json()).data).toMatchObject({
      faces: 2,
      photos: 2,
      hide_requests: 1,
    });
    const hides = await t.app.inject({
      url: `/api/v1/admin/events/${id}/hide-requests`,
      headers: bearer(city),
    });
    expect(hides.json().data).toMatchObject({ requests: 1, hidden_faces: 1 });
    expect((await selfie(id, passerBy)).json().data.photos).toHaveLength(0);
  });

  it('decides a photo’s faces with its bibs read, whichever job comes first', async () => {
    const id = await createEventAsAdmin(t.app, city, {
      name: 'Order Run',
      event_date: '2026-05-01',
      published: true,
      event_photos_config: {
        feature_flag: { selfie_search: true },
        selfie_config: { indexed_faces: 'runners' },
      },
    });
    const [file] = await photos(1);
    let started!: () => void;
    const reading = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    held.set(hash(file!.bytes), {
      started,
      release: new Promise<void>((resolve) => (release = resolve)),
    });
    const sent = await upload(t.app, city, id, [file!]);
    const uuid = envelope(uploadAnswer).parse(sent.json()).data.accepted[0]!.uuid;
    await reading;
    // The bibs are being read: no faces job ran before, and one run now leaves the photo to
    // the faces job the bibs job queues.
    expect(await storedFaces(id)).toBe(0);
    expect(
      await t.services.jobHandlers.faces({ eventId: id, uuid }, { jobId: 0, attempt: 1 }),
    ).toEqual({
      skipped: expect.stringMatching(/bibs are still being read/),
    });
    release();
    expect(await waitForJobs(t.services, id)).toMatchObject({ failed: 0 });
    expect(await storedFaces(id)).toBe(1);
    expect((await selfie(id)).json().data.photos).toHaveLength(1);
  });

  it('finds every photo’s faces again when the choice changes', async () => {
    const id = await eventWithFaces('Switch Run', 'everyone');
    expect(await storedFaces(id)).toBe(3);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/events/${id}`,
      headers: bearer(city),
      payload: { event_photos_config: { selfie_config: { indexed_faces: 'runners' } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await waitForJobs(t.services, id);
    expect(await storedFaces(id)).toBe(1);
    expect((await selfie(id, spectator)).json().data.photos).toHaveLength(0);
  });
});
