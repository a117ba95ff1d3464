import { z } from 'zod';
import {
  BIB_LETTERS,
  BIB_STRATEGIES,
  FACE_RETENTION_DAYS,
  FACE_RETENTION_MAX_DAYS_LIMIT,
  INDEXED_FACES,
  MAX_BIB_IGNORE_WORDS,
  MAX_BIB_NUMBER,
} from './constants.js';
import { httpUrl, isoDate } from './primitives.js';

/** A photo reference: `uuid,width,height`. */
export const photoRef = z.string().regex(/^[0-9a-f-]{36},\d+,\d+$/i);

export const eventSummary = z.object({
  event_id: z.number().int(),
  event_name: z.string(),
  /** `YYYY-MM-DD` */
  event_date: z.string(),
  event_slug: z.string(),
  event_photos: z.array(photoRef),
  location: z.object({ location_city: z.string() }),
});
export type EventSummary = z.infer<typeof eventSummary>;

export const pagination = z.object({
  total: z.number().int().nonnegative(),
  current_page: z.number().int().positive(),
  total_pages: z.number().int().nonnegative(),
  page_size: z.number().int().positive(),
  has_next_page: z.boolean(),
  has_previous_page: z.boolean(),
});
export type Pagination = z.infer<typeof pagination>;

/** `GET /api/v1/client/events/organiser/all-events`: a page of published events. */
export const allEvents = z.object({
  id: z.number().int(),
  domain: z.string(),
  name: z.string(),
  organiser_name: z.string(),
  logo: z.string(),
  expiry_at: z.string().nullable(),
  events: z.array(eventSummary),
  pagination,
});
export type AllEvents = z.infer<typeof allEvents>;

/* ---------- Event config ---------- */

