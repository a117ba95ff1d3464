import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/database.js';
import type { Database } from '../db/index.js';
import { createServices } from '../../services/index.js';
import { seedEvent, seedOrganiser } from '../../test-support/fixtures.js';
import { localBlobStores } from '../blobs.js';
import { DatabaseJobQueue } from './db-queue.js';
import { PermanentJobError } from './types.js';
import { checkHandlers, type JobHandlers, JobWorker, retryDelay } from './worker.js';

let database: Database;
let queue: DatabaseJobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  queue = new DatabaseJobQueue(database.db);
});
afterAll(() => database.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

const bibs = (uuid: string) => ({
  kind: 'bibs' as const,
  payload: { eventId: 0, uuid },
  idempotencyKey: `test:${uuid}`,
});

describe('the job queue', () => {
  it('enqueues once per idempotency key, claims in priority order, one job per claim', async () => {
    const [a, b] = await queue.enqueue([bibs('a'), bibs('b')]);
    const [again] = await queue.enqueue([bibs('a')]);
    expect(again).toBe(a);
    const [urgent] = await queue.enqueue([{ ...bibs('c'), priority: 0 }]);
    const claims = await Promise.all([queue.claim(), queue.claim(), queue.claim(), queue.claim()]);
    const ids = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(ids.sort()).toEqual([a, b, urgent].sort());
    expect(claims.filter((c) => c === null)).toHaveLength(1);
    expect(claims.find((c) => c?.id === urgent)?.attempts).toBe(1);
    for (const id of ids) await queue.complete(id);
    expect((await queue.states(ids)).get(a!)?.state).toBe('done');
  });

  it("an event's new photos take turns with another event's long import, not wait behind it", async () => {
    const services = createServices(database.db, localBlobStores('/nonexistent'), {
      ocrEnabled: false,
      facesEnabled: false,
    });
    await seedOrganiser(services, { name: 'Turns Club', domains: ['turns.test'] });
    const [old, live] = await Promise.all(
      ['Old Marathon', 'Live 10K'].map(
        async (name) =>
          (await seedEvent(services, 'turns.test', { name, event_date: '2025-01-01' })).id,
      ),
    );
    const ingest = (eventId: number, uuid: string) => ({
      kind: 'bibs' as const,
      payload: { eventId, uuid },
      idempotencyKey: `turns:${uuid}`,
      eventId,
    });
    const imported = await queue.enqueue(
      Array.from({ length: 20 }, (_, i) => ingest(old!, `import-${i}`)),
    );
    const first = [(await queue.claim())!.id, (await queue.claim())!.id];
    expect(first).toEqual(imported.slice(0, 2));
    const fresh = await queue.enqueue([ingest(live!, 'live-1'), ingest(live!, 'live-2')]);
    const next: number[] = [];
    for (let i = 0; i < 5; i++) next.push((await queue.claim())!.id);
    expect(next).toEqual(expect.arrayContaining(fresh));
    const importedNext = next.filter((id) => imported.includes(id));
    expect(importedNext).toEqual(imported.slice(2, 2 + importedNext.length));
    // What is left of the import, worked, so the tests after this one find the queue empty.
    for (const id of [...first, ...next]) await queue.complete(id);
    for (let job = await queue.claim(); job; job = await queue.claim())
      await queue.complete(job.id);
  });

  it('takes back running jobs whose lease ran out', async () => {
    const [id] = await queue.enqueue([bibs('stale')]);
    expect((await queue.claim())?.id).toBe(id);
    expect(await queue.recoverStale(60_000)).toBe(0);
    expect(await queue.recoverStale(0)).toBe(1);
    expect((await queue.states([id!])).get(id!)?.state).toBe('queued');
    const job = await queue.claim();
    expect(job?.attempts).toBe(2);
    await queue.complete(job!.id);
  });
});

describe('the worker', () => {
  it('needs exactly one handler per job kind', () => {
    expect(() => checkHandlers({ ingest: async () => undefined })).toThrow(/missing bibs/);
    expect(() =>
      checkHandlers({
        ingest: async () => undefined,
        bibs: async () => undefined,
        faces: async () => undefined,
        videos: async () => undefined,
      }),
    ).toThrow(/unknown videos/);
  });

  it('retries with exponential backoff, then fails for good with the reason', async () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 100))).toEqual([100, 200, 400, 800]);
    const runs = new Map<string, number>();
    const handlers: JobHandlers = {
      ingest: async () => undefined,
      faces: async () => undefined,
      redact: async () => undefined,
      watermark: async () => undefined,
      bibs: async ({ uuid }) => {
        runs.set(uuid, (runs.get(uuid) ?? 0) + 1);
        if (uuid === 'flaky' && runs.get(uuid)! < 3) throw new Error('disk busy');
        if (uuid === 'broken') throw new Error('always broken');
        if (uuid === 'hopeless') throw new PermanentJobError('not an image');
        return { ok: true };
      },
    };
    const ids = await queue.enqueue(
      ['flaky', 'broken', 'hopeless'].map((u) => ({ ...bibs(u), maxAttempts: 4 })),
    );
    const reported: Array<[number, unknown]> = [];
    const worker = new JobWorker(queue, handlers, {
      concurrency: 2,
      retryBaseMs: 10,
      idleMs: 10,
      onSettled: (id, outcome) => reported.push([id, outcome]),
    });
    await worker.start();
    await until(async () =>
      [...(await queue.states(ids)).values()].every(
        (o) => o.state === 'done' || o.state === 'failed',
      ),
    );
    await worker.stop();
    const states = await queue.states(ids);
    expect(states.get(ids[0]!)).toEqual({ state: 'done', lastError: null, result: { ok: true } });
    expect(states.get(ids[1]!)).toMatchObject({ state: 'failed', lastError: 'always broken' });
    expect(states.get(ids[2]!)).toMatchObject({ state: 'failed', lastError: 'not an image' });
    expect(runs.get('flaky')).toBe(3);
    expect(runs.get('broken')).toBe(4);
    expect(runs.get('hopeless')).toBe(1);
    // The watcher was told of each job once, when it ended for good, as the queue records it.
    expect(reported.map(([id]) => id).sort()).toEqual([...ids].sort());
    for (const [id, outcome] of reported) expect(outcome).toEqual(states.get(id));
    // A failed job enqueued again runs again.
    const [requeued] = await queue.enqueue([bibs('hopeless')]);
    expect(requeued).toBe(ids[2]);
    expect((await queue.states([requeued!])).get(requeued!)?.state).toBe('queued');
  });

  it('tells a watcher when it finishes a job, without waiting for the watcher’s timeout', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handlers: JobHandlers = {
      ingest: async () => undefined,
      faces: async () => undefined,
      redact: async () => undefined,
      watermark: async () => undefined,
      bibs: async () => {
        await gate;
        return { ok: true };
      },
    };
    const [id] = await queue.enqueue([bibs('watched')]);
    const worker = new JobWorker(queue, handlers, { concurrency: 1, idleMs: 10 });
    await worker.start();
    const before = worker.settledCount;
    const started = Date.now();
    release();
    // Each wait ends when the worker finishes a job (a job left by an earlier test may come first).
    for (;;) {
      const seen = worker.settledCount;
      if ((await queue.states([id!])).get(id!)?.state === 'done') break;
      if (worker.settledCount === seen) await worker.nextSettled(60_000);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(worker.settledCount).toBeGreaterThan(before);
    // With nothing to finish, the watcher gives up at its timeout.
    const idle = Date.now();
    await worker.nextSettled(50);
    expect(Date.now() - idle).toBeGreaterThanOrEqual(45);
    await worker.stop();
  });

  it("takes back, while it runs, the job of a worker that died; never a live worker's job", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let longRuns = 0;
    const handlers: JobHandlers = {
      ingest: async () => undefined,
      faces: async () => undefined,
      redact: async () => undefined,
      watermark: async () => undefined,
      bibs: async () => {
        longRuns += 1;
        await gate;
        return { ok: true };
      },
    };
    let recoveries = 0;
    const recover = queue.recoverStale.bind(queue);
    queue.recoverStale = async (ms: number) => {
      recoveries += 1;
      return recover(ms);
    };
    const lease = 1500;
    // Two workers share the queue (bib jobs only); one runs a job longer than several leases.
    const options = { concurrency: 1, idleMs: 20, leaseMs: lease, kinds: ['bibs'] as const };
    const busy = new JobWorker(queue, handlers, options);
    const idle = new JobWorker(queue, handlers, options);
    try {
      const [long] = await queue.enqueue([bibs('long')]);
      await busy.start();
      await until(async () => longRuns === 1);
      await idle.start();
      // A third worker claims a job and dies (kill -9): the job stays 'running'.
      const [orphan] = await queue.enqueue([{ ...bibs('orphan'), kind: 'faces' as const }]);
      expect((await queue.claim(['faces']))?.id).toBe(orphan);
      // No restart: a running worker gives it back to the queue once its lease has run out.
      await until(
        async () => (await queue.states([orphan!])).get(orphan!)?.state === 'queued',
        20_000,
      );
      // Meanwhile the long job, renewed by its worker, was never taken from it.
      const seen = recoveries;
      await until(async () => recoveries >= seen + 3, 20_000);
      expect((await queue.states([long!])).get(long!)?.state).toBe('running');
      release();
      await until(async () => (await queue.states([long!])).get(long!)?.state === 'done');
      expect(longRuns).toBe(1);
    } finally {
      release();
      queue.recoverStale = recover;
      await busy.stop();
      await idle.stop();
    }
  });
});
