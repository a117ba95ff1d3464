import { createHash } from 'node:crypto';
import { envelope, hideRequestStats } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewFace } from '../repositories/faces.js';
import type { FaceDetector } from '../services/faces.js';
import { hideCap } from '../services/hides.js';
import {
  adminToken,
  bearer,
  createEventAsAdmin,
  upload,
  waitForJobs,
} from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/**
 * One hide request hides at most a share of the event's photos (10 %, at least 20, at most 50):
 * a face that matches more is refused whole, dry run included, in words a visitor understands.
 */
const vector = (parts: Record<number, number>): number[] =>
  Array.from({ length: 1024 }, (_, k) => parts[k] ?? 0);
// 25 photos of look-alikes: each 0.7 to the query (over the hide bar 0.60); 20 of them are
// also 0.7 to a second query, the other 5 under the bar for it.
const crowd = (k: number) =>
  vector({ 0: 0.7, 1: k < 20 ? 0.7 : 0, [10 + k]: k < 20 ? 0.1411 : 0.714 });
const query = vector({ 0: 1 });
const twenty = vector({ 0: Math.SQRT1_2, 1: Math.SQRT1_2 });

const byHash = new Map<string, NewFace[]>();
const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** While set, the `faces` job waits here. */
let facesGate: { open: Promise<void>; entered: boolean } | null = null;
const faceDetector: FaceDetector = {
  detectFaces: async (image) => {
    if (facesGate) {
      facesGate.entered = true;
      await facesGate.open;
    }
    return byHash.get(hash(image)) ?? [];
  },
};

let t: TestApp;
let token: string;
let eventId: number;
const hide = (payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/client/events/${eventId}/hide-requests`, payload });

beforeAll(async () => {
  t = await createTestApp({ FACES_ENABLED: 'true' }, { faceDetector });
  await seedOrganiser(t.services, { name: 'Crowd Runs', domains: ['crowd.example'] });
  token = await adminToken(t.services, 'crowd.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Crowd 5K',
    event_date: '2025-06-01',
    published: true,
    event_photos_config: { feature_flag: { selfie_search: true } },
  });
  const files = [];
  for (let k = 0; k < 25; k++) {
    const bytes = await testImage({ colour: `hsl(${k * 14}, 60%, 50%)` });
    byHash.set(hash(bytes), [
      { box: { x: 40, y: 40, width: 60, height: 60 }, score: 0.9, embedding: crowd(k) },
    ]);
    files.push({ filename: `p${k}.jpg`, bytes });
  }
  expect((await upload(t.app, token, eventId, files)).statusCode).toBe(202);
  expect(await waitForJobs(t.services, eventId)).toMatchObject({ failed: 0 });
});
afterAll(() => t.close());

describe('an event with no hide request', () => {
  it('lists a new photo before its faces job has run: only requests hold photos back', async () => {
    let open = () => {};
    facesGate = { open: new Promise<void>((resolve) => (open = resolve)), entered: false };
    const bytes = await testImage({ colour: 'hsl(200, 10%, 20%)' });
    const res = await upload(t.app, token, eventId, [{ filename: 'new.jpg', bytes }]);
    const uuid = res.json().data.accepted[0].uuid as string;
    for (let i = 0; !facesGate.entered; i++) {
      if (i > 600) throw new Error('the faces job did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const listed = await t.app.inject({
      url: `/api/v1/client/events/${eventId}/photos?ids=${uuid}`,
    });
    expect(listed.json().data.photos.map((p: { uuid: string }) => p.uuid)).toEqual([uuid]);
    open();
    facesGate = null;
    expect(await waitForJobs(t.services, eventId)).toMatchObject({ failed: 0 });
  });
});

describe('the cap on one hide request', () => {
  it('is a share of the event’s photos, at least 20 and at most 50', () => {
    expect([0, 25, 200, 201, 490, 501, 100_000].map(hideCap)).toEqual([20, 20, 20, 21, 49, 50, 50]);
  });

  it('refuses a face that matches more photos than the cap, dry run too, and hides nothing', async () => {
    for (const dry_run of [true, false]) {
      const res = await hide({ embedding: query, dry_run });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(
        'This face looks like the face in 25 photos of this event, more than one request can hide (20). It may match other people too. Use a clear selfie of your own face, looking at the camera, or ask the organiser to hide you.',
      );
    }
    const stats = await t.app.inject({
      url: `/api/v1/admin/events/${eventId}/hide-requests`,
      headers: bearer(token),
    });
    expect(envelope(hideRequestStats).parse(stats.json()).data).toEqual({
      requests: 0,
      hidden_faces: 0,
      hidden_photos: 0,
      held_photos: 0,
    });
  });

  it('hides a face that matches as many photos as the cap', async () => {
    const res = await hide({ embedding: twenty });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ photos: 20, stored: true });
  });
});
