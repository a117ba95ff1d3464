import { createHash } from 'node:crypto';
import { envelope, selfieSearchAnswer } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewFace } from '../repositories/faces.js';
import type { BibReader, BibReading } from '../services/bibs.js';
import type { FaceDetector } from '../services/faces.js';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';
import { blend } from '../test-support/faces.js';

/**
 * A selfie's face and the bib under it confirm each other: the photos of the bib the matched
 * faces wear are the visitor's too, and a face above another runner's read bib is not.
 */
const runner = blend(0);
const runnerTurned = blend(0, 4, 0.3); // the runner's head turned: similarity 0.3, no match
const runnerInShade = blend(0, 5, 0.55); // "maybe you" (0.55) alone
const lookAlike = blend(0, 6, 0.55); // a stranger as alike as that
const other = blend(1);

const below = { x: 400, y: 400, width: 120, height: 80 };
const above = { x: 430, y: 200, width: 60, height: 60 };
const bib = (number: string): BibReading => ({ bib: number, confidence: 0.95, box: below });
const face = (embedding: number[]): NewFace => ({ box: above, score: 0.9, embedding });

const plan: Record<string, { bibs: BibReading[]; faces: NewFace[] }> = {
  front: { bibs: [bib('123')], faces: [face(runner)] },
  turned: { bibs: [bib('123')], faces: [face(runnerTurned)] },
  backOnly: { bibs: [bib('123')], faces: [] },
  shade: { bibs: [bib('123')], faces: [face(runnerInShade)] },
  stranger: { bibs: [bib('777')], faces: [face(lookAlike)] },
  otherRunner: { bibs: [bib('555')], faces: [face(other)] },
};
const byHash = new Map<string, { bibs: BibReading[]; faces: NewFace[] }>();
const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const bibReader: BibReader = { readBibs: async (image) => byHash.get(hash(image))?.bibs ?? [] };
const faceDetector: FaceDetector = {
  detectFaces: async (image) => byHash.get(hash(image))?.faces ?? [],
};

let t: TestApp;
let token: string;
let eventId: number;
const photo: Record<string, string> = {};

async function selfie(embedding: number[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
    payload: { embedding },
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(selfieSearchAnswer).parse(res.json()).data.photos;
}
const named = (uuid: string) => Object.keys(photo).find((name) => photo[name] === uuid);

beforeAll(async () => {
  t = await createTestApp(
    { FACES_ENABLED: 'true', OCR_ENABLED: 'true' },
    { bibReader, faceDetector },
  );
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name: 'Bib Town',
      event_date: '2025-06-01',
      published: true,
      event_photos_config: { feature_flag: { selfie_search: true } },
    },
  });
  eventId = created.json().data.id;
  const files = [];
  for (const [i, name] of Object.keys(plan).entries()) {
    const bytes = await testImage({ colour: `hsl(${i * 45}, 60%, 50%)` });
    byHash.set(hash(bytes), plan[name]!);
    files.push({ filename: `${name}.jpg`, bytes });
  }
  const res = await upload(t.app, token, eventId, files);
  for (const a of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[a.filename.replace('.jpg', '')] = a.uuid;
  expect(await waitForJobs(t.services, eventId)).toMatchObject({ failed: 0 });
});
afterAll(() => t.close());

describe('selfie search and the bib under the face', () => {
  it('adds the photos of the matched face’s bib, drops a look-alike above another bib', async () => {
    const found = await selfie(runner);
    const rows = found.map((p) => [named(p.uuid), p.tier, p.bib, p.found_by ?? 'face']);
    expect(rows.slice(0, 2)).toEqual([
      ['front', 'match', '123', 'face'],
      // A "maybe you" face over the runner's own bib is the runner.
      ['shade', 'match', '123', 'face'],
    ]);
    // No face matched on these, the bib did: they come after every face found.
    expect(rows.slice(2).sort()).toEqual([
      ['backOnly', 'match', '123', 'bib'],
      ['turned', 'match', '123', 'bib'],
    ]);
    // The look-alike above bib 777 (as alike as the runner in the shade) is not shown at all.
    expect(found.some((p) => p.uuid === photo.stranger)).toBe(false);
    // The photo found by the bib carries the similarity of the face that tied the bib to the selfie.
    expect(found.find((p) => p.uuid === photo.backOnly)!.similarity).toBeCloseTo(1, 2);
  });

  it('adds nothing when the matched faces wear two runners’ bibs: one of them is a stranger', async () => {
    // Like the runner above 123 (0.71) and the runner above 555 (0.71): two matches, two bibs.
    const between = blend(0, 1, Math.SQRT1_2);
    const found = await selfie(between);
    expect(Object.fromEntries(found.map((p) => [named(p.uuid), [p.tier, p.bib]]))).toEqual({
      front: ['match', '123'],
      otherRunner: ['match', '555'],
    });
    expect(found.every((p) => p.found_by === undefined)).toBe(true);
    expect(found.some((p) => p.uuid === photo.backOnly)).toBe(false);
  });

  it('never reaches into another event, by face or by bib', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/events',
      headers: bearer(token),
      payload: {
        name: 'Next Year',
        event_date: '2026-06-01',
        published: true,
        event_photos_config: { feature_flag: { selfie_search: true } },
      },
    });
    const other = created.json().data.id as number;
    // The same runner, the same bib, on the other event's photos.
    const files = [];
    for (const [i, planned] of [plan.front!, plan.backOnly!].entries()) {
      const bytes = await testImage({ colour: `hsl(${300 + i * 20}, 40%, 40%)` });
      byHash.set(hash(bytes), planned);
      files.push({ filename: `other${i}.jpg`, bytes });
    }
    const res = await upload(t.app, token, other, files);
    const theirs = (res.json().data.accepted as Array<{ uuid: string }>).map((a) => a.uuid);
    expect(await waitForJobs(t.services, other)).toMatchObject({ failed: 0 });
    const found = (await selfie(runner)).map((p) => p.uuid);
    expect(found).toHaveLength(4);
    expect(found.filter((uuid) => theirs.includes(uuid))).toEqual([]);
  });

  it('a selfie that matches no face above a read bib is answered by its faces alone', async () => {
    const found = await selfie(blend(9));
    expect(found).toEqual([]);
  });
});
