import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PHOTO_PAGE_SIZE,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_PHOTO_PAGE_SIZE,
  PHOTO_WIDTHS,
} from './constants.js';
import { accessGrantParam } from './access.js';
import { appDomain, positiveId, uuid } from './primitives.js';
import { photoSearchQuery } from './results.js';

/** A query parameter that must be a whole number within bounds, with a message naming it. */
export const wholeNumber = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${what} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `${what} must be a whole number from ${min} to ${max}`)
        .max(max, `${what} must be a whole number from ${min} to ${max}`),
    );

export const organiserQuery = z.object({ app_domain: appDomain });
export type OrganiserQuery = z.infer<typeof organiserQuery>;

export const allEventsQuery = z.object({
  app_domain: appDomain,
  page: wholeNumber('page', 1, MAX_PAGE).default(1),
  page_size: wholeNumber('page_size', 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type AllEventsQuery = z.infer<typeof allEventsQuery>;

export const eventIdParams = z.object({ eventId: positiveId });
export type EventIdParams = z.infer<typeof eventIdParams>;

export const photoParams = z.object({ uuid });
export const photoQuery = z.object({
  w: z
    .string()
    .optional()
    .refine(
      (w) => w === undefined || (PHOTO_WIDTHS as readonly number[]).includes(Number(w)),
      `w must be one of ${PHOTO_WIDTHS.join(', ')}`,
    )
    .transform((w) => (w === undefined ? undefined : Number(w))),
  download: z.enum(['1']).optional(),
  /** A password gallery's grant (docs/private-galleries.md): its photos are refused without it. */
  grant: accessGrantParam.optional(),
  /**
   * The event's `photo_version` the URL was made for. A display variant asked for under another
   * version than the one drawn now (or under none while a mark is drawn) is the current one, kept
   * by caches for a minute rather than for good.
   */
  v: z
    .string()
    .regex(/^\d{1,9}$/, 'v must be a photo version (a whole number)')
    .transform(Number)
    .optional(),
});

/**
 * Optional on every event endpoint of the client API: the site's domain. Given, an event of
 * another organiser answers 404, so one organiser's site cannot show another's event.
 */
export const eventQuery = z.object({
  app_domain: appDomain.optional(),
  /** A password gallery's grant, when not sent as the X-Event-Grant header. */
  grant: accessGrantParam.optional(),
});
export type EventQuery = z.infer<typeof eventQuery>;

/**
 * `GET /api/v1/client/events/{eventId}/photos?cursor=&limit=[&bib=|&name=][&app_domain=]`:
 * every photo in gallery order, or those found by a bib number or a runner's name.
 */
/** Most photos `?ids=` asks for at once (a shared selection of favourites). */
export const MAX_PHOTO_IDS = 100;

const PHOTO_IDS_MESSAGE = `ids must be up to ${MAX_PHOTO_IDS} photo ids (uuids), separated by commas`;

/**
 * `?ids=a,b,c`: given photos of the event, by id (a shared selection). Up to MAX_PHOTO_IDS uuids,
 * comma separated; repeated ids count once. Answered lower-case.
 */
export const photoIdsParam = z
  .string()
  .max(MAX_PHOTO_IDS * 37, PHOTO_IDS_MESSAGE)
  .transform((s) => s.split(',').map((id) => id.trim().toLowerCase()))
  .pipe(
    z
      .array(
        uuid.transform((id) => id.toLowerCase()),
        { error: PHOTO_IDS_MESSAGE },
      )
      .min(1, PHOTO_IDS_MESSAGE)
      .max(MAX_PHOTO_IDS, PHOTO_IDS_MESSAGE)
      .transform((ids) => [...new Set(ids)]),
  );

export const eventPhotosQuery = z
  .object({
    /** Opaque: the `next_cursor` of the previous page. */
    cursor: z
      .string()
      .min(1, 'cursor must not be empty')
      .max(200, 'cursor is not valid')
      .optional(),
    limit: wholeNumber('limit', 1, MAX_PHOTO_PAGE_SIZE).default(DEFAULT_PHOTO_PAGE_SIZE),
    app_domain: appDomain.optional(),
    bib: photoSearchQuery.shape.bib,
    name: photoSearchQuery.shape.name,
    ids: photoIdsParam.optional(),
    grant: accessGrantParam.optional(),
  })
  .refine((q) => q.bib === undefined || q.name === undefined, {
    message: 'Search by bib number or by name, not both at once',
    path: ['name'],
  })
  .refine(
    (q) =>
      q.ids === undefined ||
      (q.bib === undefined && q.name === undefined && q.cursor === undefined),
    {
      message: 'ids asks for given photos: it goes with neither bib, name nor cursor',
      path: ['ids'],
    },
  );
export type EventPhotosQuery = z.infer<typeof eventPhotosQuery>;
