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

/**
 * "More photos of you" held to the event's own calibration (faces/fusion.ts): on an event whose
 * runners all look alike to the model (as the demo's drawn faces do), strangers that pass the
 * event's threshold are turned away, and the runner's own photo is still found.
 */
const vector = (parts: Record<number, number>): number[] =>
  Array.from({ length: 1024 }, (_, k) => parts[k] ?? 0);
// Every face shares one direction (a look-alike crowd: different runners score 0.85).
const a = Math.sqrt(0.85);
const b = Math.sqrt(0.15);
const runner = vector({ 0: a, 1: b });
// The runner on another photo: 0.985 to their face, 0.85 to everyone else.
const runnerElsewhere = vector({ 0: a, 1: b * 0.9, 2: b * Math.sqrt(1 - 0.81) });
// A stranger like the runner (0.895), but more like another runner (0.925): not the runner.
const stranger = vector({ 0: a, 1: b * 0.3, 10: b * 0.5, 3: b * Math.sqrt(1 - 0.09 - 0.25) });
// A stranger unlike the crowd: 0.815 to the runner, under what this event's strangers reach.
const outsider = vector({ 0: 0.8, 1: 0.2, 4: Math.sqrt(1 - 0.64 - 0.04) });
const lookalike = (k: number) => vector({ 0: a, [10 + k]: b });

const face = (embedding: number[]): NewFace => ({
  box: { x: 430, y: 200, width: 60, height: 60 },
  score: 0.9,
  embedding,
});
const bibUnder = (bib: string): BibReading => ({
  bib,
  confidence: 0.95,
  box: { x: 400, y: 400, width: 120, height: 80 },
});
const byHash = new Map<string, { bibs: BibReading[]; faces: NewFace[] }>();
const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const bibReader: BibReader = { readBibs: async (image) => byHash.get(hash(image))?.bibs ?? [] };
const faceDetector: FaceDetector = {
  detectFaces: async (image) => byHash.get(hash(image))?.faces ?? [],
};

let t: TestApp;
let token: string;
let eventId: number;
let hue = 0;
const photo: Record<string, string> = {};

async function add(plan: Record<string, { bibs: BibReading[]; faces: NewFace[] }>) {
  const files = [];
  for (const [name, content] of Object.entries(plan)) {
    const bytes = await testImage({ colour: `hsl(${(hue += 23)}, 60%, 50%)` });
    byHash.set(hash(bytes), content);
    files.push({ filename: `${name}.jpg`, bytes });
  }
  const res = await upload(t.app, token, eventId, files);
  for (const up of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[up.filename.replace('.jpg', '')] = up.uuid;
  expect(await waitForJobs(t.services, eventId)).toMatchObject({ failed: 0 });
}

async function more(bib: string) {
  const res = await t.app.inject({
    url: `/api/v1/client/events/${eventId}/photos/more-of-bib?bib=${bib}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(selfieSearchAnswer).parse(res.json()).data;
}

beforeAll(async () => {
  t = await createTestApp(
    { FACES_ENABLED: 'true', OCR_ENABLED: 'true' },
    { bibReader, faceDetector },
  );
  // A calibration made stale by new faces is made again on the next search, not 10 s later.
  t.services.faces.calibrations.recalibrateMs = 0;
  await seedOrganiser(t.services, { name: 'Look-alike Runs', domains: ['alike.example'] });
  token = await adminToken(t.services, 'alike.example');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name: 'Look-alike 10K',
      event_date: '2025-06-01',
      published: true,
      event_photos_config: { feature_flag: { selfie_search: true } },
    },
  });
  eventId = created.json().data.id;
  await add({
    withBib: { bibs: [bibUnder('123')], faces: [face(runner)] },
    elsewhere: { bibs: [], faces: [face(runnerElsewhere)] },
    stranger: { bibs: [], faces: [face(stranger)] },
    outsider: { bibs: [], faces: [face(outsider)] },
  });
});
afterAll(() => t.close());

describe('more photos of you, calibrated on the event', () => {
  it('with no other runner known, the event’s threshold alone decides', async () => {
    const data = await more('123');
    expect(data.threshold).toBe(0.6);
    expect(data.photos.map((p) => p.uuid)).toEqual([
      photo.elsewhere,
      photo.stranger,
      photo.outsider,
    ]);
  });

  it('once other runners’ faces are known, their look-alikes are turned away, the runner is still found', async () => {
    // Eleven runners over read bibs: 66 pairs of faces known to be different people, all 0.85.
    await add(
      Object.fromEntries(
        Array.from({ length: 11 }, (_, k) => [
          `other${k}`,
          { bibs: [bibUnder(String(201 + k))], faces: [face(lookalike(k))] },
        ]),
      ),
    );
    const data = await more('123');
    // The bar rose to what this event's strangers reach (0.85, to int8 rounding).
    expect(data.threshold).toBeGreaterThan(0.84);
    expect(data.threshold).toBeLessThan(0.86);
    // The outsider (0.815) is under it; the stranger (0.895) passes it but is nearer another
    // runner; the other runners themselves (0.85) wear their own bibs.
    expect(data.photos.map((p) => [p.uuid, p.tier])).toEqual([[photo.elsewhere, 'match']]);
    expect(data.photos[0]!.similarity).toBeCloseTo(0.985, 2);
    // Bib 201's runner: the face nearest theirs (the "stranger", 0.925), not bib 123's runner.
    expect((await more('201')).photos.map((p) => p.uuid)).toEqual([photo.stranger]);
  });
});
