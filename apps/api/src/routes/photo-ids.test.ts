import { randomUUID } from 'node:crypto';
import { MAX_PHOTO_IDS } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { minutesAfter, seedEvent, seedOrganiser, seedPhotos } from '../test-support/fixtures.js';

/** `GET /api/v1/client/events/{id}/photos?ids=`: given photos (a shared selection of favourites). */
let t: TestApp;
let eventId: number;
let privateId: number;
let draftId: number;
let otherEventId: number;
let seeded: string[];
let privatePhotos: string[];
let draftPhoto: string;
let otherPhoto: string;

const list = (id: number, ids: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/client/events/${id}/photos?ids=${encodeURIComponent(ids)}`,
  });

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  const e = await seedEvent(t.services, 'city.example', {
    name: 'Spring Ten K',
    event_date: '2025-04-06',
    published: true,
  });
  eventId = e.id;
  seeded = (
    await seedPhotos(t.services, eventId, [
      { capturedAt: minutesAfter(3), width: 300, height: 200 },
      { capturedAt: minutesAfter(1), width: 200, height: 300 },
      { capturedAt: minutesAfter(2) },
    ])
  ).map((p) => p.uuid);
  privateId = (
    await seedEvent(t.services, 'city.example', {
      name: 'Private',
      event_date: '2025-04-08',
      published: true,
      event_photos_config: { feature_flag: { show_all_images: false } },
    })
  ).id;
  privatePhotos = (
    await seedPhotos(t.services, privateId, [
      { capturedAt: minutesAfter(1) },
      { capturedAt: minutesAfter(2) },
    ])
  ).map((p) => p.uuid);
  draftId = (
    await seedEvent(t.services, 'city.example', {
      name: 'Draft',
      event_date: '2025-04-09',
      published: false,
    })
  ).id;
  draftPhoto = (await seedPhotos(t.services, draftId, [{}]))[0]!.uuid;
  otherEventId = (
    await seedEvent(t.services, 'city.example', {
      name: 'Other',
      event_date: '2025-04-10',
      published: true,
    })
  ).id;
  otherPhoto = (await seedPhotos(t.services, otherEventId, [{}]))[0]!.uuid;
});
afterAll(() => t.close());

describe('GET /events/{id}/photos?ids=', () => {
  it('answers exactly the given photos in gallery order, with what the grid needs', async () => {
    const [third, first, second] = seeded as [string, string, string];
    const res = await list(eventId, `${third},${first}`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.photos.map((p: { uuid: string }) => p.uuid)).toEqual([first, third]);
    expect(page.total).toBe(2);
    expect(page.next_cursor).toBeNull();
    expect(page.photos[0]).toMatchObject({ width: 200, height: 300 });
    expect(page.photos[1]).toMatchObject({ width: 300, height: 200 });
    expect(page.photos[0].captured_at).toBe(minutesAfter(1).toISOString());
    expect(page.photos.map((p: { uuid: string }) => p.uuid)).not.toContain(second);
  });

  it('leaves out ids of another event, of an unpublished event and of no photo, and counts a repeated id once', async () => {
    const res = await list(
      eventId,
      [seeded[0], otherPhoto, draftPhoto, randomUUID(), seeded[0]!.toUpperCase()].join(','),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.photos.map((p: { uuid: string }) => p.uuid)).toEqual([seeded[0]]);
    expect(res.json().data.total).toBe(1);
  });

  it('answers in privacy mode, where the unfiltered listing is refused', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/client/events/${privateId}/photos` }))
        .statusCode,
    ).toBe(403);
    const res = await list(privateId, privatePhotos.join(','));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.photos.map((p: { uuid: string }) => p.uuid)).toEqual(privatePhotos);
  });

  it('is 404 for an unpublished event, even given its photos', async () => {
    expect((await list(draftId, draftPhoto)).statusCode).toBe(404);
  });

  it('refuses malformed ids with a message naming them', async () => {
    for (const bad of [
      '',
      'not-a-uuid',
      `${seeded[0]},`,
      `${seeded[0]};drop table photos`,
      "' or 1=1 --",
      `${seeded[0]},,${seeded[1]}`,
    ]) {
      const res = await list(eventId, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toMatch(/photo id|ids/);
    }
  });

  it(`refuses more than ${MAX_PHOTO_IDS} ids, and takes ${MAX_PHOTO_IDS}`, async () => {
    const many = Array.from({ length: MAX_PHOTO_IDS }, () => randomUUID());
    const ok = await list(eventId, [...many.slice(1), seeded[1]].join(','));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.photos.map((p: { uuid: string }) => p.uuid)).toEqual([seeded[1]]);
    const res = await list(eventId, [...many, randomUUID()].join(','));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/100/);
  });

  it('goes with neither a search nor a cursor', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/client/events/${eventId}/photos?ids=${seeded[0]}&bib=12`,
    });
    expect(res.statusCode).toBe(400);
    const cursor = await t.app.inject({
      method: 'GET',
      url: `/api/v1/client/events/${eventId}/photos?ids=${seeded[0]}&cursor=abc`,
    });
    expect(cursor.statusCode).toBe(400);
  });
});
