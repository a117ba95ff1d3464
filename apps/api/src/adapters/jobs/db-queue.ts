import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
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

function toJob(row: Row): Job {
  return {
    id: Number(row.id),
    kind: row.kind as JobKind,
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as never,
    state: row.state as JobState,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    eventId: row.event_id === null || row.event_id === undefined ? null : Number(row.event_id),
    idempotencyKey: String(row.idempotency_key),
  } as Job;
}

/** A job's row as `insertJob` left it. */
export interface InsertedJob {
  id: number;
  /** Queued by this call (new, or a failed one queued again); false: the key's job already stands. */
  fresh: boolean;
  priority: number;
  /** How many turns of its priority come before it when queued (0: next). */
  lead: number;
}

/**
 * Records a job, taking its turn in a fair queue: jobs of one priority are worked in the order
 * of their turns, and each event's jobs take turns with the other events' rather than waiting
 * behind them. A job's turn is one after the later of its event's last queued job of that
 * priority and the head of that priority's queue, so an event with one new photo is served
 * next to an event importing ten thousand, not after it (start-time fair queuing, one flow per
 * event). A key seen before gives its job, queued again if it had failed.
 */
export async function insertJob(db: Db, job: NewJob): Promise<InsertedJob> {
  const priority = job.priority ?? JOB_PRIORITY[job.kind];
  const eventId = job.eventId ?? null;
  const inserted = await rows(
    db,
    sql`with head as (
          select coalesce(min(turn), 0) as turn from jobs
           where state = 'queued' and priority = ${priority}),
        flow as (
          select coalesce(max(turn), 0) as turn from jobs
           where event_id is not distinct from ${eventId}::integer
             and state = 'queued' and priority = ${priority})
        insert into jobs (kind, payload, priority, max_attempts, idempotency_key, event_id, turn)
        select ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${priority},
               ${job.maxAttempts ?? 5}, ${job.idempotencyKey}, ${eventId}::integer,
               greatest(head.turn, flow.turn) + 1
          from head, flow
        on conflict (idempotency_key) do update
          set state = 'queued', attempts = 0, run_at = now(), last_error = null,
              payload = excluded.payload, turn = excluded.turn, updated_at = now()
          where jobs.state = 'failed'
        returning id, turn - greatest((select turn from head), 1) as lead`,
  );
  if (inserted[0])
    return {
      id: Number(inserted[0].id),
      fresh: true,
      priority,
      lead: Math.max(0, Number(inserted[0].lead)),
    };
  const existing = await rows(
    db,
    sql`select id from jobs where idempotency_key = ${job.idempotencyKey}`,
  );
  return { id: Number(existing[0]!.id), fresh: false, priority, lead: 0 };
}

/**
 * The job queue as a table in the application's own database (PGlite or PostgreSQL): no other
 * service to run. Claiming uses FOR UPDATE SKIP LOCKED, so several workers (and processes, on
 * PostgreSQL) never take the same job.
 */
export class DatabaseJobQueue implements JobQueue {
  constructor(private readonly db: Db) {}

  async enqueue(jobs: NewJob[]): Promise<number[]> {
    const ids: number[] = [];
    // One statement per job keeps each insert small; callers enqueue per uploaded file anyway.
    for (const job of jobs) ids.push((await insertJob(this.db, job)).id);
    return ids;
  }

