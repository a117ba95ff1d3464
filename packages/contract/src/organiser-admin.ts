import { z } from 'zod';
import { MAX_PAGE } from './constants.js';
import { adminEvent } from './event.js';
import { extraConfig, extraConfigPatch } from './organiser.js';
import { httpUrl } from './primitives.js';
import { wholeNumber } from './queries.js';

/**
 * The admin API's view of the organiser itself: its events (published or not), an event's photos
 * with their state, deleting an event, and the organiser's own settings. Bearer token or console
 * session (`console.ts`); another organiser's event is 404 as if it did not exist.
 */

/** `GET /api/v1/admin/events`: every event of the organiser, published or not, newest first. */
export const adminEventList = z.array(adminEvent);
export type AdminEventList = z.infer<typeof adminEventList>;

export const MAX_ADMIN_PHOTO_PAGE_SIZE = 200;
export const DEFAULT_ADMIN_PHOTO_PAGE_SIZE = 50;

/** `GET /api/v1/admin/events/{eventId}/photos?page=&page_size=`: gallery order (capture time). */
export const adminPhotosQuery = z.object({
  page: wholeNumber('page', 1, MAX_PAGE).default(1),
  page_size: wholeNumber('page_size', 1, MAX_ADMIN_PHOTO_PAGE_SIZE).default(
    DEFAULT_ADMIN_PHOTO_PAGE_SIZE,
  ),
});
export type AdminPhotosQuery = z.infer<typeof adminPhotosQuery>;

/** One photo as its organiser sees it: what was read on it and what is hidden. */
export const adminPhoto = z.object({
  uuid: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** ISO time from the camera's EXIF, or null. */
  captured_at: z.string().nullable(),
  /** ISO time the photo was made from its upload or import. */
  added_at: z.string(),
  byte_size: z.number().int(),
  /** The file's name as uploaded or imported; null for photos made before names were kept. */
  file_name: z.string().nullable(),
  /** Bibs found on it: OCR readings (with their confidence) and manual tags (confidence 1). */
  bibs: z.array(
    z.object({
      bib: z.string(),
      source: z.enum(['ocr', 'manual']),
      confidence: z.number(),
    }),
  ),
  /** Faces detected on it (events with selfie search). */
  faces: z.number().int(),
  /** Faces blurred on it because their wearer asked to be hidden. */
  hidden_faces: z.number().int(),
  /** Hidden by the organiser: kept, but never listed or served to visitors. */
  hidden: z.boolean(),
  /** The event's cover photo (picked by the organiser). */
  cover: z.boolean(),
});
export type AdminPhoto = z.infer<typeof adminPhoto>;

export const adminPhotoPage = z.object({
  photos: z.array(adminPhoto),
  pagination: z.object({
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    total_pages: z.number().int(),
  }),
});
export type AdminPhotoPage = z.infer<typeof adminPhotoPage>;

/** `DELETE /api/v1/admin/events/{eventId}`. */
export const eventDeleted = z.object({
  id: z.number().int(),
  deleted: z.literal(true),
  /** Photos removed with it (their originals and variants gone from the store). */
  photos: z.number().int(),
});
export type EventDeleted = z.infer<typeof eventDeleted>;

/** `GET /api/v1/admin/organiser`: the organiser's own settings (domains and expiry are the provider's). */
export const organiserSettings = z.object({
  id: z.number().int(),
  name: z.string(),
  domains: z.array(z.string()),
  logo: z.string(),
  description: z.string(),
  website: z.string(),
  contact_email: z.string(),
  /** When the organiser's account ends (ISO), or null. */
  expiry_at: z.string().nullable(),
  /** As served: the defaults with what was set laid over them. */
  extra_config: extraConfig,
});
export type OrganiserSettings = z.infer<typeof organiserSettings>;

/**
 * `PATCH /api/v1/admin/organiser`: any of these; `extra_config` is laid over what is stored (each
 * field checked as `organiser apply` checks it; an array given replaces the stored one).
 */
export const organiserSettingsPatch = z
  .object({
    name: z.string().trim().min(1, 'is required').max(120),
    logo: z.union([httpUrl, z.literal('')]),
    description: z.string().max(2000),
    website: z.union([httpUrl, z.literal('')]),
    contact_email: z.union([z.email(), z.literal('')]),
    extra_config: extraConfigPatch,
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one setting to change');
export type OrganiserSettingsPatch = z.infer<typeof organiserSettingsPatch>;
