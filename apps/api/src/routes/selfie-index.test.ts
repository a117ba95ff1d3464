import { envelope, selfieSearchAnswer } from '@eventsite/contract';
import { FACE_RECIPE_VERSION } from '@eventsite/contract/face-recipe';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { NewFace } from '../repositories/faces.js';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { basis, face, plannedFaceDetector } from '../test-support/faces.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/** The per-event face index across restarts: loaded when the API starts, old rows converted. */

/** Not a unit vector on purpose: stored as found, normalised by the index. */
const personA = basis(0).map((v, i) => (i === 3 ? 0.2 : v * 3));
/** The same face as a selfie's descriptor (searches take unit vectors). */
const selfieA = personA.map((v) => v / Math.hypot(3, 0.2));
const personB = basis(1);
const personC = basis(2);
const legacyPerson = basis(4);

const stubDetector = plannedFaceDetector();

let t: TestApp;
let token: string;
let eventId: number;
let hiddenEventId: number;
const photo: Record<string, string> = {};
const answer = envelope(selfieSearchAnswer);

async function createEvent(name: string, published: boolean, selfie: boolean): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name,
      // Today: its face data is kept (an event past its retention with none left says so, 410).
      event_date: new Date().toISOString().slice(0, 10),
      published,
      event_photos_config: { feature_flag: { selfie_search: selfie } },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id;
}

async function uploadPlanned(id: number, plan: Record<string, NewFace[]>, hue: number) {
  const files = [];
  for (const [i, name] of Object.keys(plan).entries()) {
    const bytes = await testImage({ colour: `hsl(${hue + i * 40}, 60%, 50%)` });
    stubDetector.plan(bytes, plan[name]!);
    files.push({ filename: `${name}.jpg`, bytes });
  }
  const res = await upload(t.app, token, id, files);
  for (const a of res.json().data.accepted as Array<{ filename: string; uuid: string }>)
    photo[a.filename.replace('.jpg', '')] = a.uuid;
  const jobs = await waitForJobs(t.services, id);
  expect(jobs.failed).toBe(0);
}

