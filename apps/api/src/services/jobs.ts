import {
  type Backlog,
  type JobCounts,
  type JobFailure,
  type JobQueue,
  type JobState,
  type NewJob,
} from '../adapters/jobs/types.js';
import { conflict, notFound } from '../errors.js';
import type { PhotoProgress } from '../repositories/photo-progress.js';
import { Signal } from './signal.js';

export interface JobsStatus {
  counts: JobCounts;
  photos: {
    arriving: number;
    total: number;
    ready: number;
    reading: number;
    failed: number;
    with_bibs: number;
    with_faces: number;
  };
  failures: Array<{
    job_id: number;
    kind: string;
    subject: string;
    attempts: number;
    last_error: string;
    /** 'failed' for good, or 'queued' for a retry. */
    state: JobState;
  }>;
}

/**
 * Enqueues work and reports progress; the worker (adapters/jobs/worker.ts) runs it with the
 * handlers of ingest/ (one per job kind).
 */
export class JobService {
  /** Told after jobs are queued: a worker of this process listens, to start on them at once. */
  readonly enqueued = new Signal();

  constructor(
    readonly queue: JobQueue,
    /** Refuses (404) an event that is not the organiser's: progress is the owner's to see. */
    private readonly owned: {
      requireOwned(eventId: number, organiserId: number): Promise<unknown>;
    },
    /** The event's photos counted as photos, not jobs. */
    private readonly progress: { of(eventId: number): Promise<PhotoProgress> },
  ) {}

  async enqueue(jobs: NewJob[]): Promise<number[]> {
    const ids = await this.queue.enqueue(jobs);
    this.enqueued.emit();
    return ids;
  }

  async enqueueIngest(
    eventId: number,
    file: { uuid: string; incomingKey: string; filename: string },
    idempotencyKey = `ingest:${file.uuid}`,
  ): Promise<number> {
    const [id] = await this.enqueue([
      {
        kind: 'ingest',
        payload: { eventId, ...file, acceptedAt: new Date().toISOString() },
        idempotencyKey,
        eventId,
      },
    ]);
    return id!;
  }

  /**
   * Queues one job of the kind per photo, in chunks of 500: a new run over an event's photos (its
   * bib format changed, selfie search was turned on). The run has keys of its own, so photos
   * already done once are done again. Returns how many were queued.
   */
  async enqueueEventRun(
    kind: 'bibs' | 'faces',
    eventId: number,
    uuids: readonly string[],
  ): Promise<number> {
    const run = Date.now().toString(36);
    for (let i = 0; i < uuids.length; i += 500)
      await this.enqueue(
        uuids.slice(i, i + 500).map((uuid) => ({
          kind,
          payload: { eventId, uuid },
          idempotencyKey: `${kind}:${uuid}:${run}`,
          eventId,
        })),
      );
    return uuids.length;
  }

  /** What is still to be done across every event: queued and running jobs per kind. */
  backlog(): Promise<Backlog> {
    return this.queue.backlog();
  }

  /**
   * A job of the event that failed for good is queued again from its first attempt (by its own
   * idempotency key, which re-queues a failed job in every queue). Another event's job, or
   * another organiser's, is 404; one that has not failed is 409 and left alone.
   */
  async retry(
    eventId: number,
    jobId: number,
    organiserId: number,
  ): Promise<{ job_id: number; state: 'queued' }> {
    await this.owned.requireOwned(eventId, organiserId);
    const job = await this.queue.find(jobId);
    if (!job || job.eventId !== eventId)
      throw notFound(`The event ${eventId} has no job with the id ${jobId}`);
    if (job.state !== 'failed')
      throw conflict(`The job ${jobId} is ${job.state}, not failed: there is nothing to retry`);
    const [id] = await this.enqueue([
      {
        kind: job.kind,
        payload: job.payload,
        idempotencyKey: job.idempotencyKey,
        eventId,
        maxAttempts: job.maxAttempts,
      } as NewJob,
    ]);
    return { job_id: id ?? jobId, state: 'queued' };
  }

  /** The event's progress, for its organiser (another organiser's event is 404). */
  async status(eventId: number, organiserId: number): Promise<JobsStatus> {
    await this.owned.requireOwned(eventId, organiserId);
    const [counts, failures, photos] = await Promise.all([
      this.queue.counts(eventId),
      this.queue.failures(eventId, 200),
      this.progress.of(eventId),
    ]);
    return {
      counts,
      photos: {
        arriving: photos.arriving,
        total: photos.total,
        ready: photos.ready,
        reading: photos.reading,
        failed: photos.failed,
        with_bibs: photos.withBibs,
        with_faces: photos.withFaces,
      },
      failures: failures.map((f: JobFailure) => ({
        job_id: f.jobId,
        kind: f.kind,
        subject: f.subject,
        attempts: f.attempts,
        last_error: f.lastError,
        state: f.state,
      })),
    };
  }
}
