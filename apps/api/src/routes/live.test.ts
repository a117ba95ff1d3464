import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, upload, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedEvent, seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';
import { scaledTestStack } from '../test-support/stack.js';

/**
 * The live gallery stream: a message when an event's findable photos change (none for another
 * event's), bursts coalesced, the usual 404s, caps on open streams, a clean shutdown, and on the
 * scaled stack a photo ingested through one API process heard on another's stream.
 */

interface Message {
  event: string;
  id: string;
  data: string;
}

interface OpenStream {
  status: number;
  headers: IncomingMessage['headers'];
  messages: Message[];
  /** Waits for the `n`th message (1-based). */
  nth(n: number, timeoutMs?: number): Promise<Message>;
  close(): void;
}

async function listening(t: TestApp): Promise<string> {
  const address = t.app.server.address() as AddressInfo | null;
  if (address) return `http://127.0.0.1:${address.port}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

async function openStream(
  t: TestApp,
  eventId: number,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const base = await listening(t);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/v1/client/events/${eventId}/photos/live`, { headers });
    req.on('error', reject);
    req.on('response', (res) => {
      const messages: Message[] = [];
      const waiters: Array<() => void> = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':') && line.includes(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (fields.data !== undefined)
            messages.push({
              event: fields.event ?? 'message',
              id: fields.id ?? '',
              data: fields.data,
            });
        }
        for (const wake of waiters.splice(0)) wake();
      });
      res.on('error', () => undefined);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        async nth(n, timeoutMs = 10_000) {
          const until = Date.now() + timeoutMs;
          while (messages.length < n) {
            if (Date.now() > until)
              throw new Error(`message ${n} never came: ${JSON.stringify(messages)}`);
            await new Promise<void>((wake) => {
              waiters.push(wake);
              setTimeout(wake, 50);
            });
          }
          return messages[n - 1]!;
        },
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let colours = 0;
const photo = async (name: string) => ({
  filename: `${name}.jpg`,
  bytes: await testImage({ colour: `hsl(${(colours++ * 41) % 360}, 50%, 40%)` }),
});

const ENV = { OCR_ENABLED: 'false', LIVE_STREAMS_PER_CLIENT: '3', LIVE_STREAMS_MAX: '5' };

