import { randomUUID } from 'node:crypto';
import { type Job as BullJob, Queue, Worker } from 'bullmq';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/index.js';
import { DatabaseJobQueue, insertJob, type InsertedJob } from './db-queue.js';
import {
  type Backlog,
  JOB_KINDS,
  JOB_PRIORITY,
  type Job,
  type JobCounts,
  type JobFailure,
  type JobKind,
  type JobOutcome,
  type JobQueue,
  type JobState,
  type NewJob,
} from './types.js';

type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export interface BullJobQueueOptions {
  /** Prefix of every Redis key (several deployments, or test runs, can share one Redis). */
  prefix?: string;
  /**
   * How long a claimed job stays its worker's without news from it. The worker renews the lock
   * at half this; when a worker dies, another takes the job back once the lock has run out.
   */
  leaseMs?: number;
}

interface Held {
  job: BullJob;
  token: string;
  renew: NodeJS.Timeout;
}

/** How long an enqueue waits for Redis to take its deliveries before leaving them to recoverStale. */
const DELIVERY_WAIT_MS = 3000;

/** BullMQ's priority: 0 first, up to 2^21. */
const MAX_PRIORITY = 2 ** 21;
/** Places in line a job's turn can say within one priority (beyond it, all are last). */
const TURN_SPAN = 2 ** 14;

/**
 * A job's place in its kind's BullMQ queue: its priority first (a demo backlog after the
 * kind's ordinary jobs), then its turn in the fair queue (`insertJob`): how many jobs of its
 * priority came before it when it was queued. BullMQ keeps that place, so an event's new
 * photo queued behind a long import of another event is worked after the few jobs that stood
 * before it then, not after the whole import.
 */
function bullPriority(kind: JobKind, row: InsertedJob): number {
  const tier = Math.max(0, row.priority - JOB_PRIORITY[kind]);
  return Math.min(MAX_PRIORITY, tier * TURN_SPAN + Math.min(TURN_SPAN - 1, row.lead));
}

/**
 * Jobs delivered through Redis (BullMQ), recorded in the database's `jobs` table.
 *
 * The table stays the record of every job: idempotency keys, states, attempts, errors, results,
 * and the counts and failures the admin API and /health show, all as with {@link DatabaseJobQueue}.
 * BullMQ does the delivery: one queue per kind (claim(kinds) takes the kinds in priority order),
 * priorities within a kind, delayed retries, and locks that a live worker renews. When a worker
 * dies, its job's lock runs out, any other worker's stalled check puts it back, and the next claim
 * takes it over (its row is still 'running': one more attempt). A BullMQ job's id is its row's id (`job-<id>`),
 * so adding it again while it exists is a no-op: start-up can re-add every unfinished row safely.
 */
export class BullJobQueue implements JobQueue {
  private readonly records: DatabaseJobQueue;
  private readonly redis: Redis;
  /** Enqueues only: fails fast while Redis is away, where the workers' connection waits. */
  private readonly producer: Redis;
  private readonly prefix: string;
  private readonly leaseMs: number;
  private readonly queues = new Map<JobKind, Queue>();
  private readonly workers = new Map<JobKind, Worker>();
  private readonly held = new Map<number, Held>();
  private closed = false;

  constructor(
    private readonly db: Db,
    redisUrl: string,
    options: BullJobQueueOptions = {},
  ) {
    this.records = new DatabaseJobQueue(db);
    // BullMQ's blocking commands need retries without limit on the connection they use.
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    // ioredis reconnects by itself; while Redis is away, claims and enqueues fail and say so
    // (the worker's onError, the request's error), so the connection's own events add nothing.
    this.redis.on('error', () => undefined);
    this.producer = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    this.producer.on('error', () => undefined);
    this.prefix = options.prefix ?? 'eventsite';
    this.leaseMs = options.leaseMs ?? 30_000;
  }

  private queue(kind: JobKind): Queue {
    let queue = this.queues.get(kind);
    if (!queue) {
      queue = new Queue(kind, { connection: this.producer, prefix: this.prefix });
      // A failed enqueue is left to recoverStale (enqueue); the event adds nothing to that.
      queue.on('error', () => undefined);
      this.queues.set(kind, queue);
    }
    return queue;
  }

  /** Made on the first claim of a kind: a process that only enqueues (the API at JOB_CONCURRENCY=0) has none. */
  private worker(kind: JobKind): Worker {
    let worker = this.workers.get(kind);
    if (!worker) {
      worker = new Worker(kind, null, {
        connection: this.redis,
        prefix: this.prefix,
        autorun: false,
        lockDuration: this.leaseMs,
        stalledInterval: Math.max(500, Math.round(this.leaseMs / 2)),
        // A job whose worker keeps dying is given up by its row's attempts (claim), not here.
        maxStalledCount: 1_000,
      });
      worker.on('error', () => undefined);
      void worker.startStalledCheckTimer();
      this.workers.set(kind, worker);
    }
    return worker;
  }

  private async deliver(
    entries: Array<{ id: number; kind: JobKind; priority: number; delayMs?: number }>,
  ): Promise<void> {
    for (const kind of JOB_KINDS) {
      const mine = entries.filter((e) => e.kind === kind);
      for (let i = 0; i < mine.length; i += 500) {
        await this.queue(kind).addBulk(
          mine.slice(i, i + 500).map((e) => ({
            name: kind,
            data: { id: e.id },
            opts: {
              jobId: `job-${e.id}`,
              priority: Math.min(MAX_PRIORITY, Math.max(0, e.priority)),
              delay: e.delayMs,
              removeOnComplete: true,
              removeOnFail: true,
            },
          })),
        );
      }
    }
  }