export const featureFlags = z.object({
  show_all_images: z.boolean(),
  bib_search: z.boolean(),
  selfie_search: z.boolean(),
  show_total_photos_count: z.boolean(),
  show_timing_data: z.boolean(),
  bulk_download: z.boolean(),
  download_certificate: z.boolean(),
  enable_custom_certificate: z.boolean(),
  video_enabled: z.boolean(),
  cta_enabled: z.boolean(),
  name_search: z.boolean(),
  /**
   * The organiser's client (the event's customer, e.g. a sponsor or the race) may be shown
   * as the gallery's co-brand: its name and logo appear beside the organiser's.
   */
  client_enabled: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlags>;

export const bannerConfig = z.object({ enabled: z.boolean(), image_url: z.string() });
export type BannerConfig = z.infer<typeof bannerConfig>;

export const videoConfig = z.object({
  validation: z.object({ min_images: z.number().int(), max_images: z.number().int() }),
  template_enabled: z.boolean(),
});
export type VideoConfig = z.infer<typeof videoConfig>;

/**
 * How an event's bibs are printed (`bib_config.format`), so the reader keeps what can be a bib
 * of this event and trusts what can only be one:
 * - `range`: the lowest and highest bib number (its digits); readings outside are not bibs, and
 *   where both ends have as many digits, a reading of that many digits is a whole number even
 *   beside an arm. null: any number.
 * - `letters`: which letters are printed with the number (`BIB_LETTERS`). A search for the
 *   number alone finds a lettered bib either way ("1234" finds A1234).
 * - `ignore`: words and numbers printed on the bibs that are never bib numbers (the year, "10K",
 *   a sponsor's number), compared without case, spaces or punctuation.
 */
export const bibFormat = z.object({
  range: z
    .object({
      from: z.number().int().min(0).max(MAX_BIB_NUMBER),
      to: z.number().int().min(0).max(MAX_BIB_NUMBER),
    })
    .strict()
    .refine((r) => r.from <= r.to, { message: 'range: from must not be above to' })
    .nullable(),
  letters: z.enum(BIB_LETTERS),
  ignore: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(24)
        .regex(/[\p{L}\p{N}]/u, 'a word to ignore needs a letter or a digit'),
    )
    .max(MAX_BIB_IGNORE_WORDS),
});
export type BibFormat = z.infer<typeof bibFormat>;

export const bibConfig = z.object({
  strategies: z.array(z.enum(BIB_STRATEGIES)),
  global_confidence_threshold: z.number().min(0).max(1),
  placeholder_text: z.string(),
  /** Optional: a provider may not describe its events' bib formats. */
  format: bibFormat.nullable().optional(),
});
export type BibConfig = z.infer<typeof bibConfig>;

/**
 * The gallery's call-to-action (cta_enabled): a button to the organiser's page, e.g. "Buy prints"
 * or "Register for next year". `placement` puts it above the gallery, below it, or both;
 * `pass_search` appends the visitor's bib search (`?bib=`) to the url, so the target can greet them.
 */
export const ctaConfig = z.object({
  text: z.string(),
  url: z.string(),
  placement: z.enum(['top', 'bottom', 'both']),
  pass_search: z.boolean(),
});
export type CtaConfig = z.infer<typeof ctaConfig>;

/**
 * Selfie search (selfie_search): a photo is a `match` when one of its faces is at least
 * `match_threshold` similar to the selfie (cosine of the face descriptors, 0..1), and a
 * "maybe you" up to 0.1 below it. 0.6 was measured as a starting value (docs/selfie-search.md).
 */
export const selfieConfig = z.object({
  match_threshold: z.number().min(0.3).max(0.95),
  /**
   * Face data (every face's descriptor and the event's search index) is deleted this many days
   * after the event day; then selfie search ends for the event. Photos stay. An operator caps it
   * for the platform (the API refuses more).
   */
  face_retention_days: z.number().int().min(1).max(FACE_RETENTION_MAX_DAYS_LIMIT),
  /**
   * Whose faces the `faces` job stores: `everyone` in the photos, or only `runners`, the faces
   * worn above a bib read on the photo (spectators, marshals and passers-by are not stored, and
   * a runner whose bib is hidden or unread is not found by selfie on that photo).
   */
  indexed_faces: z.enum(INDEXED_FACES),
});
export type SelfieConfig = z.infer<typeof selfieConfig>;

export const eventPhotosConfig = z.object({
  feature_flag: featureFlags,
  banner_config: bannerConfig,
  video_config: videoConfig,
  bib_config: bibConfig,
  cta_config: ctaConfig,
  selfie_config: selfieConfig,
});
export type EventPhotosConfig = z.infer<typeof eventPhotosConfig>;

export const eventDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  total_images: z.number().int().nonnegative(),
  event_date: z.string(),
  slug: z.string(),
  city: z.string(),
  organiser_name: z.string(),
  /** The co-branded client, shown when `client_enabled`. */
  client: z.object({ name: z.string(), logo: z.string() }),
  /**
   * The version of how the event's photos look (its watermark): 0 or absent while nothing is
   * drawn on them. A site puts it in the photo URLs it makes (`?v=`), so that a browser or CDN
   * holding a photo drawn with an earlier mark asks for the new one under a new URL.
   */
  photo_version: z.number().int().nonnegative().optional(),
});
export type EventDetails = z.infer<typeof eventDetails>;

/** `GET /api/v1/client/events/{eventId}/config`: `data.event_details`, `data.event_photos_config`. */
export const eventConfig = z.object({
  event_details: eventDetails,
  event_photos_config: eventPhotosConfig,
});
export type EventConfig = z.infer<typeof eventConfig>;

