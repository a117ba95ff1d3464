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

/** "More photos of you": the face above a bib finds the runner where the bib is hidden. */
const runner = blend(0);
const runnerElsewhere = blend(0, 3, 0.8); // the same runner on another photo: similarity 0.8
const neighbour = blend(1);

const plan: Record<string, { bibs: BibReading[]; faces: NewFace[] }> = {
  // The runner (face over the bib) beside a neighbour.
  withBib: {
    bibs: [{ bib: '123', confidence: 0.95, box: { x: 400, y: 400, width: 120, height: 80 } }],
    faces: [
      { box: { x: 430, y: 200, width: 60, height: 60 }, score: 0.9, embedding: runner },
      { box: { x: 150, y: 200, width: 60, height: 60 }, score: 0.9, embedding: neighbour },
    ],
  },
  bibHidden: {
    bibs: [],
    faces: [
      { box: { x: 50, y: 50, width: 80, height: 80 }, score: 0.9, embedding: runnerElsewhere },
    ],
  },
  neighbourOnly: {
    bibs: [],
    faces: [{ box: { x: 50, y: 50, width: 80, height: 80 }, score: 0.9, embedding: neighbour }],
  },
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

async function more(bib: string) {
  return t.app.inject({ url: `/api/v1/client/events/${eventId}/photos/more-of-bib?bib=${bib}` });
}

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
      name: 'Face Town',
      event_date: '2025-06-01',
      published: true,
      event_photos_config: { feature_flag: { selfie_search: true } },
    },
  });
  eventId = created.json().data.id;
  const files = [];
  for (const [i, name] of Object.keys(plan).entries()) {
    const bytes = await testImage({ colour: `hsl(${i * 90}, 60%, 50%)` });
    byHash.set(hash(bytes), plan[name]!);
    files.push({ filename: `${name}.jpg`, bytes });
  }
  const res = await upload(t.app, token, eventId, files);
  for (const a of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[a.filename.replace('.jpg', '')] = a.uuid;
  expect(await waitForJobs(t.services, eventId)).toMatchObject({ done: 9, failed: 0 });
});
afterAll(() => t.close());

describe('more photos of you', () => {
  it('finds the bib wearer’s face on photos where the bib is not read, not the neighbour’s', async () => {
    const res = await more('123');
    expect(res.statusCode, res.body).toBe(200);
    const data = envelope(selfieSearchAnswer).parse(res.json()).data;
    expect(data.photos.map((p) => [p.uuid, p.tier])).toEqual([[photo.bibHidden, 'match']]);
    expect(data.photos[0]!.similarity).toBeCloseTo(0.8, 2);
    // A bib nobody wears on a photo: nothing.
    expect(envelope(selfieSearchAnswer).parse((await more('999')).json()).data.photos).toEqual([]);
    expect((await more('12-3')).statusCode).toBe(400);
  });

  it('a selfie’s matches carry the bib the matched face wears ("This is me"), or null', async () => {
    const selfie = async (embedding: number[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
        payload: { embedding },
      });
      expect(res.statusCode, res.body).toBe(200);
      return envelope(selfieSearchAnswer)
        .parse(res.json())
        .data.photos.map((p) => [p.uuid, p.bib]);
    };
    // The runner: bib 123 where they wear it; no bib read where it is hidden.
    expect(await selfie(runner)).toEqual([
      [photo.withBib, '123'],
      [photo.bibHidden, null],
    ]);
    // The neighbour's face is on two photos, equally similar: they come in the gallery's order.
    const gallery = await t.app.inject({
      url: `/api/v1/client/events/${eventId}/photos?limit=10`,
    });
    const galleryOrder: string[] = gallery.json().data.photos.map((p: { uuid: string }) => p.uuid);
    const inGalleryOrder = (pairs: Array<[string, string | null]>) =>
      [...pairs].sort((a, b) => galleryOrder.indexOf(a[0]) - galleryOrder.indexOf(b[0]));
    // The neighbour stands beside bib 123, not over it: it is not theirs.
    expect(await selfie(neighbour)).toEqual(
      inGalleryOrder([
        [photo.withBib!, null],
        [photo.neighbourOnly!, null],
      ]),
    );
    // An operator's tag (no box) on a photo of one face: that face's bib.
    const tagged = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/photos/${photo.neighbourOnly}/bibs`,
      headers: bearer(token),
      payload: { bibs: ['77'] },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(await selfie(neighbour)).toEqual(
      inGalleryOrder([
        [photo.withBib!, null],
        [photo.neighbourOnly!, '77'],
      ]),
    );
  });

  it('needs both selfie search and bib search', async () => {
    for (const flag of ['bib_search', 'selfie_search']) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/events/${eventId}`,
        headers: bearer(token),
        payload: { event_photos_config: { feature_flag: { [flag]: false } } },
      });
      expect((await more('123')).statusCode).toBe(403);
    }
  });
});