async function found(app: FastifyInstance, embedding: number[], id = eventId) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${id}/photos/selfie-search`,
    payload: { embedding },
  });
  expect(res.statusCode, res.body).toBe(200);
  return answer
    .parse(res.json())
    .data.photos.map(
      (p) => Object.entries(photo).find(([, uuid]) => uuid === p.uuid)?.[0] ?? p.uuid,
    );
}

async function rows(query: ReturnType<typeof sql>) {
  return ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] })
    .rows;
}

/** A second API over the same database and files: the API started again. */
async function restart(): Promise<FastifyInstance> {
  const app = await buildApp({
    config: t.config,
    database: t.database,
    blobs: t.blobs,
    logger: { level: 'warn' },
    worker: false,
    faceDetector: stubDetector,
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await createTestApp(
    { FACES_ENABLED: 'true', OCR_ENABLED: 'false' },
    { faceDetector: stubDetector },
  );
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  eventId = await createEvent('Face Town', true, true);
  await uploadPlanned(eventId, { a1: [face(personA)], b1: [face(personB)], old: [] }, 0);
  // A face written before embedding_f32 existed: only the real[] column (described under the
  // current recipe: one of an earlier recipe would be described again at start).
  await t.database.db.execute(sql`
    insert into photo_faces (photo_uuid, event_id, box_x, box_y, box_w, box_h, score, embedding,
                             recipe_version)
    values (${photo.old}, ${eventId}, 1, 2, 30, 40, 0.8,
            ${`{${legacyPerson.join(',')}}`}::real[], ${FACE_RECIPE_VERSION})`);
  // Not published: its faces are not loaded at start.
  hiddenEventId = await createEvent('Hidden', false, true);
  await uploadPlanned(hiddenEventId, { h1: [face(personC)] }, 200);
});
afterAll(() => t.close());

describe('the face index', () => {
  it('stores new faces as Float32 bytes only', async () => {
    const stored = await rows(sql`
      select octet_length(embedding_f32) as bytes, embedding is null as no_array
      from photo_faces where photo_uuid = ${photo.a1}`);
    expect(stored).toEqual([{ bytes: 4096, no_array: true }]);
    const [read] = await t.services.faces['faces'].ofPhoto(photo.a1!);
    // Float32 of the values found (not normalised).
    expect(read!.embedding.slice(0, 4)).toEqual([3, 0, 0, Math.fround(0.2)]);
  });

  it('is loaded when the API starts, for published events with selfie search on', async () => {
    const app = await restart();
    try {
      const faces = app.services.faces;
      // No search yet: the load begun at start (preload answers that same run) fills it.
      await faces.preload();
      expect(faces['indexes'].has(hiddenEventId)).toBe(false);
      const loaded = faces['indexes'].get(eventId);
      expect((await loaded)!.size).toBe(3);
      expect(await found(app, selfieA)).toEqual(['a1']);
      expect(faces['indexes'].get(eventId)).toBe(loaded);
    } finally {
      await app.close();
    }
  });

  it('answers a search right after start, waiting for the load under way (one load)', async () => {
    const app = await restart();
    try {
      const faces = app.services.faces;
      // Every face, the old real[] row included.
      expect(await found(app, legacyPerson)).toEqual(['old']);
      const loaded = faces['indexes'].get(eventId);
      await faces.preload();
      expect(faces['indexes'].get(eventId)).toBe(loaded);
      expect(await found(app, selfieA)).toEqual(['a1']);
    } finally {
      await app.close();
    }
  });

  it('converts old real[] rows to bytes as it loads them, losing nothing', async () => {
    const stored = await rows(sql`
      select octet_length(embedding_f32) as bytes, embedding is null as no_array, box_w, score
      from photo_faces where photo_uuid = ${photo.old}`);
    expect(stored).toEqual([{ bytes: 4096, no_array: true, box_w: 30, score: 0.8 }]);
    const [read] = await t.services.faces['faces'].ofPhoto(photo.old!);
    expect(read!.embedding).toEqual(legacyPerson);
    // And the next start reads the bytes and still finds it.
    const app = await restart();
    try {
      expect(await found(app, legacyPerson)).toEqual(['old']);
    } finally {
      await app.close();
    }
  });

  it('refuses a face row with neither embedding column', async () => {
    await expect(
      t.database.db.execute(sql`
        insert into photo_faces (photo_uuid, event_id, box_x, box_y, box_w, box_h, score)
        values (${photo.old}, ${eventId}, 1, 2, 30, 40, 0.8)`),
    ).rejects.toThrow();
  });

  it('takes the faces of photos added after it loaded', async () => {
    expect(await found(t.app, personC)).toEqual([]);
    await uploadPlanned(eventId, { c1: [face(personC)] }, 300);
    expect(await found(t.app, personC)).toEqual(['c1']);
  });

  it('loads an unpublished event’s faces once it is published, on its first search', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/events/${hiddenEventId}`,
      headers: bearer(token),
      payload: { published: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await found(t.app, personC, hiddenEventId)).toEqual(['h1']);
  });

  it('is emptied when the organiser deletes the event’s face data, and stays empty after a restart', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/events/${eventId}/faces`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: 4 });
    // Nobody is found: selfie search says the face data was erased, before and after a restart.
    const erased = async (app: FastifyInstance, embedding: number[]) => {
      const search = await app.inject({
        method: 'POST',
        url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
        payload: { embedding },
      });
      expect(search.statusCode, search.body).toBe(410);
      expect(search.json().message).toMatch(/its organiser erased the face data on/);
    };
    await erased(t.app, selfieA);
    const app = await restart();
    try {
      await erased(app, selfieA);
      await erased(app, legacyPerson);
    } finally {
      await app.close();
    }
  });
});
