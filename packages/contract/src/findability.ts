import { z } from 'zod';

/**
 * The findability of an event, for its organiser: how many registered runners can find a photo
 * of themselves, who cannot, the photos nobody can find, the readings waiting for a person, and
 * what visitors searched for in vain. `GET /api/v1/admin/events/{eventId}/findability`.
 */

/** The most bibs without a photo, and missed searches, one answer lists (the counts are whole). */
export const FINDABILITY_LIST_LIMIT = 500;

export const findability = z.object({
  runners: z.object({
    /** Runners in the event's results. */
    registered: z.number().int(),
    /** Of them, those a bib search finds at least one photo of. */
    with_photos: z.number().int(),
    /** with_photos / registered, 0..1; null without results. */
    share: z.number().nullable(),
  }),
  /** Registered runners no bib search finds a photo of, by bib (at most FINDABILITY_LIST_LIMIT). */
  bibs_without_photos: z.array(z.object({ bib: z.string(), name: z.string() })),
  photos: z.object({
    total: z.number().int(),
    /**
     * Photos whose bibs or faces are still being read: not counted as unfindable yet, and the
     * runners' figure may still grow.
     */
    still_reading: z.number().int().nonnegative().optional(),
    /** Photos no bib search and no selfie search can find: no bib counted, no face, all read. */
    without_bib_or_face: z.number().int(),
    /** Photos with an OCR reading below the event's confidence threshold and no manual tag. */
    low_confidence: z.number().int(),
  }),
  /** Bib and name searches that found no photo, most frequent first. */
  missed_searches: z.array(
    z.object({
      kind: z.enum(['bib', 'name']),
      term: z.string(),
      count: z.number().int(),
      last_at: z.string(),
    }),
  ),
});
export type Findability = z.infer<typeof findability>;
