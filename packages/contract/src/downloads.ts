import { z } from 'zod';
import { MAX_ZIP_PHOTOS } from './constants.js';
import { uuid } from './primitives.js';

/**
 * `POST /api/v1/client/events/{eventId}/downloads`: the selected photos, or all of the event's
 * photos where `bulk_download` allows, as one stored zip (Content-Length known in advance).
 */
export const downloadRequest = z.union(
  [
    z
      .object({
        photo_ids: z
          .array(uuid)
          .min(1, 'Select at least one photo')
          .max(MAX_ZIP_PHOTOS, `A zip holds at most ${MAX_ZIP_PHOTOS} photos`),
      })
      .strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: 'Send {"photo_ids": ["<photo id>", ...]} or {"all": true}' },
);
export type DownloadRequest = z.infer<typeof downloadRequest>;
