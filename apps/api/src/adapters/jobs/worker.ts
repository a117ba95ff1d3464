import {
  JOB_KINDS,
  type Job,
  type JobKind,
  type JobOutcome,
  type JobPayloads,
  type JobQueue,
  PermanentJobError,
} from './types.js';

export interface JobContext {
  jobId: number;
  attempt: number;
}

/** Handles one kind of job. Must be idempotent: a job may run again after a crash or a retry. */
export type JobHandler<K extends JobKind> = (
  payload: JobPayloads[K],
  context: JobContext,
) => Promise<Record<string, unknown> | void>;

/** Exactly one handler per job kind: the type requires every kind, the worker checks it at start. */
export type JobHandlers = { [K in JobKind]: JobHandler<K> };

export interface WorkerOptions {
  concurrency: number;
  /** Wait between polls when no job is due. */
  idleMs?: number;
  /** First retry delay; doubles per attempt. */
  retryBaseMs?: number;
  /**
   * Running jobs locked longer than this are taken back (their worker died): at start, and, when
   * above 0, every half lease while this worker runs; meanwhile this worker renews the lock of
   * each job it runs at that pace, so a live worker's job is never taken. 0: every running job
   * is taken back at start only (one process owns the queue).
   */
  leaseMs?: number;
  onError?: (job: Job, error: unknown, willRetry: boolean) => void;
  /** Work only these kinds (the CLI import leaves bib OCR to the API); default all. */
  kinds?: readonly JobKind[];
  /**
   * Told of each job this worker finishes for good (done, or failed with no retry left), with
   * what the queue records: the CLI import follows its jobs without asking the queue each time.
   */
  onSettled?: (jobId: number, outcome: JobOutcome) => void;
}

export function checkHandlers(handlers: Partial<Record<string, unknown>>): void {
  const missing = JOB_KINDS.filter((kind) => typeof handlers[kind] !== 'function');
  const unknown = Object.keys(handlers).filter(
    (kind) => !(JOB_KINDS as readonly string[]).includes(kind),
  );
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      `Job handlers must match the job kinds: missing ${missing.join(', ') || 'none'}; unknown ${unknown.join(', ') || 'none'}`,
    );
  }
}

/** The longest wait between two renewals of a running job's lock. */
const HEARTBEAT_MAX_MS = 10_000;

/** Exponential backoff: base, 2 base, 4 base, ... capped at one hour. */
export function retryDelay(attempt: number, baseMs: number): number {
  return Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Works the queue in this process: `concurrency` loops, each claiming one job at a time.
 * `stop()` lets running jobs finish and claims no more.
 */
export class JobWorker {
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private settledWaiters = new Set<() => void>();
  /** Jobs finished by this worker (done or failed for good): tests and the CLI wait on it. */
  processed = 0;

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: JobHandlers,
    private readonly options: WorkerOptions,
  ) {
    checkHandlers(handlers as unknown as Record<string, unknown>);
  }

  get isRunning(): boolean {
    return this.running;
  }

  async start(): Promise<void> {
    if (this.running) return;
    await this.queue.recoverStale(this.leaseMs);
    this.recoveredAt = Date.now();
    this.running = true;
    this.loops = Array.from({ length: Math.max(1, this.options.concurrency) }, () => this.loop());
  }

  /** Something was enqueued: idle loops look now rather than at their next poll. */
  wake(): void {
    for (const wake of [...this.wakers]) wake();
  }

  /**
   * Resolves when this worker next finishes a job (done, or failed with or without a retry), or
   * after `timeoutMs` (jobs another process works are seen by polling at that pace).
   */
  nextSettled(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.settledWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.settledWaiters.add(done);
    });
  }

  /** Jobs this worker has finished, retries included (compare before and after a look). */
  settledCount = 0;

  private settled(): void {
    this.settledCount++;
    for (const done of [...this.settledWaiters]) done();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** When running jobs of dead workers were last looked for. */
  private recoveredAt = Date.now();

  private get leaseMs(): number {
    return this.options.leaseMs ?? 10 * 60_000;
  }

  /** Every half lease, jobs whose worker died (a crash, kill -9) go back to the queue. */
  private async recoverIfDue(): Promise<void> {
    const lease = this.leaseMs;
    // Only queues whose leases are renewed by heartbeats (others, BullMQ, see to it themselves).
    if (!this.queue.heartbeat || lease <= 0 || Date.now() - this.recoveredAt < lease / 2) return;
    this.recoveredAt = Date.now();
    try {
      await this.queue.recoverStale(lease);
    } catch (error) {
      if (this.running) this.options.onError?.({ id: 0 } as Job, error, true);
    }
  }

  private async loop(): Promise<void> {
    while (this.running) {
      await this.recoverIfDue();
      let job: Job | null = null;
      try {
        job = await this.queue.claim(this.options.kinds);
      } catch (error) {
        if (!this.running) return;
        this.options.onError?.({ id: 0 } as Job, error, true);
      }
      if (!job) {
        await this.idle();
        continue;
      }
      await this.run(job);
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.options.idleMs ?? 1000);
      this.wakers.add(done);
    });
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers[job.kind] as JobHandler<JobKind>;
    let outcome: JobOutcome | null = null;
    // This worker is alive: the job's lock is renewed every half lease (at least every 10 s, as
    // another process may take back jobs on a shorter lease) while it runs.
    const lease = this.leaseMs;
    const heartbeat = this.queue.heartbeat?.bind(this.queue);
    const beat =
      lease > 0 && heartbeat
        ? setInterval(
            () => void heartbeat(job.id).catch(() => undefined),
            Math.max(250, Math.min(lease / 2, HEARTBEAT_MAX_MS)),
          )
        : undefined;
    try {
      const result = await handler(job.payload, { jobId: job.id, attempt: job.attempts });
      await this.queue.complete(job.id, result ?? undefined);
      this.processed++;
      outcome = { state: 'done', lastError: null, result: result ?? null };
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      const willRetry = !permanent && job.attempts < job.maxAttempts;
      const message = (error as Error)?.message ?? String(error);
      this.options.onError?.(job, error, willRetry);
      const retryAt = willRetry
        ? new Date(Date.now() + retryDelay(job.attempts, this.options.retryBaseMs ?? 2000))
        : null;
      try {
        await this.queue.fail(job.id, message, retryAt);
        if (!willRetry) outcome = { state: 'failed', lastError: message, result: null };
      } catch (failError) {
        this.options.onError?.(job, failError, true);
      }
      if (!willRetry) this.processed++;
    } finally {
      if (beat) clearInterval(beat);
      if (outcome) this.options.onSettled?.(job.id, outcome);
      this.settled();
    }
  }
}
