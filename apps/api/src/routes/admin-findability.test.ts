import { envelope, findability } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hiddenBibs, jobs, photoBibs, photoFaces } from '../adapters/db/schema.js';
import { adminToken, bearer, createEventAsAdmin, importResultsCsv } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser, seedPhotos } from '../test-support/fixtures.js';

// A seeded event whose truth is known: five registered runners, eight photos, what was read on
// each (OCR with its confidence, manual tags, a hidden runner) and which ones show a face.
let t: TestApp;
let token: string;
let otherToken: string;
let eventId: number;
let emptyId: number;
let p0: string, p1: string, p2: string, p3: string, p4: string, p5: string, p6: string, p7: string;

const answer = envelope(findability);

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  token = await adminToken(t.services, 'city.example');
  otherToken = await adminToken(t.services, 'trail.example');
  eventId = await createEventAsAdmin(t.app, token, {
    name: 'Harbour Ten K',
    event_date: '2025-04-06',
    published: true,
    event_photos_config: { feature_flag: { name_search: true } },
  });
  emptyId = await createEventAsAdmin(t.app, token, {
    name: 'No Results Yet',
    event_date: '2025-05-06',
    published: true,
  });
  const imported = await importResultsCsv(
    t.app,
    token,
    eventId,
    'Bib,Name,Time\n101,Ann Archer,0:40:00\n102,Ben Brook,0:41:00\n103,Cai Chen,0:42:00\nF104,Dee Dale,0:43:00\n105,Eve Egan,0:44:00\n',
  );
  expect(imported.statusCode).toBe(200);
  [p0, p1, p2, p3, p4, p5, p6, p7] = (
    await seedPhotos(t.services, eventId, [{}, {}, {}, {}, {}, {}, {}, {}])
  ).map((p) => p.uuid) as [string, string, string, string, string, string, string, string];
  await seedPhotos(t.services, emptyId, [{}, {}]);
  const ocr = (photoUuid: string, bib: string, confidence: number, derived = false) => ({
    photoUuid,
    eventId,
    bib,
    confidence,
    source: 'ocr' as const,
    derived,
  });
  const db = t.database.db;
  await db.insert(photoBibs).values([
    ocr(p0, '101', 0.95), // Ann: found
    ocr(p1, '102', 0.5), // Ben: read below the threshold (0.8) only, so not found
    ocr(p2, '103', 0.5), // Cai: read low, but tagged by hand below: found, no review left
    {
      photoUuid: p2,
      eventId,
      bib: '103',
      confidence: 1,
      source: 'manual' as const,
      derived: false,
    },
    ocr(p3, 'F104', 0.9), // Dee: a lettered bib, found by her registered bib
    ocr(p3, '104', 0.9, true),
    ocr(p6, '999', 0.99), // nobody registered, but a bib search finds the photo
    ocr(p7, '105', 0.95), // Eve: asked to be hidden, so her bib finds nothing
  ]);
  await db.insert(hiddenBibs).values({ photoUuid: p7, eventId, bib: '105' });
  await db.insert(photoFaces).values({
    photoUuid: p4,
    eventId,
    boxX: 1,
    boxY: 1,
    boxW: 10,
    boxH: 10,
    score: 0.9,
    embedding: [0.1, 0.2],
  });
  void [p5, p7]; // p5: nothing read, no face
});
afterAll(() => t.close());

const dashboard = (id: number, bearerToken = token) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/events/${id}/findability`,
    headers: bearer(bearerToken),
  });

const search = (query: string, id = eventId) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/client/events/${id}/photos?${query}&app_domain=city.example`,
  });

