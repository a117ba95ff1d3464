import { z } from 'zod';
import { FACE_EMBEDDING_LENGTH, INDEXED_FACES } from './constants.js';
import { photoListItem } from './photo.js';

/**
 * `POST /api/v1/client/events/{eventId}/photos/selfie-search`: the selfie's face descriptor,
 * computed in the visitor's browser with the same model, so the selfie never leaves the device.
 * Unit length (±0.01), finite values. Neither it nor the answer is stored or logged.
 */
export const selfieSearchRequest = z.object({
  embedding: z
    .array(z.number().refine(Number.isFinite, 'must be a finite number'))
    .length(FACE_EMBEDDING_LENGTH, `must have ${FACE_EMBEDDING_LENGTH} values`)
    .refine(
      (values) => Math.abs(Math.sqrt(values.reduce((sum, v) => sum + v * v, 0)) - 1) <= 0.01,
      'must have unit length (scale the descriptor to length 1)',
    ),
});
export type SelfieSearchRequest = z.infer<typeof selfieSearchRequest>;

export const selfieMatch = photoListItem.extend({
  /**
   * Cosine similarity of the selfie with the most similar face on the photo, 0..1; for a photo
   * found by the visitor's bib (`found_by: 'bib'`), that of the face that tied the bib to them.
   */
  similarity: z.number(),
  /** `match`: at or above the event's threshold; `maybe`: a little below it ("maybe you"). */
  tier: z.enum(['match', 'maybe']),
  /**
   * The bib worn by the matched face (the bib below it, read or tagged on the photo), or null when
   * none is known: the visitor's "This is me" leads to that runner's page. Optional: a provider
   * may leave it out.
   */
  bib: z.string().nullable().optional(),
  /**
   * `bib`: no face on the photo matched, but it shows the bib worn under the faces that did (the
   * visitor's own bib: a turned head, sunglasses). Absent: found by the face.
   */
  found_by: z.enum(['bib']).optional(),
});
export type SelfieMatch = z.infer<typeof selfieMatch>;

export const selfieSearchAnswer = z.object({
  /** Best first: every `match`, then every `maybe`. */
  photos: z.array(selfieMatch),
  total: z.number().int().nonnegative(),
  /** The similarity a face needs to be a `match` at this event. */
  threshold: z.number(),
  /**
   * How many of the event's photos are still being read (uploaded, their faces not found yet),
   * so a search again later may find more. Absent when none.
   */
  still_reading: z.number().int().nonnegative().optional(),
});
export type SelfieSearchAnswer = z.infer<typeof selfieSearchAnswer>;

export const faceDataDeleted = z.object({
  /** Face rows removed from the database (and from the in-memory index). */
  deleted: z.number().int().nonnegative(),
});
export type FaceDataDeleted = z.infer<typeof faceDataDeleted>;

/**
 * `GET /api/v1/admin/events/{eventId}/faces`: what face data the event holds, for its organiser's
 * record (and a regulator's question). Counts only; never a face.
 */
export const faceDataRecord = z.object({
  /** Face templates (descriptors) stored, searchable or kept hidden by a hide request. */
  faces: z.number().int().nonnegative(),
  /** The photos those faces were found on. */
  photos: z.number().int().nonnegative(),
  /**
   * Hide requests: each keeps the asking person's face descriptor, to blur them on photos added
   * later. Not erased with the faces; the organiser undoes one in the hide requests list.
   */
  hide_requests: z.number().int().nonnegative(),
  /** When the retention deletes the event's face data (`selfie_config.face_retention_days`). */
  expires_at: z.string(),
  /** When the organiser last erased the event's face data, or null. */
  erased_at: z.string().nullable(),
  /** Whose faces are stored: `selfie_config.indexed_faces`. */
  indexed_faces: z.enum(INDEXED_FACES),
  /**
   * Of `photos`, those whose faces were described under an earlier face recipe and are still
   * to be described again with the current one (a background run; 0 when all are current).
   */
  photos_to_describe_again: z.number().int().nonnegative(),
});
export type FaceDataRecord = z.infer<typeof faceDataRecord>;
