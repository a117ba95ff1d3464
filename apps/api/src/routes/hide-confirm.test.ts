import {
  envelope,
  hideRequestAnswer,
  hideRequestItems,
  hideRequestUndone,
  selfieSearchAnswer,
} from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NONE_CONFIRMED_MESSAGE, UNKNOWN_REQUEST_MESSAGE } from '../services/hides.js';
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
import { blend, plannedFaceDetector } from '../test-support/faces.js';

/**
 * "Hide me" hides only what the visitor confirmed: the dry run shows each photo and face it
 * found, and the request changes only the photos sent back as theirs.
 */
const runner = blend(0);
const FACE = { x: 40, y: 30, width: 60, height: 60 };
/** Three photos a selfie of the runner finds; on the third the visitor sees someone else. */
const FACES: Record<string, number[]> = {
  finish: blend(0, 3, 0.95),
  start: blend(0, 3, 0.85),
  notMe: blend(0, 5, 0.8),
};
const COLOURS: Record<string, string> = { finish: '#336699', start: '#993366', notMe: '#669933' };
const faceDetector = plannedFaceDetector();

let t: TestApp;
let eventId: number;
let token: string;
let otherToken: string;
const photo: Record<string, string> = {};
const nameOf = (uuid: string) => Object.entries(photo).find(([, u]) => u === uuid)?.[0] ?? uuid;
const hide = (payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/client/events/${eventId}/hide-requests`, payload });

beforeAll(async () => {
  t = await createTestApp({ FACES_ENABLED: 'true' }, { faceDetector });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  token = await adminToken(t.services, 'city.example');
  otherToken = await adminToken(t.services, 'trail.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Confirm Town',
    event_date: '2025-06-01',
    published: true,
    event_photos_config: { feature_flag: { selfie_search: true } },
  });
  const files = [];
  for (const name of Object.keys(FACES)) {
    const bytes = await testImage({ width: 200, height: 150, colour: COLOURS[name] });
    faceDetector.plan(bytes, [{ box: FACE, score: 0.9, embedding: FACES[name]! }]);
    files.push({ filename: `${name}.jpg`, bytes });
  }
  const res = await upload(t.app, token, eventId, files);
  expect(res.statusCode, res.body).toBe(202);
  for (const a of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[a.filename.replace('.jpg', '')] = a.uuid;
  expect((await waitForJobs(t.services, eventId)).failed).toBe(0);
});
afterAll(() => t.close());

describe('hide me, confirmed photo by photo', () => {
  it('the dry run shows each photo and the face it would blur, most alike first', async () => {
    const res = await hide({ embedding: runner, dry_run: true });
    expect(res.statusCode, res.body).toBe(200);
    const answer = envelope(hideRequestAnswer).parse(res.json()).data;
    expect(answer.matches?.map((m) => nameOf(m.uuid))).toEqual(['finish', 'start', 'notMe']);
    expect(answer.matches?.[0]).toEqual({ uuid: photo.finish, width: 200, height: 150, box: FACE });
  });

  it('refuses a list that is not photo ids, or too long, and hides nothing', async () => {
    expect((await hide({ embedding: runner, photos: ['../etc/passwd'] })).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, () => photo.finish);
    expect((await hide({ embedding: runner, photos: many })).statusCode).toBe(400);
    const stranger = await hide({
      embedding: runner,
      photos: ['6f1c2b1e-0000-4000-8000-000000000000'],
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().message).toBe(NONE_CONFIRMED_MESSAGE);
    expect(await selfie()).toEqual(['finish', 'start', 'notMe']);
  });

  it('hides only the confirmed photos; the one the visitor said is not them stays found', async () => {
    const res = await hide({ embedding: runner, photos: [photo.finish, photo.start] });
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope(hideRequestAnswer).parse(res.json()).data).toEqual({ photos: 2, stored: true });
    expect(await selfie()).toEqual(['notMe']);
  });
});

describe('the organiser undoes a request', () => {
  const items = async (as = token) => {
    const res = await t.app.inject({
      url: `/api/v1/admin/events/${eventId}/hide-requests/items`,
      headers: bearer(as),
    });
    return {
      status: res.statusCode,
      items: res.statusCode === 200 ? envelope(hideRequestItems).parse(res.json()).data.items : [],
    };
  };
  const undo = (id: number, as = token) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId}/hide-requests/${id}`,
      headers: bearer(as),
    });

  it('sees each request with what it blurred, never a face; another organiser sees none', async () => {
    const { items: list } = await items();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ hidden_faces: 2, hidden_photos: 2 });
    expect(Object.keys(list[0]!).sort()).toEqual([
      'created_at',
      'hidden_faces',
      'hidden_photos',
      'id',
    ]);
    expect((await items(otherToken)).status).toBe(404);
    expect((await undo(list[0]!.id, otherToken)).statusCode).toBe(404);
  });

  it('in one call the faces are shown and found again; a second undo is a 404', async () => {
    const [request] = (await items()).items;
    const res = await undo(request!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope(hideRequestUndone).parse(res.json()).data).toEqual({ photos: 2 });
    expect(await selfie()).toEqual(['finish', 'start', 'notMe']);
    expect((await items()).items).toEqual([]);
    const again = await undo(request!.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(UNKNOWN_REQUEST_MESSAGE);
    expect((await undo(999_999)).statusCode).toBe(404);
  });
});

async function selfie(): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
    payload: { embedding: runner },
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(selfieSearchAnswer)
    .parse(res.json())
    .data.photos.map((p) => nameOf(p.uuid));
}
