import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { envelope, selfieSearchAnswer } from '@eventsite/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaceDetector } from '../services/faces.js';
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

// A visitor's face descriptor is used for one search and then forgotten: it reaches no log line
// (with every log level on) and no table, and no file is written. Also: an event with selfie
// search off refuses every way of searching by face.

/** The stored face: person A. */
const personA = Array.from({ length: 1024 }, (_, i) => (i === 0 ? 1 : 0));

/**
 * The visitor's descriptor: close to A (similarity 0.9), every one of its 1024 values non-zero
 * and distinct, so that any of them written anywhere would be found by its digits.
 */
const query: number[] = (() => {
  const rest = Array.from({ length: 1023 }, (_, i) => 1 + ((i * 37) % 101) / 101.123);
  const scale = Math.sqrt(1 - 0.9 ** 2) / Math.hypot(...rest);
  return [0.9, ...rest.map((v) => v * scale)];
})();
/** How a value would show in a log line: its first 8 decimals (0.9 is too short to tell). */
const digits = query.map((v) => String(v).slice(0, 10)).filter((d) => d.length === 10);

const detector: FaceDetector = {
  async detectFaces() {
    return [{ box: { x: 10, y: 20, width: 40, height: 40 }, score: 0.9, embedding: personA }];
  },
};

let t: TestApp;
let token: string;
let eventId: number;
const answer = envelope(selfieSearchAnswer);

/** Every table's row count (the public schema: everything the API stores). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await t.database.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}`,
    )) as unknown as { rows: Array<{ n: number }> };
    counts[table_name] = Number(result.rows[0]!.n);
  }
  return counts;
}

/** Every file under the app's data folder (photos, variants, the local database's files). */
async function files(): Promise<string[]> {
  const entries = await readdir(t.dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const search = (embedding: number[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
    payload: { embedding },
  });

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
    { faceDetector: detector, logLevel: 'trace' },
  );
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Quiet Faces',
    event_date: '2025-06-01',
    published: true,
    event_photos_config: { feature_flag: { selfie_search: true, bib_search: true } },
  });
  await upload(t.app, token, eventId, [{ filename: 'a.jpg', bytes: await testImage({}) }]);
  expect((await waitForJobs(t.services, eventId)).failed).toBe(0);
});
afterAll(() => t.close());

describe('a selfie search leaves nothing behind', () => {
  it('finds the photo, and its descriptor is in no log line (trace level), no table and no file', async () => {
    // Debug and trace lines are captured: the app logs each request at this level.
    expect(t.logs.some((l) => l.level <= 20)).toBe(true);
    const rowsBefore = await rowCounts();
    const filesBefore = await files();
    const logsBefore = t.logs.length;

    const res = await search(query);
    expect(res.statusCode, res.body).toBe(200);
    const found = answer.parse(res.json()).data.photos;
    expect(found.map((p) => p.tier)).toEqual(['match']);
    expect(found[0]!.similarity).toBeCloseTo(0.9, 2);
    // A refused descriptor (not unit length) takes the error path: it must not be logged either.
    expect((await search(query.map((v) => v * 2))).statusCode).toBe(400);

    const lines = t.logs.slice(logsBefore).map((l) => JSON.stringify(l));
    expect(lines.length).toBeGreaterThan(0);
    const leaked = digits.filter((d) => lines.some((line) => line.includes(d)));
    expect(leaked).toEqual([]);

    expect(await rowCounts()).toEqual(rowsBefore);
    expect(await files()).toEqual(filesBefore);
  });

  it('with selfie_search off, every way to search by face is refused, before anything is read', async () => {
    await patchFlags({ selfie_search: false });
    try {
      expect((await search(query)).statusCode).toBe(403);
      const image = await t.app.inject({
        method: 'POST',
        url: `/api/v1/client/events/${eventId}/photos/selfie-search/image`,
        headers: { 'content-type': 'image/jpeg' },
        payload: await testImage({ colour: 'hsl(300, 60%, 50%)' }),
      });
      expect(image.statusCode, image.body).toBe(403);
      expect(image.body).toMatch(/Selfie search is turned off/);
      const more = await t.app.inject({
        method: 'GET',
        url: `/api/v1/client/events/${eventId}/photos/more-of-bib?bib=123`,
      });
      expect(more.statusCode, more.body).toBe(403);
    } finally {
      await patchFlags({ selfie_search: true });
    }
  });
});
