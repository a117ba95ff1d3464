import { z } from 'zod';
import { adminPhoto } from './organiser-admin.js';
import { uuid } from './primitives.js';
import { wholeNumber } from './queries.js';

/**
 * Bibs by hand (the console's `/console/events/{id}/bibs`): the photos whose bibs still want a
 * person's eye. Tags are saved with `PUT /api/v1/admin/photos/{uuid}/bibs` (admin.ts).
 */

export const MAX_BIB_REVIEW_PAGE_SIZE = 100;
export const DEFAULT_BIB_REVIEW_PAGE_SIZE = 30;

/** `GET /api/v1/admin/events/{eventId}/bibs/review?after=&limit=`. */
export const bibReviewQuery = z.object({
  /** The uuid of the last photo seen: the list goes on after it (nearest misses first). */
  after: uuid.optional(),
  limit: wholeNumber('limit', 1, MAX_BIB_REVIEW_PAGE_SIZE).default(DEFAULT_BIB_REVIEW_PAGE_SIZE),
});
export type BibReviewQuery = z.infer<typeof bibReviewQuery>;

export const bibReviewPage = z.object({
  /**
   * Photos with no bib read, or a reading under the threshold, and no manual tag: the nearest
   * misses first (the best reading under the threshold, highest first), then the photos with
   * nothing read; gallery order among equals.
   */
  photos: z.array(adminPhoto),
  /** How many photos of the event want review (all of them, not only after `after`). */
  total: z.number().int(),
  /** The event's confidence threshold (bib_config.global_confidence_threshold). */
  threshold: z.number(),
  /** The uuid to pass as `after` for the next page, or null at the end. */
  next_after: z.string().nullable(),
});
export type BibReviewPage = z.infer<typeof bibReviewPage>;
