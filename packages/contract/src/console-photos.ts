import { z } from 'zod';
import { positiveId, uuid } from './primitives.js';

/**
 * The console's photo management through the admin API: hiding a photo from visitors (kept,
 * never served), showing it again, picking the event's cover photo, and retrying a failed job.
 */

/** `POST /api/v1/admin/photos/{uuid}/hide` and `…/restore`. */
export const photoVisibility = z.object({
  uuid: z.string(),
  hidden: z.boolean(),
});
export type PhotoVisibility = z.infer<typeof photoVisibility>;

/** `PUT /api/v1/admin/events/{eventId}/cover`: one of the event's photos, or null for none. */
export const eventCoverInput = z.object({ photo_uuid: uuid.nullable() }).strict();
export type EventCoverInput = z.infer<typeof eventCoverInput>;

export const eventCover = z.object({
  event_id: z.number().int(),
  cover_photo_uuid: z.string().nullable(),
});
export type EventCover = z.infer<typeof eventCover>;

/** `POST /api/v1/admin/events/{eventId}/jobs/{jobId}/retry`: the failed job is queued again. */
export const jobRetryParams = z.object({
  eventId: positiveId,
  jobId: positiveId,
});
export const jobRetried = z.object({
  job_id: z.number().int(),
  state: z.literal('queued'),
});
export type JobRetried = z.infer<typeof jobRetried>;