async function missesUntil(count: number) {
  for (let i = 0; i < 100; i++) {
    const data = answer.parse((await dashboard(eventId)).json()).data;
    const total = data.missed_searches.reduce((sum, m) => sum + m.count, 0);
    if (total >= count) return data.missed_searches;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the missed searches were not counted');
}

describe('the findability dashboard', () => {
  it('does not count a photo still being read as one nobody can find', async () => {
    // p5 (nothing read yet, no face) is being read by a worker right now.
    const [job] = await t.database.db
      .insert(jobs)
      .values({
        kind: 'bibs',
        payload: { eventId, uuid: p5 },
        state: 'running',
        lockedAt: new Date(),
        idempotencyKey: `bibs:${p5}:reading`,
        eventId,
      })
      .returning({ id: jobs.id });
    try {
      const data = answer.parse((await dashboard(eventId)).json()).data;
      expect(data.photos).toMatchObject({ total: 8, still_reading: 1, without_bib_or_face: 2 });
    } finally {
      await t.database.db.delete(jobs).where(eq(jobs.id, job!.id));
    }
  });

  it('counts the registered runners a bib search finds, lists the others, and the photos nobody finds', async () => {
    const res = await dashboard(eventId);
    expect(res.statusCode).toBe(200);
    const data = answer.parse(res.json()).data;
    expect(data.runners).toEqual({ registered: 5, with_photos: 3, share: 0.6 });
    expect(data.bibs_without_photos).toEqual([
      { bib: '102', name: 'Ben Brook' },
      { bib: '105', name: 'Eve Egan' },
    ]);
    // p1 (read low only), p5 (nothing) and p7 (its only bib hidden); p4 has a face.
    expect(data.photos).toEqual({
      total: 8,
      still_reading: 0,
      without_bib_or_face: 3,
      low_confidence: 1,
    });
    expect(data.missed_searches).toEqual([]);
  });

  it('agrees with what a visitor’s bib search finds, runner by runner', async () => {
    const data = answer.parse((await dashboard(eventId)).json()).data;
    const missing = new Set(data.bibs_without_photos.map((b) => b.bib));
    for (const bib of ['101', '102', '103', 'F104', '105']) {
      const found = (await search(`bib=${bib}`)).json().data.total as number;
      expect(found > 0, `bib ${bib}`).toBe(!missing.has(bib));
    }
  });

  it('follows the event’s threshold: lowered, the low reading counts', async () => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/events/${eventId}`,
      headers: bearer(token),
      payload: { event_photos_config: { bib_config: { global_confidence_threshold: 0.4 } } },
    });
    expect(patched.statusCode).toBe(200);
    try {
      const data = answer.parse((await dashboard(eventId)).json()).data;
      expect(data.runners.with_photos).toBe(4);
      expect(data.bibs_without_photos.map((b) => b.bib)).toEqual(['105']);
      expect(data.photos.low_confidence).toBe(0);
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/events/${eventId}`,
        headers: bearer(token),
        payload: { event_photos_config: { bib_config: { global_confidence_threshold: 0.8 } } },
      });
    }
  });

  it('counts the bib and name searches that found nothing, one term per bib or name as typed any way', async () => {
    const before = answer.parse((await dashboard(eventId)).json()).data.missed_searches;
    const base = before.reduce((sum, m) => sum + m.count, 0);
    for (const q of [
      'bib=F-777',
      'bib=f777',
      'bib=F%20777',
      'name=Zo%C3%AB%20Quinn',
      'name=zoe%20QUINN',
    ])
      expect((await search(q)).json().data.total).toBe(0);
    // Found something, paged on, or refused: not a miss.
    expect((await search('bib=101')).json().data.total).toBe(1);
    expect((await search(`bib=${'9'.repeat(70)}`)).statusCode).toBeLessThan(500);
    const misses = await missesUntil(base + 5);
    expect(misses.every((m) => m.term.length <= 60)).toBe(true);
    const ours = misses.filter((m) => m.term === 'F777' || m.term === 'zoe quinn');
    expect(ours.map((m) => [m.kind, m.term, m.count])).toEqual([
      ['bib', 'F777', 3],
      ['name', 'zoe quinn', 2],
    ]);
    // The earlier test's searches for the runners with no photo were misses too; 101 was found.
    expect(
      misses
        .filter((m) => ours.indexOf(m) < 0)
        .map((m) => m.term)
        .sort(),
    ).toEqual(['102', '105']);
    expect(Date.parse(misses[0]!.last_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('has no share without results, and every photo without a bib or face is unfindable', async () => {
    const data = answer.parse((await dashboard(emptyId)).json()).data;
    expect(data.runners).toEqual({ registered: 0, with_photos: 0, share: null });
    expect(data.photos).toEqual({
      total: 2,
      still_reading: 0,
      without_bib_or_face: 2,
      low_confidence: 0,
    });
  });

  it('leaves a hidden photo out, as the public search does, and counts it again once restored', async () => {
    const act = (verb: 'hide' | 'restore') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/photos/${p0}/${verb}`,
        headers: bearer(token),
      });
    expect((await act('hide')).statusCode).toBe(200);
    try {
      const data = answer.parse((await dashboard(eventId)).json()).data;
      expect(data.runners.with_photos).toBe(2);
      expect(data.bibs_without_photos.map((b) => b.bib)).toEqual(['101', '102', '105']);
      expect(data.photos.total).toBe(7);
      expect((await search('bib=101')).json().data.total).toBe(0);
    } finally {
      expect((await act('restore')).statusCode).toBe(200);
    }
    expect(answer.parse((await dashboard(eventId)).json()).data.runners.with_photos).toBe(3);
  });

  it('is the organiser’s own: another organiser gets 404, no token 401', async () => {
    expect((await dashboard(eventId, otherToken)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/events/${eventId}/findability`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await dashboard(999_999)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/admin/events/abc/findability',
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(400);
  });
});
