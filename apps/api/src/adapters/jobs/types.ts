/**
 * The job kinds: a typed union, each kind with its payload. Every kind has exactly one handler
 * (apps/api/src/ingest/, one module per kind), checked when the worker starts.
 */
export interface JobPayloads {
  /** A file waiting in the incoming store becomes a photo: probe, store, variants, then `bibs` and `faces`. */
  ingest: {
    eventId: number;
    /** The photo's id, chosen when the file was accepted. */
    uuid: string;
    /** Key of the file in the incoming blob store. */
    incomingKey: string;
    filename: string;
    /**
     * When the file was accepted (ISO 8601). A photo without a capture time sorts by it, so a
     * gallery keeps the upload order whichever worker ingests first. Absent in jobs queued
     * before it was carried: those sort by when they were ingested.
     */
    acceptedAt?: string;
  };
  /** Bib OCR of one photo. */
  bibs: { eventId: number; uuid: string };
  /** Faces of one photo: boxes and descriptors for selfie search. */
  faces: {
    eventId: number;
    uuid: string;
    /**
     * Queued by the photo's `bibs` job once its readings were stored (an event that indexes only
     * runners' faces, ingest/order.ts): the faces are decided with them, whatever else is queued.
     */
    afterBibs?: boolean;
  };
  /** A photo's faces were hidden: its stored variants and download copy are made again blurred. */
  redact: { eventId: number; uuid: string };
  /** The event's watermark changed: its stored display variants are made again with this version. */
  watermark: { eventId: number; version: number };
}

export type JobKind = keyof JobPayloads;
export const JOB_KINDS = [
  'ingest',
  'bibs',
  'faces',
  'redact',
  'watermark',
] as const satisfies readonly JobKind[];

/**
 * Lower runs first: a hide's blurred copies as soon as a new photo's ingest; a watermark's
 * re-rendering last (visitors are served the new mark on first request meanwhile).
 */
export const JOB_PRIORITY: Record<JobKind, number> = {
  ingest: 1,
  redact: 1,
  bibs: 2,
  faces: 3,
  watermark: 4,
};

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface NewJob<K extends JobKind = JobKind> {
  kind: K;
  payload: JobPayloads[K];
  /** Enqueueing twice with one key is a no-op (unless the first failed: then it is queued again). */
  idempotencyKey: string;
  eventId?: number | null;
  priority?: number;
  maxAttempts?: number;
}

export type Job = {
  [K in JobKind]: {
    id: number;
    kind: K;
    payload: JobPayloads[K];
    state: JobState;
    attempts: number;
    maxAttempts: number;
    eventId: number | null;
    idempotencyKey: string;
  };
}[JobKind];

export interface JobFailure {
  jobId: number;
  kind: JobKind;
  /** The file name or photo the job was about. */
  subject: string;
  attempts: number;
  lastError: string;
  state: JobState;
}

export interface JobOutcome {
  state: JobState;
  lastError: string | null;
  result: Record<string, unknown> | null;
}

export interface JobCounts {
  queued: number;
  running: number;
  done: number;
  failed: number;
}

export type Backlog = Record<JobKind, { queued: number; running: number }>;

/** A job that must not be retried (the input can never succeed): fails at once with its message. */
export class PermanentJobError extends Error {}

/** The queue, behind an interface: a table in the database now, BullMQ on Redis possibly later. */
export interface JobQueue {
  /** Ids of the jobs, in order; an existing key gives the existing job's id (re-queued if it had failed). */
  enqueue(jobs: NewJob[]): Promise<number[]>;
  /** The next due job (of these kinds, default all), now 'running' with attempts + 1, or null when none is due. */
  claim(kinds?: readonly JobKind[]): Promise<Job | null>;
  complete(id: number, result?: Record<string, unknown>): Promise<void>;
  /** Back to 'queued' at `retryAt`, or 'failed' for good when retryAt is null. */
  fail(id: number, error: string, retryAt: Date | null): Promise<void>;
  /** 'running' jobs locked before now - leaseMs go back to 'queued' (their worker died); how many. */
  recoverStale(leaseMs: number): Promise<number>;
  /** The worker of a running job is alive: the job's lease starts again (queues that track it). */
  heartbeat?(id: number): Promise<void>;
  counts(eventId: number): Promise<JobCounts>;
  /** Work not finished yet, over every event: queued and running jobs of each kind. */
  backlog(): Promise<Backlog>;
  failures(eventId: number, limit: number): Promise<JobFailure[]>;
  /** One job, or null when there is no such job. */
  find(id: number): Promise<Job | null>;
  /** State, last error and result of each of these jobs. */
  states(ids: number[]): Promise<Map<number, JobOutcome>>;
}
