import { createHash } from 'node:crypto';
import { bibReviewPage, envelope, photoPage } from '@eventsite/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BibReader, BibReading } from '../services/bibs.js';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/** Bibs by hand: the review list, tagging by hand, roles, and what a visitor's search sees at once. */

const readings = new Map<string, BibReading[]>();
const stubReader: BibReader = {
  async readBibs(image) {
    return readings.get(createHash('sha256').update(image).digest('hex')) ?? [];
  },
};
const box = { x: 10, y: 20, width: 30, height: 15 };
const PASSWORD = 'correct horse battery';

let t: TestApp;
let token: string;
let eventId: number;
let otherEvent: number;
const photo: Record<string, string> = {};
const sessions: Record<string, string> = {};

const reviewEnvelope = envelope(bibReviewPage);
const name = (uuid: string) => Object.entries(photo).find(([, u]) => u === uuid)?.[0] ?? uuid;

async function review(query = '', as = sessions.editor!, id = eventId) {
  return t.app.inject({
    url: `/api/v1/admin/events/${id}/bibs/review${query}`,
    headers: bearer(as),
  });
}
async function reviewed(query = '') {
  const res = await review(query);
  expect(res.statusCode, res.body).toBe(200);
  return reviewEnvelope.parse(res.json()).data;
}
const tag = (p: string, bibs: string[], as = sessions.editor!) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/photos/${photo[p] ?? p}/bibs`,
    headers: bearer(as),
    payload: { bibs },
  });
async function found(bib: string): Promise<string[]> {
  const res = await t.app.inject({
    url: `/api/v1/client/events/${eventId}/photos?bib=${encodeURIComponent(bib)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(photoPage)
    .parse(res.json())
    .data.photos.map((p) => name(p.uuid))
    .sort();
}