describe('the live gallery stream', () => {
  let t: TestApp;
  let token: string;
  let eventId: number;
  let otherId: number;
  let hiddenId: number;

  beforeAll(async () => {
    t = await createTestApp(ENV);
    await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
    token = await adminToken(t.services, 'city.example');
    const event = (name: string, published = true) =>
      seedEvent(t.services, 'city.example', { name, event_date: '2025-06-01', published });
    eventId = (await event('Harbour Run')).id;
    otherId = (await event('Hill Run')).id;
    hiddenId = (await event('Draft Run', false)).id;
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers an event stream and tells it of a photo ingested in its event only', async () => {
    const mine = await openStream(t, eventId);
    const other = await openStream(t, otherId);
    try {
      expect(mine.status).toBe(200);
      expect(mine.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(mine.headers['cache-control']).toBe('no-store');
      expect(mine.headers['x-accel-buffering']).toBe('no');
      expect(mine.headers['access-control-allow-origin']).toBe('*');
      // The first message comes at once.
      expect((await mine.nth(1)).event).toBe('ready');
      expect((await other.nth(1)).event).toBe('ready');

      const res = await upload(t.app, token, eventId, [await photo('finish')]);
      expect(res.statusCode, res.body).toBe(202);
      await waitForJobs(t.services, eventId);
      const told = await mine.nth(2);
      expect(told.event).toBe('photos');
      const data = JSON.parse(told.data) as Record<string, unknown>;
      // Only a version: no count, no id.
      expect(Object.keys(data)).toEqual(['version']);
      expect(told.id).toBe(String(data.version));
      await sleep(300);
      expect(other.messages).toHaveLength(1);
    } finally {
      mine.close();
      other.close();
    }
  });

  it('tells of manual bib tags and of a deleted photo', async () => {
    const res = await upload(t.app, token, otherId, [await photo('tagged')]);
    expect(res.statusCode, res.body).toBe(202);
    const uuid = res.json().data.accepted[0].uuid as string;
    await waitForJobs(t.services, otherId);
    // Past the coalescing of the ingest's own message.
    await sleep(1_100);
    const stream = await openStream(t, otherId);
    try {
      await stream.nth(1);
      const tag = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/photos/${uuid}/bibs`,
        headers: bearer(token),
        payload: { bibs: ['1234'] },
      });
      expect(tag.statusCode, tag.body).toBe(200);
      expect((await stream.nth(2)).event).toBe('photos');
      await sleep(1_100);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/photos/${uuid}`,
        headers: bearer(token),
      });
      expect(del.statusCode, del.body).toBe(200);
      expect((await stream.nth(3)).event).toBe('photos');
    } finally {
      stream.close();
    }
    // A deletion is two changes (the photo, its faces): told at once, then a second later.
    await sleep(2_100);
  });

  it('coalesces a burst: its first change at once, the rest in one message a second later', async () => {
    const stream = await openStream(t, otherId);
    try {
      await stream.nth(1);
      const started = Date.now();
      for (let i = 0; i < 5; i++) t.services.live.changed(otherId);
      await stream.nth(2);
      const last = await stream.nth(3);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      await sleep(1_300);
      expect(stream.messages).toHaveLength(3);
      expect(Number(last.id)).toBeGreaterThan(Number(stream.messages[1]!.id));
    } finally {
      stream.close();
    }
  });

  it('tells a reconnecting visitor what it missed (Last-Event-ID)', async () => {
    const version = t.services.live.version(eventId);
    expect(version).toBeGreaterThan(0);
    const behind = await openStream(t, eventId, { 'last-event-id': String(version - 1) });
    const current = await openStream(t, eventId, { 'last-event-id': String(version) });
    try {
      expect(await behind.nth(1)).toMatchObject({ event: 'photos', id: String(version) });
      expect(await current.nth(1)).toMatchObject({ event: 'ready', id: String(version) });
    } finally {
      behind.close();
      current.close();
    }
  });

  it('is 404 for an unknown or unpublished event, or another organiser’s domain', async () => {
    for (const url of [
      `/api/v1/client/events/999999/photos/live`,
      `/api/v1/client/events/${hiddenId}/photos/live`,
      `/api/v1/client/events/${eventId}/photos/live?app_domain=nobody.example`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error', code: 404 });
    }
  });

  it('caps open streams per client address (429), and frees a closed one', async () => {
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await openStream(t, eventId));
    try {
      const fourth = await openStream(t, otherId);
      expect(fourth.status).toBe(429);
      expect(fourth.headers['retry-after']).toBe('60');
      fourth.close();
      open.pop()!.close();
      await sleep(100);
      const again = await openStream(t, eventId);
      expect(again.status).toBe(200);
      open.push(again);
    } finally {
      for (const s of open) s.close();
    }
    await sleep(100);
  });

  it('is 503 past the streams of the process, and closes with streams open', async () => {
    const capped = await createTestApp({
      ...ENV,
      LIVE_STREAMS_PER_CLIENT: '10',
      LIVE_STREAMS_MAX: '2',
    });
    let open: OpenStream[] = [];
    try {
      await seedOrganiser(capped.services, { name: 'City Runs', domains: ['city.example'] });
      const { id } = await seedEvent(capped.services, 'city.example', {
        name: 'Harbour Run',
        event_date: '2025-06-01',
        published: true,
      });
      open = [await openStream(capped, id), await openStream(capped, id)];
      const third = await openStream(capped, id);
      expect([...open.map((s) => s.status), third.status]).toEqual([200, 200, 503]);
      expect(third.headers['retry-after']).toBe('30');
      third.close();
      await open[0]!.nth(1);
    } finally {
      // Open streams do not keep the app from closing.
      const closing = Date.now();
      await capped.close();
      expect(Date.now() - closing).toBeLessThan(5_000);
      for (const s of open) s.close();
    }
  });
});

describe.skipIf(!scaledTestStack())('two API processes on one PostgreSQL and Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let token: string;
  let eventId: number;

  beforeAll(async () => {
    // A works the jobs; B only serves, as an API at JOB_CONCURRENCY=0 beside the workers.
    a = await createTestApp(ENV);
    b = await createTestApp(ENV, { worker: false, sameAs: a });
    await seedOrganiser(a.services, { name: 'Coast Runs', domains: ['coast.example'] });
    token = await adminToken(a.services, 'coast.example');
    eventId = (
      await seedEvent(a.services, 'coast.example', {
        name: 'Shared',
        event_date: '2025-06-01',
        published: true,
      })
    ).id;
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  }, 60_000);

  it('a photo ingested through A reaches a stream on B', async () => {
    const stream = await openStream(b, eventId);
    try {
      expect((await stream.nth(1)).event).toBe('ready');
      const res = await upload(a.app, token, eventId, [await photo('shared')]);
      expect(res.statusCode, res.body).toBe(202);
      await waitForJobs(a.services, eventId);
      const told = await stream.nth(2);
      expect(told.event).toBe('photos');
      expect(b.services.live.version(eventId)).toBe(Number(told.id));
    } finally {
      stream.close();
    }
  });
});
