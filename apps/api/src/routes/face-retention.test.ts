import { createHash } from 'node:crypto';
import { adminEvent, envelope } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceRepository, type NewFace } from '../repositories/faces.js';
import type { BibReader, BibReading } from '../services/bibs.js';
import type { FaceDetector } from '../services/faces.js';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

/** Face data is deleted a set time after the event: templates expire, photos stay. */
const DAY = 24 * 60 * 60 * 1000;
const unit = (i: number): number[] => Array.from({ length: 1024 }, (_, k) => (k === i ? 1 : 0));
const runner = unit(0);
const bibBox = { x: 400, y: 400, width: 120, height: 80 };
const plan: Array<{ bibs: BibReading[]; faces: NewFace[] }> = [
  {
    bibs: [{ bib: '123', confidence: 0.95, box: bibBox }],
    faces: [{ box: { x: 430, y: 200, width: 60, height: 60 }, score: 0.9, embedding: runner }],
  },
  {
    bibs: [],
    faces: [{ box: { x: 50, y: 50, width: 80, height: 80 }, score: 0.9, embedding: runner }],
  },
  {
    bibs: [],
    faces: [{ box: { x: 50, y: 50, width: 80, height: 80 }, score: 0.9, embedding: unit(1) }],
  },
];
const byHash = new Map<string, { bibs: BibReading[]; faces: NewFace[] }>();
const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const bibReader: BibReader = { readBibs: async (image) => byHash.get(hash(image))?.bibs ?? [] };
const faceDetector: FaceDetector = {
  detectFaces: async (image) => byHash.get(hash(image))?.faces ?? [],
};

let t: TestApp;
let token: string;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function eventWithFaces(name: string, eventDate: string, days: number, photos: number) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name,
      event_date: eventDate,
      published: true,
      event_photos_config: {
        feature_flag: { selfie_search: true },
        selfie_config: { face_retention_days: days },
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const event = envelope(adminEvent).parse(created.json()).data;
  const files = [];
  for (const [i, planned] of plan.slice(0, photos).entries()) {
    const bytes = await testImage({
      colour: `hsl(${(i * 70 + name.length * 13) % 360}, 60%, 50%)`,
    });
    byHash.set(hash(bytes), planned);
    files.push({ filename: `p${i}.jpg`, bytes });
  }
  expect((await upload(t.app, token, event.id, files)).statusCode).toBe(202);
  expect(await waitForJobs(t.services, event.id)).toMatchObject({ failed: 0 });
  return event;
}

const selfie = (eventId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
    payload: { embedding: runner },
  });
const faceCount = (eventId: number) => new FaceRepository(t.database.db).countForEvent(eventId);

beforeAll(async () => {
  t = await createTestApp(
    { FACES_ENABLED: 'true', OCR_ENABLED: 'true', FACE_RETENTION_MAX_DAYS: '120' },
    { bibReader, faceDetector },
  );
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
});
afterAll(() => t.close());

describe('face data retention', () => {
  it('tells the organiser when, and refuses more days than the platform allows', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/events',
      headers: bearer(token),
      payload: {
        name: 'Dated',
        event_date: '2025-06-01',
        event_photos_config: { selfie_config: { face_retention_days: 30 } },
      },
    });
    const event = envelope(adminEvent).parse(created.json()).data;
    expect(event.event_photos_config.selfie_config.face_retention_days).toBe(30);
    expect(event.face_data_expires_at).toBe('2025-07-02T00:00:00.000Z');
    const tooLong = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/events/${event.id}`,
      headers: bearer(token),
      payload: { event_photos_config: { selfie_config: { face_retention_days: 121 } } },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toMatch(/at most 120 days on this platform/);
    // By default 90 days.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/events',
      headers: bearer(token),
      payload: { name: 'Plain', event_date: '2025-06-01' },
    });
    expect(envelope(adminEvent).parse(plain.json()).data.face_data_expires_at).toBe(
      '2025-08-31T00:00:00.000Z',
    );
  });

  it('deletes an event’s faces within a day after their retention; photos and bib search stay', async () => {
    // The event is yesterday: its faces go 30 days after the end of today.
    const now = Date.now();
    const event = await eventWithFaces('Yesterday Run', isoDay(now - DAY), 30, 3);
    const later = await eventWithFaces('Next Week Run', isoDay(now + 7 * DAY), 30, 2);
    expect(await faceCount(event.id)).toBe(3);
    expect((await selfie(event.id)).statusCode).toBe(200);

    // The day before the end of the retention: nothing goes.
    const retention = t.services.faceRetention;
    retention.now = () => new Date(now + 29 * DAY);
    expect(await retention.expireDue()).toEqual({
      events: 0,
      faces: 0,
    });
    // A day after it: the event's faces go, not those of the event a week later.
    retention.now = () => new Date(now + 31 * DAY);
    expect(await retention.expireDue()).toEqual({
      events: 1,
      faces: 3,
    });
    expect(await faceCount(event.id)).toBe(0);
    expect(await faceCount(later.id)).toBe(2);
    // Done twice, nothing more.
    expect(await retention.expireDue()).toEqual({
      events: 0,
      faces: 0,
    });

    // Selfie search says so plainly; the photos and the bib search are as before.
    const ended = await selfie(event.id);
    expect(ended.statusCode).toBe(410);
    expect(ended.json().message).toMatch(
      /^Selfie search ended for this event on \d{4}-\d{2}-\d{2}: face data is deleted 30 days after the event/,
    );
    const more = await t.app.inject({
      url: `/api/v1/client/events/${event.id}/photos/more-of-bib?bib=123`,
    });
    expect(more.statusCode).toBe(410);
    const bib = await t.app.inject({ url: `/api/v1/client/events/${event.id}/photos?bib=123` });
    expect(bib.statusCode).toBe(200);
    expect(bib.json().data.photos).toHaveLength(1);
    const all = await t.app.inject({ url: `/api/v1/client/events/${event.id}/photos?limit=10` });
    expect(all.json().data.photos).toHaveLength(3);
  });
});
