import type { BlobStores } from '../adapters/blobs.js';
import { UnusableImageError } from '../adapters/images.js';
import type { JobHandlers, JobWorker } from '../adapters/jobs/worker.js';
import {
  type Backlog,
  type JobCounts,
  type JobFailure,
  type JobQueue,
  type JobState,
  type NewJob,
  PermanentJobError,
} from '../adapters/jobs/types.js';
import type { EventRepository } from '../repositories/events.js';
import { EventGoneError, type PhotoRepository } from '../repositories/photos.js';
import { photosConfigOf } from './event-config.js';
import type { ImportService } from './imports.js';
import type { PhotoService } from './photos.js';

export interface JobsStatus {
  counts: JobCounts;
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

/** Enqueues work and reports progress; the worker (adapters/jobs/worker.ts) runs it. */
export class JobService {
  /** Set when this process works the queue: enqueueing wakes it at once. */
  worker: JobWorker | undefined;

  constructor(readonly queue: JobQueue) {}

  async enqueue(jobs: NewJob[]): Promise<number[]> {
    const ids = await this.queue.enqueue(jobs);
    this.worker?.wake();
    return ids;
  }

  async enqueueIngest(
    eventId: number,
    file: { uuid: string; incomingKey: string; filename: string },
    idempotencyKey = `ingest:${file.uuid}`,
  ): Promise<number> {
    const [id] = await this.enqueue([
      { kind: 'ingest', payload: { eventId, ...file }, idempotencyKey, eventId },
    ]);
    return id!;
  }

  /** What is still to be done across every event: queued and running jobs per kind. */
  backlog(): Promise<Backlog> {
    return this.queue.backlog();
  }

  async status(eventId: number): Promise<JobsStatus> {
    const [counts, failures] = await Promise.all([
      this.queue.counts(eventId),
      this.queue.failures(eventId, 200),
    ]);
    return {
      counts,
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

export interface HandlerDeps {
  blobs: BlobStores;
  events: EventRepository;
  photos: PhotoRepository;
  imports: ImportService;
  photoService: PhotoService;
  jobs: JobService;
  /** Bib OCR of one photo; undefined when OCR is off. */
  readBibs: ((eventId: number, uuid: string) => Promise<Record<string, unknown>>) | undefined;
  /** Faces of one photo; undefined when face search is off. */
  detectFaces: ((eventId: number, uuid: string) => Promise<Record<string, unknown>>) | undefined;
}

/** One handler per job kind. Each is idempotent: a job may run again after a crash or retry. */
export function createJobHandlers(deps: HandlerDeps): JobHandlers {
  return {
    ingest: async ({ eventId, uuid, incomingKey, filename }) => {
      // No look-up of the event first: its jobs go with it when it is deleted, and one deleted
      // while this job runs is caught by the photo's insert (EventGoneError).
      const bytes = await deps.blobs.incoming.get(incomingKey);
      if (!bytes) {
        // Done before a crash, between making the photo and reporting it?
        const made = await deps.photos.findByUuid(uuid);
        if (made) return { uuid };
        throw new PermanentJobError(`${filename}: the uploaded file is gone`);
      }
      let result;
      try {
        result = await deps.imports.ingest(eventId, filename, bytes, uuid, new Set(), {
          beforeListing: (id, original) => deps.photoService.prerender(id, original),
        });
      } catch (error) {
        if (error instanceof UnusableImageError) {
          await deps.blobs.incoming.delete(incomingKey);
          throw new PermanentJobError(error.message);
        }
        if (error instanceof EventGoneError) {
          await deps.blobs.incoming.delete(incomingKey);
          return { skipped: 'the event was deleted' };
        }
        throw error;
      }
      if (result.status === 'failed') throw new Error(`${filename}: ${result.reason}`);
      if (result.status === 'skipped') {
        await deps.blobs.incoming.delete(incomingKey);
        return { skipped: result.reason };
      }
      const next: NewJob[] = [];
      if (deps.readBibs)
        next.push({
          kind: 'bibs',
          payload: { eventId, uuid },
          idempotencyKey: `bibs:${uuid}`,
          eventId,
        });
      // Face data only for events that use selfie search (POST …/faces/detect catches up later).
      const event = deps.detectFaces ? await deps.events.findById(eventId) : undefined;
      if (event && photosConfigOf(event).feature_flag.selfie_search)
        next.push({
          kind: 'faces',
          payload: { eventId, uuid },
          idempotencyKey: `faces:${uuid}`,
          eventId,
        });
      if (next.length > 0) await deps.jobs.enqueue(next);
      await deps.blobs.incoming.delete(incomingKey);
      return { uuid };
    },
    bibs: async ({ eventId, uuid }) => {
      if (!deps.readBibs) return { skipped: 'OCR is turned off' };
      return deps.readBibs(eventId, uuid);
    },
    faces: async ({ eventId, uuid }) => {
      if (!deps.detectFaces) return { skipped: 'face search is turned off' };
      return deps.detectFaces(eventId, uuid);
    },
  };
}
