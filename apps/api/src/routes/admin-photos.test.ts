import { randomUUID } from 'node:crypto';
import { adminPhotoPage, envelope } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createEventAsAdmin, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser, seedPhotos } from '../test-support/fixtures.js';

let t: TestApp;
let cityToken: string;
let trailToken: string;
let eventId: number;
let otherEventId: number;
let trailEventId: number;
let uuids: string[];
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  for (const role of ['editor', 'photographer'])
    await t.services.console.createUser('city.example', `${role}@city.example`, role, PASSWORD);
  cityToken = await adminToken(t.services, 'city.example');
  trailToken = await adminToken(t.services, 'trail.example');
  eventId = await createEventAsAdmin(t.app, cityToken, {
    name: 'Harbour 10K',
    event_date: '2025-04-06',
    published: true,
  });
  otherEventId = await createEventAsAdmin(t.app, cityToken, {
    name: 'Harbour 5K',
    event_date: '2025-04-07',
    published: true,
  });
  trailEventId = await createEventAsAdmin(t.app, trailToken, {
    name: 'Ridge',
    event_date: '2025-05-06',
  });
  uuids = (await seedPhotos(t.services, eventId, [{}, {}, {}])).map((p) => p.uuid);
}, 120_000);
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/admin${url}`, headers: bearer(token), payload });
const publicGet = (url: string) => t.app.inject({ method: 'GET', url });

async function session(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/console/sign-in',
    payload: { app_domain: 'city.example', email, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.session_token;
}

async function listed(): Promise<string[]> {
  const res = await publicGet(`/api/v1/client/events/${eventId}/photos?limit=50`);
  expect(res.statusCode).toBe(200);
  return (res.json().data.photos as Array<{ uuid: string }>).map((p) => p.uuid);
}

async function adminStates() {
  const res = await call(cityToken, 'GET', `/events/${eventId}/photos`);
  expect(res.statusCode).toBe(200);
  const page = envelope(adminPhotoPage).parse(res.json()).data;
  return new Map(page.photos.map((p) => [p.uuid, p]));
}

describe('hiding a photo', () => {
  it('keeps it for the organiser but serves it to no visitor, until it is restored', async () => {
    const hidden = uuids[1]!;
    // Bib search finds it by a manual tag before it is hidden.
    expect(
      (await call(cityToken, 'PUT', `/photos/${hidden}/bibs`, { bibs: ['4242'] })).statusCode,
    ).toBe(200);
    const search = async () =>
      (
        (await publicGet(`/api/v1/client/events/${eventId}/photos?bib=4242`)).json().data
          .photos as Array<{ uuid: string }>
      ).map((p) => p.uuid);
    expect(await search()).toEqual([hidden]);
    expect((await publicGet(`/events/photos/${hidden}?w=320`)).statusCode).toBe(200);

    const res = await call(cityToken, 'POST', `/photos/${hidden.toUpperCase()}/hide`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ uuid: hidden, hidden: true });

    // Visitors: not listed, not counted, not found by bib, not served, not zipped.
    expect((await listed()).sort()).toEqual(uuids.filter((u) => u !== hidden).sort());
    const config = await publicGet(
      `/api/v1/client/events/${eventId}/config?app_domain=city.example`,
    );
    expect(config.json().data.event_details.total_images).toBe(2);
    expect(await search()).toEqual([]);
    expect((await publicGet(`/events/photos/${hidden}?w=320`)).statusCode).toBe(404);
    expect((await publicGet(`/events/photos/${hidden}?download=1`)).statusCode).toBe(404);
    const zip = await t.app.inject({
      method: 'POST',
      url: `/api/v1/client/events/${eventId}/downloads`,
      payload: { photo_uuids: [hidden] },
    });
    expect(zip.statusCode).not.toBe(200);
    const data = await publicGet('/api/v1/client/events/organiser/data?app_domain=city.example');
    const covers = JSON.stringify(data.json().data);
    expect(covers).not.toContain(hidden);

    // The organiser still sees it, marked hidden; hiding again changes nothing.
    expect((await adminStates()).get(hidden)).toMatchObject({ hidden: true });
    expect((await call(cityToken, 'POST', `/photos/${hidden}/hide`)).statusCode).toBe(200);

    const restored = await call(cityToken, 'POST', `/photos/${hidden}/restore`);
    expect(restored.json().data).toEqual({ uuid: hidden, hidden: false });
    expect((await listed()).sort()).toEqual([...uuids].sort());
    expect(await search()).toEqual([hidden]);
    expect((await publicGet(`/events/photos/${hidden}?w=320`)).statusCode).toBe(200);
    expect((await adminStates()).get(hidden)).toMatchObject({ hidden: false });
  });

  it('answers 404 for another organiser’s photo or an unknown one, 400 for a malformed id', async () => {
    const other = await call(trailToken, 'POST', `/photos/${uuids[0]}/hide`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(`No photo has the id ${uuids[0]}`);
    expect(await listed()).toContain(uuids[0]);
    expect((await call(cityToken, 'POST', `/photos/${randomUUID()}/restore`)).statusCode).toBe(404);
    const bad = await call(cityToken, 'POST', `/photos/not-a-uuid/hide`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/must be a photo id/);
  });
});

describe('the console’s preview of a photo', () => {
  it('serves the organiser a JPEG of a hidden photo, and 404 to another organiser', async () => {
    const uuid = uuids[0]!;
    await call(cityToken, 'POST', `/photos/${uuid}/hide`);
    const res = await call(cityToken, 'GET', `/photos/${uuid}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect((await call(trailToken, 'GET', `/photos/${uuid}/preview`)).statusCode).toBe(404);
    await call(cityToken, 'POST', `/photos/${uuid}/restore`);
  });
});

