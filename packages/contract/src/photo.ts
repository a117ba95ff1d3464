import { z } from 'zod';

/**
 * The widths `GET /events/photos/{uuid}?w=` serves. A fixed set, so that every variant can be
 * cached for a year and the site's srcset and the API agree.
 */
export const PHOTO_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600, 2048] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** Photos per page of `GET /api/v1/client/events/{eventId}/photos`: default and most. */
export const DEFAULT_PHOTO_PAGE_SIZE = 60;
export const MAX_PHOTO_PAGE_SIZE = 200;

/** Largest original accepted at ingest, in pixels (width x height). */
export const MAX_PHOTO_PIXELS = 100_000_000;

export const photoListItem = z.object({
  uuid: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** A thumbhash, base64: a ~30-byte blurred preview painted before the image loads. */
  placeholder: z.string().nullable(),
  /** ISO date-time from EXIF, or null when the camera wrote none. */
  captured_at: z.string().nullable(),
});
export type PhotoListItem = z.infer<typeof photoListItem>;

export const photoPage = z.object({
  photos: z.array(photoListItem),
  total: z.number().int().nonnegative(),
  /** Pass back as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type PhotoPage = z.infer<typeof photoPage>;