  async claim(kinds?: readonly JobKind[]): Promise<Job | null> {
    const only =
      kinds && kinds.length > 0
        ? sql` and kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : sql``;
    const result = await rows(
      this.db,
      sql`update jobs
             set state = 'running', attempts = attempts + 1, locked_at = now(), updated_at = now()
           where id = (select id from jobs
                        where state = 'queued' and run_at <= now()${only}
                        order by priority, turn, id
                        for update skip locked
                        limit 1)
          returning id, kind, payload, state, attempts, max_attempts, event_id, idempotency_key`,
    );
    return result[0] ? toJob(result[0]) : null;
  }

  async complete(id: number, result?: Record<string, unknown>): Promise<void> {
    await this.db.execute(
      sql`update jobs set state = 'done', locked_at = null, last_error = null,
                 result = ${result ? JSON.stringify(result) : null}::jsonb, updated_at = now()
           where id = ${id}`,
    );
  }

  async fail(id: number, error: string, retryAt: Date | null): Promise<void> {
    const message = error.slice(0, 2000);
    if (retryAt) {
      await this.db.execute(
        sql`update jobs set state = 'queued', locked_at = null, last_error = ${message},
                   run_at = ${retryAt.toISOString()}::timestamptz, updated_at = now()
             where id = ${id}`,
      );
    } else {
      await this.db.execute(
        sql`update jobs set state = 'failed', locked_at = null, last_error = ${message}, updated_at = now()
             where id = ${id}`,
      );
    }
  }

  async recoverStale(leaseMs: number): Promise<number> {
    const result = await rows(
      this.db,
      sql`update jobs set state = 'queued', locked_at = null, run_at = now(), updated_at = now()
           where state = 'running'
             and locked_at <= now() - (${Math.max(0, Math.round(leaseMs))} * interval '1 millisecond')
          returning id`,
    );
    return result.length;
  }

  async heartbeat(id: number): Promise<void> {
    await this.db.execute(
      sql`update jobs set locked_at = now() where id = ${id} and state = 'running'`,
    );
  }

  async counts(eventId: number): Promise<JobCounts> {
    const result = await rows(
      this.db,
      sql`select state, count(*)::int as n from jobs where event_id = ${eventId} group by state`,
    );
    const counts: JobCounts = { queued: 0, running: 0, done: 0, failed: 0 };
    for (const row of result) counts[row.state as JobState] = Number(row.n);
    return counts;
  }

  async backlog(): Promise<Backlog> {
    const result = await rows(
      this.db,
      sql`select kind, state, count(*)::int as n from jobs
           where state in ('queued', 'running') group by kind, state`,
    );
    const backlog = Object.fromEntries(
      JOB_KINDS.map((kind) => [kind, { queued: 0, running: 0 }]),
    ) as Backlog;
    for (const row of result) {
      const entry = backlog[row.kind as JobKind];
      if (entry) entry[row.state as 'queued' | 'running'] = Number(row.n);
    }
    return backlog;
  }

  async failures(eventId: number, limit: number): Promise<JobFailure[]> {
    const result = await rows(
      this.db,
      sql`select id, kind, state, attempts, last_error,
                 coalesce(payload->>'filename',
                          (select p.original_name from photos p where p.uuid::text = payload->>'uuid'),
                          payload->>'uuid', '') as subject
            from jobs
           where event_id = ${eventId} and last_error is not null and state in ('failed', 'queued')
           order by (state = 'failed') desc, id
           limit ${limit}`,
    );
    return result.map((row) => ({
      jobId: Number(row.id),
      kind: row.kind as JobKind,
      subject: String(row.subject),
      attempts: Number(row.attempts),
      lastError: String(row.last_error),
      state: row.state as JobState,
    }));
  }

  async find(id: number): Promise<Job | null> {
    const result = await rows(
      this.db,
      sql`select id, kind, payload, state, attempts, max_attempts, event_id, idempotency_key
            from jobs where id = ${id}`,
    );
    return result[0] ? toJob(result[0]) : null;
  }

  async states(ids: number[]): Promise<Map<number, JobOutcome>> {
    const outcomes = new Map<number, JobOutcome>();
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      const result = await rows(
        this.db,
        sql`select id, state, last_error, result from jobs where id in (${sql.join(
          chunk.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      for (const row of result) {
        const value = row.result;
        outcomes.set(Number(row.id), {
          state: row.state as JobState,
          lastError: (row.last_error as string | null) ?? null,
          result: (typeof value === 'string' ? JSON.parse(value) : (value ?? null)) as Record<
            string,
            unknown
          > | null,
        });
      }
    }
    return outcomes;
  }
}
