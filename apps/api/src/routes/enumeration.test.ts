import { envelope, photoPage, selfieSearchAnswer } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewFace } from '../repositories/faces.js';
import type { FaceDetector } from '../services/faces.js';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

// A private gallery (privacy mode) is found one runner at a time. These are the ways an outside
// probe walked through one: many searches from one client, vague name searches, and selfie
// searches that answered other people's photos as "maybe you".

function unit(i: number, lean = 1): number[] {
  const v = new Array<number>(1024).fill(0);
  v[i] = lean;
  if (lean < 1) v[i + 1] = Math.sqrt(1 - lean * lean);
  return v;
}
const runnerFace = unit(0);
/** Similarity 0.55 with the runner: a "maybe", which is someone else. */
const lookalikeFace = unit(0, 0.55);

const faceByColour = new Map<string, number[]>();
const stubDetector: FaceDetector = {
  async detectFaces(image): Promise<NewFace[]> {
    const hash = image.toString('base64').slice(-64);
    const embedding = faceByColour.get(hash);
    return embedding ? [{ box: { x: 5, y: 5, width: 20, height: 20 }, score: 0.9, embedding }] : [];
  },
};

let t: TestApp;
let token: string;
let eventId: number;
const uuids: string[] = [];

const NAMES = [
  'Anna Smith',
  'Anne Smart',
  'Annabel Lee',
  'Hannah Ansel',
  'Joanna Banks',
  'Anouk Vries',
  'Dana Ansari',
];

beforeAll(async () => {
  t = await createTestApp(
    { SEARCHES_PER_MINUTE: '5', TRUST_PROXY: '10.0.0.1', FACES_ENABLED: 'true' },
    { faceDetector: stubDetector },
  );
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  token = await adminToken(t.services, 'city.example');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name: 'Private Run',
      event_date: '2025-06-01',
      published: true,
      event_photos_config: {
        feature_flag: {
          show_all_images: false,
          name_search: true,
          show_timing_data: true,
          selfie_search: true,
        },
      },
    },
  });
  eventId = created.json().data.id;
  const files = [];
  for (const [i, embedding] of [runnerFace, lookalikeFace].entries()) {
    const bytes = await testImage({ colour: `hsl(${i * 120}, 60%, 50%)` });
    faceByColour.set(bytes.toString('base64').slice(-64), embedding);
    files.push({ filename: `p${i}.jpg`, bytes });
  }
  const res = await upload(t.app, token, eventId, files);
  for (const a of res.json().data.accepted as Array<{ uuid: string }>) uuids.push(a.uuid);
  await waitForJobs(t.services, eventId);
  const csv = `Bib,Name,Time\n${NAMES.map((n, i) => `${100 + i},${n},0:4${i}:00`).join('\n')}\n`;
  const imported = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/events/${eventId}/results`,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(imported.statusCode, imported.body).toBe(200);
  for (const [i, uuid] of uuids.entries()) {
    const tagged = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/photos/${uuid}/bibs`,
      headers: bearer(token),
      payload: { bibs: [String(100 + i)] },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
  }
}, 120_000);
afterAll(() => t.close());

const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, remoteAddress, headers });

describe('searches per client', () => {
  it('bib searches, name searches and result look-ups share one budget per client: 429 past it', async () => {
    const ip = '192.0.2.10';
    const urls = [
      `/api/v1/client/events/${eventId}/photos?bib=100`,
      `/api/v1/client/events/${eventId}/results/101`,
      `/api/v1/client/events/${eventId}/photos?name=Anna%20Smith`,
      `/api/v1/client/events/${eventId}/results/102`,
      `/api/v1/client/events/${eventId}/photos/more-of-bib?bib=100`,
    ];
    for (const url of urls) expect((await get(url, ip)).statusCode, url).toBe(200);
    const refused = await get(`/api/v1/client/events/${eventId}/results/103`, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many searches: at most 5 a minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).not.toContain('Hannah');
    // Another client is not held back by the first one.
    expect(
      (await get(`/api/v1/client/events/${eventId}/results/103`, '192.0.2.11')).statusCode,
    ).toBe(200);
  });

  it('X-Forwarded-For is believed from a trusted proxy only', async () => {
    // Through the trusted proxy, two visitors have a budget each.
    for (let i = 0; i < 5; i += 1)
      expect(
        (
          await get(`/api/v1/client/events/${eventId}/results/100`, '10.0.0.1', {
            'x-forwarded-for': '198.51.100.1',
          })
        ).statusCode,
      ).toBe(200);
    expect(
      (
        await get(`/api/v1/client/events/${eventId}/results/100`, '10.0.0.1', {
          'x-forwarded-for': '198.51.100.1',
        })
      ).statusCode,
    ).toBe(429);
    expect(
      (
        await get(`/api/v1/client/events/${eventId}/results/100`, '10.0.0.1', {
          'x-forwarded-for': '198.51.100.2',
        })
      ).statusCode,
    ).toBe(200);
    // A client that is not the proxy cannot buy a fresh budget by naming another address.
    for (let i = 0; i < 5; i += 1)
      await get(`/api/v1/client/events/${eventId}/results/100`, '203.0.113.9', {
        'x-forwarded-for': `198.51.100.${50 + i}`,
      });
    expect(
      (
        await get(`/api/v1/client/events/${eventId}/results/100`, '203.0.113.9', {
          'x-forwarded-for': '198.51.100.99',
        })
      ).statusCode,
    ).toBe(429);
  });

  it('browsing a public gallery is not counted as searching', async () => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/events/${eventId}`,
      headers: bearer(token),
      payload: { event_photos_config: { feature_flag: { show_all_images: true } } },
    });
    expect(patched.statusCode).toBe(200);
    try {
      for (let i = 0; i < 8; i += 1)
        expect(
          (await get(`/api/v1/client/events/${eventId}/photos`, '192.0.2.30')).statusCode,
        ).toBe(200);
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/events/${eventId}`,
        headers: bearer(token),
        payload: { event_photos_config: { feature_flag: { show_all_images: false } } },
      });
    }
  });
});

describe('privacy mode', () => {
  it('a name search matching many runners is refused; a full name answers', async () => {
    const vague = await get(`/api/v1/client/events/${eventId}/photos?name=an`, '192.0.2.40');
    expect(vague.statusCode).toBe(400);
    expect(vague.json().message).toMatch(/more than 5 runners match/);
    const full = await get(
      `/api/v1/client/events/${eventId}/photos?name=Anna%20Smith`,
      '192.0.2.40',
    );
    expect(full.statusCode, full.body).toBe(200);
    expect(
      envelope(photoPage)
        .parse(full.json())
        .data.photos.map((p) => p.uuid),
    ).toEqual([uuids[0]]);
  });

  it('a selfie search answers sure matches only, never a "maybe" (someone else)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/client/events/${eventId}/photos/selfie-search`,
      payload: { embedding: runnerFace },
      remoteAddress: '192.0.2.50',
    });
    expect(res.statusCode, res.body).toBe(200);
    const photos = envelope(selfieSearchAnswer).parse(res.json()).data.photos;
    expect(photos.map((p) => [p.uuid, p.tier])).toEqual([[uuids[0], 'match']]);
  });
});
