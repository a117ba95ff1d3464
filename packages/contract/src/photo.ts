import { z } from 'zod';

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
  /**
   * On the first page of a bib or name search: how many of the event's photos are still being
   * read (uploaded, their bibs not read yet), so the answer may still grow. Absent when none.
   */
  still_reading: z.number().int().nonnegative().optional(),
});
export type PhotoPage = z.infer<typeof photoPage>;