async function makeEvent(tok: string, title: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(tok),
    payload: { name: title, event_date: '2025-06-01', published: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'true' }, { bibReader: stubReader });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  token = await adminToken(t.services, 'city.example');
  for (const role of ['owner', 'editor', 'photographer'])
    await t.services.console.createUser('city.example', `${role}@city.example`, role, PASSWORD);
  await t.services.console.createUser('trail.example', 'owner@trail.example', 'owner', PASSWORD);
  for (const [key, email, domain] of [
    ['editor', 'editor@city.example', 'city.example'],
    ['photographer', 'photographer@city.example', 'city.example'],
    ['trail', 'owner@trail.example', 'trail.example'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/console/sign-in',
      payload: { app_domain: domain, email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    sessions[key] = res.json().data.session_token;
  }
  eventId = await makeEvent(token, 'Bib Town');
  otherEvent = await makeEvent(await adminToken(t.services, 'trail.example'), 'Ridge');
  // Gallery order is capture order: good, low, none, mixed, blank, near (a minute apart, so that
  // two uploads stamped in the same millisecond cannot swap).
  const plan: Record<string, BibReading[]> = {
    good: [{ bib: '123', confidence: 0.95, box }],
    low: [{ bib: '777', confidence: 0.3, box }],
    none: [],
    mixed: [
      { bib: '456', confidence: 0.9, box },
      { bib: '81', confidence: 0.2, box: { ...box, x: 200 } },
    ],
    blank: [],
    near: [{ bib: '919', confidence: 0.76, box }],
  };
  for (const [i, key] of Object.keys(plan).entries()) {
    const bytes = await testImage({
      colour: `hsl(${i * 70}, 60%, 50%)`,
      capturedAt: new Date(Date.UTC(2025, 5, 1, 9, i)),
    });
    readings.set(createHash('sha256').update(bytes).digest('hex'), plan[key]!);
    const res = await upload(t.app, token, eventId, [{ filename: `${key}.jpg`, bytes }]);
    photo[key] = res.json().data.accepted[0].uuid;
  }
  await waitForJobs(t.services, eventId);
});
afterAll(() => t.close());

describe('the photos to tag by hand', () => {
  it('lists photos with no bib read or a reading under the threshold, untagged, nearest misses first', async () => {
    // The reading just under the threshold first, then the lower ones, then the photos where
    // nothing was read, each group in gallery order.
    const page = await reviewed();
    expect(page.photos.map((p) => name(p.uuid))).toEqual(['near', 'low', 'mixed', 'none', 'blank']);
    expect(page.total).toBe(5);
    expect(page.threshold).toBe(0.8);
    expect(page.next_after).toBeNull();
    const mixed = page.photos.find((p) => p.uuid === photo.mixed)!;
    expect(mixed.bibs).toEqual([
      { bib: '456', source: 'ocr', confidence: 0.9 },
      { bib: '81', source: 'ocr', confidence: 0.2 },
    ]);
  });

  it('pages with after and limit, and counts every photo to review', async () => {
    const first = await reviewed('?limit=2');
    expect(first.photos.map((p) => name(p.uuid))).toEqual(['near', 'low']);
    expect(first.next_after).toBe(photo.low);
    const second = await reviewed(`?limit=2&after=${first.next_after}`);
    expect(second.photos.map((p) => name(p.uuid))).toEqual(['mixed', 'none']);
    expect(second.total).toBe(5);
    const third = await reviewed(`?limit=2&after=${second.next_after}`);
    expect(third.photos.map((p) => name(p.uuid))).toEqual(['blank']);
    expect(third.next_after).toBeNull();
  });

  it('a photo tagged by hand leaves the list and a visitor finds it by that bib at once', async () => {
    expect(await found('321')).toEqual([]);
    expect((await tag('none', ['321', ' 322 '])).statusCode).toBe(200);
    expect(await found('321')).toEqual(['none']);
    expect(await found('322')).toEqual(['none']);
    expect((await reviewed()).photos.map((p) => name(p.uuid))).toEqual([
      'near',
      'low',
      'mixed',
      'blank',
    ]);
    // A wrong read fixed: the tag replaces the low reading, which no longer finds the photo.
    expect((await tag('low', ['778'])).statusCode).toBe(200);
    expect(await found('778')).toEqual(['low']);
    expect(await found('777')).toEqual([]);
    // Cleared ([]), the photo wants review again.
    expect((await tag('low', [])).statusCode).toBe(200);
    expect((await reviewed()).photos.map((p) => name(p.uuid))).toContain('low');
  });

  it('a live gallery of the event is told about a tag', async () => {
    const heard: number[] = [];
    const stop = t.services.live.listen(eventId, () => heard.push(eventId));
    try {
      expect((await tag('blank', ['900'])).statusCode).toBe(200);
      // Live messages are coalesced to one a second per event: wait up to a few seconds.
      for (let i = 0; i < 60 && heard.length === 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(heard.length).toBeGreaterThan(0);
    } finally {
      stop();
    }
  });

  it('keeps a hidden runner hidden: a bib hidden by a hide request stays hidden when tagged by hand', async () => {
    expect(await found('456')).toEqual(['mixed']);
    // A hide request hid bib 456 on the photo "mixed" (the runner's face was there).
    await t.database.db.execute(
      sql`insert into hidden_bibs (photo_uuid, event_id, bib) values (${photo.mixed}::uuid, ${eventId}, '456')`,
    );
    expect(await found('456')).toEqual([]);
    // An editor tags 456 on another photo where the runner was not seen: it must not find it.
    expect((await tag('good', ['123', '456'])).statusCode).toBe(200);
    expect(await found('456')).toEqual([]);
    expect(await found('123')).toEqual(['good']);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const cases: Array<[string, RegExp]> = [
      ['?limit=0', /limit must be a whole number from 1 to 100/],
      ['?limit=abc', /limit/],
      ['?after=not-a-uuid', /after/],
      [
        `?after=${photo.good!.replace(/.$/, photo.good!.endsWith('0') ? '1' : '0')}`,
        /no photo of this event/,
      ],
    ];
    for (const [query, message] of cases) {
      const res = await review(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const bad = await tag('mixed', ['12/3']);
    expect(bad.statusCode).toBe(400);
    const tooMany = await tag(
      'mixed',
      Array.from({ length: 51 }, (_, i) => String(i)),
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await reviewed()).photos.map((p) => name(p.uuid))).toContain('mixed');
  });

  it('refuses a photographer, and another organiser reaches none of it', async () => {
    const refused = await review('', sessions.photographer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/As a photographer of City Runs you may not do this/);
    expect((await tag('mixed', ['1'], sessions.photographer)).statusCode).toBe(403);
    expect((await review('', sessions.trail)).statusCode).toBe(404);
    expect((await tag('mixed', ['1'], sessions.trail)).statusCode).toBe(404);
    // Its own event is reachable, with its own (empty) list; not with this event's photo as cursor.
    expect((await review('', sessions.trail, otherEvent)).statusCode).toBe(200);
    expect((await review(`?after=${photo.mixed}`, sessions.trail, otherEvent)).statusCode).toBe(
      400,
    );
    expect((await review('', 'ess_not-a-session')).statusCode).toBe(401);
  });
});