/** The defaults of an event whose organiser set nothing (video limits of 0: no video). */
export const DEFAULT_EVENT_PHOTOS_CONFIG: EventPhotosConfig = {
  feature_flag: {
    show_all_images: true,
    bib_search: true,
    selfie_search: false,
    show_total_photos_count: true,
    show_timing_data: false,
    bulk_download: true,
    download_certificate: false,
    enable_custom_certificate: false,
    video_enabled: false,
    cta_enabled: false,
    name_search: false,
    client_enabled: false,
  },
  banner_config: { enabled: false, image_url: '' },
  video_config: { validation: { min_images: 0, max_images: 0 }, template_enabled: false },
  bib_config: {
    strategies: ['ocr', 'manual'],
    global_confidence_threshold: 0.8,
    placeholder_text: 'Enter your bib number',
    format: null,
  },
  cta_config: { text: '', url: '', placement: 'top', pass_search: false },
  selfie_config: {
    match_threshold: 0.6,
    face_retention_days: FACE_RETENTION_DAYS,
    indexed_faces: 'everyone',
  },
};

/* ---------- What operators write: events ---------- */

/** Partial `event_photos_config`: any field may be given, the rest keep their value. */
export const eventPhotosConfigPatch = z
  .object({
    feature_flag: featureFlags.partial().strict(),
    banner_config: z
      .object({ enabled: z.boolean(), image_url: z.union([httpUrl, z.literal('')]) })
      .partial()
      .strict(),
    video_config: z
      .object({
        validation: z
          .object({
            min_images: z.number().int().min(0).max(500),
            max_images: z.number().int().min(0).max(500),
          })
          .partial()
          .strict(),
        template_enabled: z.boolean(),
      })
      .partial()
      .strict(),
    bib_config: z
      .object({
        strategies: z.array(z.enum(BIB_STRATEGIES)).min(1).max(3),
        global_confidence_threshold: z.number().min(0).max(1),
        placeholder_text: z.string().max(80),
        /** The whole format, or null for none. */
        format: bibFormat.strict().nullable(),
      })
      .partial()
      .strict(),
    cta_config: z
      .object({
        text: z.string().trim().max(60),
        url: z.union([httpUrl, z.literal('')]),
        placement: z.enum(['top', 'bottom', 'both']),
        pass_search: z.boolean(),
      })
      .partial()
      .strict(),
    selfie_config: selfieConfig.partial().strict(),
  })
  .partial()
  .strict();
export type EventPhotosConfigPatch = z.infer<typeof eventPhotosConfigPatch>;

export const eventInput = z
  .object({
    name: z.string().trim().min(1, 'is required').max(160),
    event_date: isoDate,
    city: z.string().trim().max(120).default(''),
    published: z.boolean().default(false),
    client_name: z.string().trim().max(120).default(''),
    client_logo: z.union([httpUrl, z.literal('')]).default(''),
    event_photos_config: eventPhotosConfigPatch.default({}),
  })
  .strict();
export type EventInput = z.infer<typeof eventInput>;

export const eventPatch = z
  .object({
    name: z.string().trim().min(1, 'is required').max(160),
    event_date: isoDate,
    city: z.string().trim().max(120),
    published: z.boolean(),
    client_name: z.string().trim().max(120),
    client_logo: z.union([httpUrl, z.literal('')]),
    event_photos_config: eventPhotosConfigPatch,
  })
  .partial()
  .strict();
export type EventPatch = z.infer<typeof eventPatch>;

/** What the admin API answers for an event. */
export const adminEvent = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  event_date: z.string(),
  city: z.string(),
  published: z.boolean(),
  client_name: z.string(),
  client_logo: z.string(),
  total_images: z.number().int(),
  event_photos_config: eventPhotosConfig,
  /**
   * When the event's face data (descriptors, search index) is deleted and selfie search ends:
   * `selfie_config.face_retention_days` after the event day, within the platform's cap.
   */
  face_data_expires_at: z.string().optional(),
  /**
   * False when face recognition is turned off on the whole platform (the operator's
   * FACES_ENABLED=false): no event offers selfie search, whatever its own setting.
   */
  selfie_search_available: z.boolean().optional(),
});
export type AdminEvent = z.infer<typeof adminEvent>;
