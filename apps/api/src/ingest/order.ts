/**
 * The order of one photo's ingest: what each step queues next.
 *
 *   upload (services/uploads.ts) → `ingest` (ingest/photo-job.ts: original, display variants,
 *   row; the photo is listed) → `bibs` (ingest/bibs-job.ts: OCR; bib search finds it) and, for an
 *   event with selfie search on, `faces` (ingest/faces-job.ts: descriptors; selfie search finds it).
 *
 * `bibs` and `faces` queue nothing: after them the photo is searchable. But an event that stores
 * only runners' faces (`selfie_config.indexed_faces: 'runners'`) needs the bibs read first, to
 * tell the runners (faces/wearer.ts): there `bibs` runs alone, and queues `faces` once its
 * readings are stored (ingest/bibs.ts); a `faces` job that finds the photo's bibs still waiting
 * or being read leaves it to that one (ingest/faces.ts).
 */
import type { NewJob } from '../adapters/jobs/types.js';

/** Which of the later steps this server runs, and whether the photo's event uses selfie search. */
export interface AfterPhotoSteps {
  /** Bib OCR is on (OCR_ENABLED). */
  ocr: boolean;
  /** Face detection is on (FACES_ENABLED) and the photo's event has selfie search on. */
  faces: boolean;
  /** The event stores only runners' faces: `faces` waits for the bibs (queued by `bibs`). */
  runnersOnly?: boolean;
}

/** What the `ingest` step queues once the photo is listed. */
export function afterPhoto(eventId: number, uuid: string, steps: AfterPhotoSteps): NewJob[] {
  const next: NewJob[] = [];
  if (steps.ocr) next.push(bibsJob(eventId, uuid));
  // Face data only for events that use selfie search (POST …/faces/detect catches up later).
  if (steps.faces && !(steps.ocr && steps.runnersOnly)) next.push(facesJob(eventId, uuid));
  return next;
}

/** Bib OCR of one photo. */
export function bibsJob(eventId: number, uuid: string): NewJob<'bibs'> {
  return { kind: 'bibs', payload: { eventId, uuid }, idempotencyKey: `bibs:${uuid}`, eventId };
}

/** Faces of one photo (a later run over an event's photos is queued by the face service). */
export function facesJob(eventId: number, uuid: string): NewJob<'faces'> {
  return { kind: 'faces', payload: { eventId, uuid }, idempotencyKey: `faces:${uuid}`, eventId };
}

/**
 * Faces of one photo once the `bibs` job `bibsJobId` stored its readings (an event that stores
 * only runners' faces): one per bibs job, so a photo read again is decided again.
 */
export function facesAfterBibsJob(
  eventId: number,
  uuid: string,
  bibsJobId: number,
): NewJob<'faces'> {
  return {
    kind: 'faces',
    payload: { eventId, uuid, afterBibs: true },
    idempotencyKey: `faces:${uuid}:after-bibs:${bibsJobId}`,
    eventId,
  };
}
