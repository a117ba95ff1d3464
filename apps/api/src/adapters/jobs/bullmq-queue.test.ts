import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/database.js';
import {
  dropRedisPrefix,
  requireRedis,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../../test-support/redis.js';
import { createServices } from '../../services/index.js';
import { seedEvent, seedOrganiser } from '../../test-support/fixtures.js';
import { localBlobStores } from '../blobs.js';
import type { Database } from '../db/index.js';
import { BullJobQueue } from './bullmq-queue.js';
import { DatabaseJobQueue } from './db-queue.js';
import type { JobKind, NewJob } from './types.js';
import { type JobHandlers, JobWorker } from './worker.js';

const ready = await requireRedis('bullmq-queue');

let database: Database;
let prefix: string;
/** Event ids by the name the tests use. */
const events: Record<number, number> = {};
const opened: BullJobQueue[] = [];

/**
 * A queue as another process would have it: its own Redis connections, the same database and
 * prefix. Every process of a deployment has the same lease (their stalled checks take turns), here
 * a short one.
 */
function process_(leaseMs = 1000): BullJobQueue {
  const queue = new BullJobQueue(database.db, TEST_REDIS_URL, { prefix, leaseMs });
  opened.push(queue);
  return queue;
}

beforeAll(async () => {
  if (!ready) return;
  database = await createTestDatabase();
  prefix = testRedisPrefix();
  const services = createServices(database.db, localBlobStores('/nonexistent'), {
    ocrEnabled: false,
    facesEnabled: false,
  });
  await seedOrganiser(services, { name: 'City Runs', domains: ['localhost'] });
  for (const n of [11, 12, 13, 14, 15, 16, 17, 18])
    events[n] = (
      await seedEvent(services, 'localhost', { name: `Run ${n}`, event_date: '2025-01-01' })
    ).id;
});
afterAll(async () => {
  if (!ready) return;
  await Promise.all(opened.map((q) => q.close()));
  await dropRedisPrefix(prefix);
  await database.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(look: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await look();
    if (found !== null) return found;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

function job(kind: JobKind, uuid: string, event: number): NewJob {
  const eventId = events[event]!;
  return {
    kind,
    payload:
      kind === 'ingest'
        ? { eventId, uuid, incomingKey: `${uuid}.jpg`, filename: `${uuid}.jpg` }
        : { eventId, uuid },
    idempotencyKey: `${kind}:${uuid}`,
    eventId,
  } as NewJob;
}

describe.skipIf(!ready)('the BullMQ job queue', () => {
  it('enqueues once per key, delivers each job once, ingest before bibs before faces', async () => {
    const queue = process_();
    const [faces, bibs, ingest] = await queue.enqueue([
      job('faces', 'a', 11),
      job('bibs', 'a', 11),
      job('ingest', 'a', 11),
    ]);
    expect(await queue.enqueue([job('bibs', 'a', 11)])).toEqual([bibs]);
    const first = await queue.claim();
    const second = await queue.claim();
    const third = await queue.claim();
    expect([first?.id, second?.id, third?.id]).toEqual([ingest, bibs, faces]);
    expect(third).toMatchObject({ kind: 'faces', attempts: 1, payload: { uuid: 'a' } });
    expect(await queue.claim()).toBeNull();
    expect(await queue.counts(events[11]!)).toEqual({ queued: 0, running: 3, done: 0, failed: 0 });
    for (const id of [ingest!, bibs!, faces!]) await queue.complete(id, { ok: id });
    expect(await queue.counts(events[11]!)).toEqual({ queued: 0, running: 0, done: 3, failed: 0 });
    expect((await queue.states([bibs!])).get(bibs!)).toEqual({
      state: 'done',
      lastError: null,
      result: { ok: bibs },
    });
    // Done: enqueueing the same key again neither re-runs it nor delivers it.
    await queue.enqueue([job('bibs', 'a', 11)]);
    expect(await queue.claim()).toBeNull();
  });

  it("an event's new photos take turns with another event's long import, not wait behind it", async () => {
    const queue = process_();
    const imported = await queue.enqueue(
      Array.from({ length: 20 }, (_, i) => job('ingest', `import-${i}`, 17)),
    );
    const first = [await queue.claim(['ingest']), await queue.claim(['ingest'])];
    expect(first.map((j) => j?.id)).toEqual(imported.slice(0, 2));
    const fresh = await queue.enqueue([job('ingest', 'live-1', 18), job('ingest', 'live-2', 18)]);
    const next: number[] = [];
    for (let i = 0; i < 5; i++) next.push((await queue.claim(['ingest']))!.id);
    expect(next).toEqual(expect.arrayContaining(fresh));
    // The import goes on in its own order.
    const importedNext = next.filter((id) => imported.includes(id));
    expect(importedNext).toEqual(imported.slice(2, 2 + importedNext.length));
    for (const id of [...first.map((j) => j!.id), ...next]) await queue.complete(id);
    for (;;) {
      const rest = await queue.claim(['ingest']);
      if (!rest) break;
      await queue.complete(rest.id);
    }
  });

  it('claims only the kinds asked for', async () => {
    const queue = process_();
    const [bibs] = await queue.enqueue([job('bibs', 'k', 12)]);
    expect(await queue.claim(['ingest'])).toBeNull();
    expect((await queue.claim(['bibs']))?.id).toBe(bibs);
    await queue.complete(bibs!);
  });

  it('retries after the backoff, and a failed key enqueued again runs again', async () => {
    const queue = process_();
    const [id] = await queue.enqueue([job('bibs', 'r', 13)]);
    expect((await queue.claim())?.id).toBe(id);
    await queue.fail(id!, 'engine busy', new Date(Date.now() + 300));
    expect(await queue.failures(events[13]!, 10)).toMatchObject([{ jobId: id, state: 'queued' }]);
    const retried = await until(() => queue.claim());
    expect(retried).toMatchObject({ id, attempts: 2 });
    await queue.fail(id!, 'unreadable', null);
    expect(await queue.counts(events[13]!)).toMatchObject({ failed: 1, queued: 0 });
    expect(await queue.claim()).toBeNull();
    expect(await queue.enqueue([job('bibs', 'r', 13)])).toEqual([id]);
    expect(await until(() => queue.claim())).toMatchObject({ id, attempts: 1 });
    await queue.complete(id!);
  });

  it("takes over the job of a process that died holding it, once that one's lease runs out", async () => {
    const dying = process_();
    const other = process_();
    const [id] = await dying.enqueue([job('ingest', 'd', 14)]);
    expect((await dying.claim())?.id).toBe(id);
    // Its process is gone: no more lock renewals, no complete().
    await dying.close();
    expect(await other.claim()).toBeNull();
    const taken = await until(() => other.claim());
    expect(taken).toMatchObject({ id, attempts: 2, state: 'running' });
    await other.complete(id!);
    expect(await other.counts(events[14]!)).toMatchObject({ done: 1, running: 0 });
  });

  it('delivers at start what was recorded but never delivered', async () => {
    // A row without its delivery: as if the enqueuing process died between the two.
    const [id] = await new DatabaseJobQueue(database.db).enqueue([job('bibs', 'lost', 15)]);
    const queue = process_();
    expect(await queue.claim()).toBeNull();
    expect(await queue.recoverStale(0)).toBeGreaterThanOrEqual(1);
    expect((await queue.claim())?.id).toBe(id);
    // Recovering again while it runs delivers nothing twice.
    await queue.recoverStale(0);
    expect(await queue.claim()).toBeNull();
    await queue.complete(id!);
  });

  it('records work while Redis is away; a worker that reaches Redis delivers it', async () => {
    // Nothing listens on port 1: every delivery fails, the records are still written.
    const cut = new BullJobQueue(database.db, 'redis://127.0.0.1:1', { prefix, leaseMs: 1000 });
    opened.push(cut);
    const [id] = await cut.enqueue([job('bibs', 'offline', 15)]);
    expect(await cut.counts(events[15]!)).toMatchObject({ queued: 1 });
    const queue = process_();
    expect(await queue.claim()).toBeNull();
    await queue.recoverStale(0);
    expect((await queue.claim())?.id).toBe(id);
    await queue.complete(id!);
  });

  it('two workers in two "processes" work 30 jobs, each exactly once', async () => {
    const worked: string[] = [];
    const handlers: JobHandlers = {
      ingest: async () => undefined,
      faces: async () => undefined,
      redact: async () => undefined,
      watermark: async () => undefined,
      bibs: async ({ uuid }) => {
        worked.push(uuid);
        await sleep(5);
        return { uuid };
      },
    };
    const a = new JobWorker(process_(), handlers, { concurrency: 2, idleMs: 50 });
    const b = new JobWorker(process_(), handlers, { concurrency: 2, idleMs: 50 });
    const uuids = Array.from({ length: 30 }, (_, i) => `w${i}`);
    await process_().enqueue(uuids.map((u) => job('bibs', u, 16)));
    await a.start();
    await b.start();
    await until(async () => (a.processed + b.processed >= 30 ? true : null));
    await Promise.all([a.stop(), b.stop()]);
    expect([...worked].sort()).toEqual([...uuids].sort());
    expect(a.processed).toBeGreaterThan(0);
    expect(b.processed).toBeGreaterThan(0);
    expect(await process_().counts(events[16]!)).toEqual({
      queued: 0,
      running: 0,
      done: 30,
      failed: 0,
    });
  });
});
