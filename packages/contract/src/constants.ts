/**
 * Every constant of the contract, without zod: client code imports these from
 * `@eventsite/contract/constants` so that no schema is built (or shipped) in the browser.
 * The index re-exports them with the schemas.
 */

// envelope
/** Every `/api/v1/...` call answers the envelope `{ status, message, code, data }`. */
export const ENVELOPE_SUCCESS = 'success';
export const ENVELOPE_ERROR = 'error';

// primitives
/** #RGB or #RRGGBB. Anything else is refused on input and replaced by a default on display. */
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
/**
 * A host name as organisers' domains are stored: lowercase labels of letters, digits and
 * hyphens, separated by dots. `localhost` and `trail.localhost` are valid.
 */
export const DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** Positive database ids: up to 2^31-1 so that they fit a PostgreSQL integer. */
export const MAX_ID = 2_147_483_647;

// organiser
/** The theme colour when the organiser has none (or an invalid one). */
export const DEFAULT_THEME_COLOUR = '#2E6F40';
/** The theme colour the site falls back to when the home data call fails. */
export const FALLBACK_THEME_COLOUR = '#FF5733';
/** The provider: shown in 'Powered by' and as the organiser name of last resort. */
export const PROVIDER_NAME = 'eventsite';
export const SOCIAL_PLATFORMS = [
  'facebook',
  'instagram',
  'youtube',
  'twitter',
  'linkedin',
  'x',
  'whatsapp',
] as const;

// event
/** Page size of the events and promo lists; a call without a page size gets 10. */
export const EVENTS_PAGE_SIZE = 12;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** How many photo references an event summary carries: the mosaic shows 20 and swaps in others. */
export const SUMMARY_PHOTO_COUNT = 40;
/**
 * How bibs on a photo become searchable:
 * - `ocr`: numbers read from the photo at ingest, at or above the confidence threshold;
 * - `manual`: tags an operator set on a photo (they always win over OCR);
 * - `results`: OCR readings are kept only when the bib is in the event's race results.
 */
export const BIB_STRATEGIES = ['ocr', 'manual', 'results'] as const;
/**
 * Letters an event prints with its bib numbers (`bib_config.format.letters`): none (1234), a
 * prefix of one or two letters (A1234, F-123: waves, categories), a one-letter suffix (1234B),
 * or either.
 */
export const BIB_LETTERS = ['none', 'prefix', 'suffix', 'any'] as const;
/** Bib numbers (their digits) run from 0 to this at most. */
export const MAX_BIB_NUMBER = 999_999;
/** At most this many words and numbers an event's bibs print that are never bib numbers. */
export const MAX_BIB_IGNORE_WORDS = 50;

// photo
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

// queries
/** Largest page number accepted: past it a caller is told, not given a silent empty page. */
export const MAX_PAGE = 100_000;

// downloads
/** Most photos one zip may hold; `all` is bounded by the event's own size. */
export const MAX_ZIP_PHOTOS = 5_000;

// watermarks and sponsor frames (watermark.ts)
/** Where an event's watermark sits on a photo. */
export const WATERMARK_POSITIONS = [
  'top-left',
  'top-right',
  'center',
  'bottom-left',
  'bottom-right',
] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
/** What a watermark is: a line of text, or an uploaded image (a logo). */
export const WATERMARK_KINDS = ['text', 'image'] as const;
export type WatermarkKind = (typeof WATERMARK_KINDS)[number];
/** Longest watermark text. */
export const MAX_WATERMARK_TEXT = 60;
/** A watermark's width as a share of the photo's width: at least, at most. */
export const WATERMARK_SIZE_RANGE = { min: 0.05, max: 0.8 } as const;
/** A watermark's opacity: at least (an invisible mark is no mark), at most. */
export const WATERMARK_OPACITY_RANGE = { min: 0.1, max: 1 } as const;
/** The gap between the mark and the photo's edges, as a share of the photo's width. */
export const WATERMARK_MARGIN = 0.03;
/** The font a text watermark is drawn in (installed with the API: fonts-dejavu-core). */
export const WATERMARK_FONT = 'DejaVu Sans';
/** The watermark image upload: the image as the body, at most this many bytes. */
export const MAX_WATERMARK_IMAGE_BYTES = 2 * 1024 * 1024;
/** A sponsor frame upload: a PNG with transparency, at most this many bytes. */
export const MAX_FRAME_BYTES = 8 * 1024 * 1024;
/** A sponsor frame's sides, in pixels: at least, at most. */
export const FRAME_SIDE_RANGE = { min: 400, max: 4000 } as const;
/** Most sponsor frames one event may have. */
export const MAX_FRAMES_PER_EVENT = 12;
/** Longest name of a sponsor frame. */
export const MAX_FRAME_NAME = 60;

// results
/**
 * Bibs as searched: letters and digits, as printed on the bib (`1234`, `A17`, `1234B`); a
 * prefix of one or two letters may be followed by a space or hyphen and the digits, as races
 * print it (`F-123`, `M 56`). The API stores and compares them without it (F123).
 */
export const BIB_PATTERN = /^(?:[A-Za-z]{1,2}[ -][0-9]{1,8}|[A-Za-z0-9]{1,10})$/;

// admin
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
/** Largest results file accepted. */
export const MAX_RESULTS_FILE_BYTES = 20 * 1024 * 1024;

// certificate
/** The result fields a certificate can print. */
export const CERTIFICATE_FIELDS = [
  'name',
  'bib',
  'net_time',
  'gun_time',
  'overall_rank',
  'category_rank',
  'category',
  'event_name',
  'event_date',
] as const;

// selfie
/** Length of a face descriptor (`faceres` of @vladmandic/human). */
export const FACE_EMBEDDING_LENGTH = 1024;
/** Photos a selfie search answers with at most, best first. */
export const MAX_SELFIE_MATCHES = 200;
/** Days after the event day an event's face data is kept, unless its organiser says fewer. */
export const FACE_RETENTION_DAYS = 90;
/** The most days any platform may keep face data (an operator sets their own cap under it). */
export const FACE_RETENTION_MAX_DAYS_LIMIT = 3650;
/** Whose faces an event stores for selfie search: everyone in the photos, or only runners. */
export const INDEXED_FACES = ['everyone', 'runners'] as const;
export type IndexedFaces = (typeof INDEXED_FACES)[number];

// analytics
/** What an event's analytics count, per day: see analytics.ts. */
export const STAT_KINDS = [
  'visit',
  'search_bib',
  'search_name',
  'search_selfie',
  'photo_view',
  'download',
  'zip',
  'share',
] as const;
export type StatKind = (typeof STAT_KINDS)[number];
/** What a browser may report (the rest the server counts as it answers). */
export const BEACON_KINDS = ['visit', 'photo_view', 'share'] as const;
export type BeaconKind = (typeof BEACON_KINDS)[number];

// console uploads
/** The organiser's logo upload: the image as the body, at most this many bytes. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** The most photos one "Hide me" request may change (its answer never lists more). */
export const HIDE_PHOTOS_MAX = 50;
