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
});
export type PhotoPage = z.infer<typeof photoPage>;