describe('the cover photo', () => {
  it('is listed first for the event, marked in the console, and can be cleared', async () => {
    const cover = uuids[2]!;
    const res = await call(cityToken, 'PUT', `/events/${eventId}/cover`, { photo_uuid: cover });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ event_id: eventId, cover_photo_uuid: cover });
    const states = await adminStates();
    expect([...states.values()].filter((p) => p.cover).map((p) => p.uuid)).toEqual([cover]);
    const recent = async () => {
      const data = await publicGet('/api/v1/client/events/organiser/data?app_domain=city.example');
      const events = data.json().data.recent_events as Array<{
        event_id: number;
        event_photos: string[];
      }>;
      return events.find((e) => e.event_id === eventId)!.event_photos;
    };
    expect((await recent())[0]).toMatch(new RegExp(`^${cover},`));

    // A hidden cover is not shown to visitors.
    await call(cityToken, 'POST', `/photos/${cover}/hide`);
    expect((await recent()).some((p) => p.startsWith(cover))).toBe(false);
    await call(cityToken, 'POST', `/photos/${cover}/restore`);

    const cleared = await call(cityToken, 'PUT', `/events/${eventId}/cover`, { photo_uuid: null });
    expect(cleared.json().data).toEqual({ event_id: eventId, cover_photo_uuid: null });
    expect([...(await adminStates()).values()].some((p) => p.cover)).toBe(false);
  });

  it('refuses a photo of another event, another organiser’s event, and a malformed body', async () => {
    const elsewhere = await call(cityToken, 'PUT', `/events/${otherEventId}/cover`, {
      photo_uuid: uuids[0],
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(
      `The event ${otherEventId} has no photo with the id ${uuids[0]}`,
    );
    expect(
      (await call(trailToken, 'PUT', `/events/${eventId}/cover`, { photo_uuid: uuids[0] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(cityToken, 'PUT', `/events/${trailEventId}/cover`, { photo_uuid: null }))
        .statusCode,
    ).toBe(404);
    for (const body of [{}, { photo_uuid: 'x' }, { photo_uuid: uuids[0], extra: 1 }]) {
      const res = await call(cityToken, 'PUT', `/events/${eventId}/cover`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('retrying a failed job', () => {
  it('queues a failed job again; refuses one that has not failed, and others’ jobs', async () => {
    const [jobId] = await t.services.jobs.enqueue([
      {
        kind: 'ingest',
        payload: {
          eventId,
          uuid: randomUUID(),
          incomingKey: 'incoming/never-stored',
          filename: 'lost.jpg',
        },
        idempotencyKey: `test:lost:${randomUUID()}`,
        eventId,
        maxAttempts: 1,
      },
    ]);
    expect((await waitForJobs(t.services, eventId)).failed).toBe(1);
    const status = (await call(cityToken, 'GET', `/events/${eventId}/jobs`)).json().data;
    expect(status.failures).toMatchObject([
      { job_id: jobId, subject: 'lost.jpg', state: 'failed' },
    ]);

    expect(
      (await call(trailToken, 'POST', `/events/${eventId}/jobs/${jobId}/retry`)).statusCode,
    ).toBe(404);
    const wrongEvent = await call(cityToken, 'POST', `/events/${otherEventId}/jobs/${jobId}/retry`);
    expect(wrongEvent.statusCode).toBe(404);
    expect(wrongEvent.json().message).toBe(
      `The event ${otherEventId} has no job with the id ${jobId}`,
    );
    expect((await call(cityToken, 'POST', `/events/${eventId}/jobs/abc/retry`)).statusCode).toBe(
      400,
    );

    const retried = await call(cityToken, 'POST', `/events/${eventId}/jobs/${jobId}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toEqual({ job_id: jobId, state: 'queued' });
    const outcome = await t.services.jobs.queue.find(jobId!);
    expect(
      outcome?.state === 'queued' || outcome?.state === 'running' || outcome?.state === 'failed',
    ).toBe(true);
    // It ran again (and, its file being gone, failed again with its reason).
    await waitForJobs(t.services, eventId);
    const again = await t.services.jobs.queue.find(jobId!);
    expect(again).toMatchObject({ state: 'failed', attempts: 1 });

    // A done job is not retried.
    const done = await t.services.jobs.enqueue([
      {
        kind: 'bibs',
        payload: { eventId, uuid: uuids[0]! },
        idempotencyKey: `test:bibs:${randomUUID()}`,
        eventId,
      },
    ]);
    await waitForJobs(t.services, eventId);
    const refused = await call(cityToken, 'POST', `/events/${eventId}/jobs/${done[0]}/retry`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/is done, not failed/);
  });
});

describe('roles', () => {
  it('lets an editor hide, restore and pick the cover; refuses a photographer', async () => {
    const editor = await session('editor@city.example');
    expect((await call(editor, 'POST', `/photos/${uuids[0]}/hide`)).statusCode).toBe(200);
    expect((await call(editor, 'POST', `/photos/${uuids[0]}/restore`)).statusCode).toBe(200);
    expect(
      (await call(editor, 'PUT', `/events/${eventId}/cover`, { photo_uuid: uuids[0] })).statusCode,
    ).toBe(200);
    const photographer = await session('photographer@city.example');
    for (const [method, url, body] of [
      ['POST', `/photos/${uuids[0]}/hide`],
      ['POST', `/photos/${uuids[0]}/restore`],
      ['PUT', `/events/${eventId}/cover`, { photo_uuid: null }],
      ['POST', `/events/${eventId}/jobs/1/retry`],
    ] as const) {
      const res = await call(photographer, method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toMatch(/As a photographer of City Runs you may not do this/);
    }
    expect((await listed()).sort()).toEqual([...uuids].sort());
  });
});
