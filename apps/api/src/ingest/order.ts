/**
 * The order of one photo's ingest: what each step queues next.
 *
 *   upload (services/uploads.ts) → `ingest` (ingest/photo-job.ts: original, display variants,
 *   row; the photo is listed) → `bibs` (ingest/bibs-job.ts: OCR; bib search finds it) and, for an
 *   event with selfie search on, `faces` (ingest/faces-job.ts: descriptors; selfie search finds it).
 *
 * `bibs` and `faces` queue nothing: after them the photo is searchable.
 */
import type { NewJob } from '../adapters/jobs/types.js';

/** Which of the later steps this server runs, and whether the photo's event uses selfie search. */
export interface AfterPhotoSteps {
  /** Bib OCR is on (OCR_ENABLED). */
  ocr: boolean;
  /** Face detection is on (FACES_ENABLED) and the photo's event has selfie search on. */
  faces: boolean;
}

/** What the `ingest` step queues once the photo is listed. */
export function afterPhoto(eventId: number, uuid: string, steps: AfterPhotoSteps): NewJob[] {
  const next: NewJob[] = [];
  if (steps.ocr) next.push(bibsJob(eventId, uuid));
  // Face data only for events that use selfie search (POST …/faces/detect catches up later).
  if (steps.faces) next.push(facesJob(eventId, uuid));
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