  async enqueue(jobs: NewJob[]): Promise<number[]> {
    const ids: number[] = [];
    const fresh: Array<{ id: number; kind: JobKind; priority: number }> = [];
    for (const job of jobs) {
      const row = await insertJob(this.db, job);
      ids.push(row.id);
      if (row.fresh)
        fresh.push({ id: row.id, kind: job.kind, priority: bullPriority(job.kind, row) });
    }
    // After the rows: a job is never delivered before its record exists. A delivery that fails
    // (Redis away) or never happens (a crash between the two) leaves a queued row, which the
    // workers deliver at start and every minute (recoverStale): the upload is not refused for it.
    if (fresh.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.deliver(fresh),
        new Promise((resolve) => (timer = setTimeout(resolve, DELIVERY_WAIT_MS))),
      ]).catch(() => undefined);
      clearTimeout(timer);
    }
    return ids;
  }

  async claim(kinds?: readonly JobKind[]): Promise<Job | null> {
    if (this.closed) return null;
    const wanted = [...(kinds && kinds.length > 0 ? kinds : JOB_KINDS)].sort(
      (a, b) => JOB_PRIORITY[a] - JOB_PRIORITY[b],
    );
    for (const kind of wanted) {
      for (;;) {
        const token = randomUUID();
        const delivered = await this.worker(kind).getNextJob(token, { block: false });
        if (!delivered) break;
        const job = await this.take(delivered, token);
        if (job) return job;
      }
    }
    return null;
  }

  /** The row of a delivered job, now 'running' here; null (and the delivery dropped) when it is settled or gone. */
  private async take(delivered: BullJob, token: string): Promise<Job | null> {
    const id = Number(String(delivered.id).replace(/^job-/, ''));
    // 'running' here means its last worker died holding it: this claim takes it over, unless
    // that was its last attempt.
    const result = await rows(
      this.db,
      sql`update jobs
             set state = case when state = 'running' and attempts >= max_attempts then 'failed' else 'running' end,
                 last_error = case when state = 'running' and attempts >= max_attempts
                                   then 'the worker running it stopped during every attempt' else last_error end,
                 attempts = case when state = 'running' and attempts >= max_attempts then attempts else attempts + 1 end,
                 locked_at = now(), updated_at = now()
           where id = ${id} and state in ('queued', 'running')
          returning id, kind, payload, state, attempts, max_attempts, event_id, idempotency_key`,
    );
    const row = result[0];
    if (!row || row.state !== 'running') {
      // Done, failed, or deleted with its event: nothing to do but let the delivery go.
      await delivered.moveToCompleted(null, token, false).catch(() => undefined);
      return null;
    }
    const renew = setInterval(
      () => void delivered.extendLock(token, this.leaseMs).catch(() => undefined),
      Math.max(250, Math.round(this.leaseMs / 2)),
    );
    renew.unref();
    this.held.set(id, { job: delivered, token, renew });
    return {
      id,
      kind: row.kind as JobKind,
      payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as never,
      state: row.state as JobState,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
      eventId: row.event_id === null || row.event_id === undefined ? null : Number(row.event_id),
      idempotencyKey: String(row.idempotency_key),
    } as Job;
  }

  private release(id: number): Held | undefined {
    const held = this.held.get(id);
    if (held) {
      clearInterval(held.renew);
      this.held.delete(id);
    }
    return held;
  }

  async complete(id: number, result?: Record<string, unknown>): Promise<void> {
    // The record first: if this process dies before the delivery is settled, the job comes back,
    // finds its row done and is dropped.
    await this.records.complete(id, result);
    const held = this.release(id);
    await held?.job.moveToCompleted(null, held.token, false).catch(() => undefined);
  }

  async fail(id: number, error: string, retryAt: Date | null): Promise<void> {
    await this.records.fail(id, error, retryAt);
    const held = this.release(id);
    if (!held) return;
    if (retryAt) {
      // Delivered again once the backoff has passed.
      await held.job.moveToDelayed(retryAt.getTime(), held.token).catch(() => undefined);
    } else {
      await held.job.moveToFailed(new Error(error), held.token, false).catch(() => undefined);
    }
  }

  /**
   * Delivers every unfinished row again: BullMQ ignores the ones it still holds (their id is
   * taken), and a row whose delivery was lost (a crash between insert and delivery, or a Redis
   * that lost its data) is worked. Jobs of dead workers come back through BullMQ's stalled
   * check, whatever `leaseMs` says. Returns how many rows were looked at.
   */
  async recoverStale(_leaseMs: number): Promise<number> {
    const unfinished = await rows(
      this.db,
      sql`select id, kind, priority, run_at from jobs where state in ('queued', 'running') order by id`,
    );
    const now = Date.now();
    await this.deliver(
      unfinished.map((row) => ({
        id: Number(row.id),
        kind: row.kind as JobKind,
        priority: Number(row.priority),
        delayMs: Math.max(0, new Date(String(row.run_at)).getTime() - now) || undefined,
      })),
    );
    return unfinished.length;
  }

  counts(eventId: number): Promise<JobCounts> {
    return this.records.counts(eventId);
  }

  backlog(): Promise<Backlog> {
    return this.records.backlog();
  }

  failures(eventId: number, limit: number): Promise<JobFailure[]> {
    return this.records.failures(eventId, limit);
  }

  states(ids: number[]): Promise<Map<number, JobOutcome>> {
    return this.records.states(ids);
  }

  find(id: number): Promise<Job | null> {
    return this.records.find(id);
  }

  /** Stops claiming, lets go of the Redis connections. Jobs still held come back to others. */
  async close(): Promise<void> {
    this.closed = true;
    for (const held of this.held.values()) clearInterval(held.renew);
    this.held.clear();
    await Promise.allSettled([...this.workers.values()].map((w) => w.close(true)));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    this.redis.disconnect();
    this.producer.disconnect();
  }
}
