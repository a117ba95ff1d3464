import { z } from 'zod';
import { appDomain } from './primitives.js';

/**
 * Who may see an event's gallery (docs/private-galleries.md). Our extension of the provider
 * contract: a provider that knows nothing of it serves every event as public.
 *
 * - `public`: on the organiser's lists (home, all events, promo list, sitemap), open to anyone;
 * - `unlisted`: left out of those lists, open to anyone who has its link;
 * - `password`: left out of the lists, and every resource of it (its configuration, photo
 *   listing and searches, results, zips, photo files, live stream) refused without a grant, a
 *   signed and expiring token the API gives for the event's password.
 */
export const EVENT_ACCESS_LEVELS = ['public', 'unlisted', 'password'] as const;
export type EventAccessLevel = (typeof EVENT_ACCESS_LEVELS)[number];
export const eventAccessLevel = z.enum(EVENT_ACCESS_LEVELS, {
  error: `access must be one of ${EVENT_ACCESS_LEVELS.join(', ')}`,
});

export const MIN_GALLERY_PASSWORD_LENGTH = 6;
export const MAX_GALLERY_PASSWORD_LENGTH = 200;

/** A gallery's password as the organiser sets it: 6 to 200 characters, spaces kept. */
export const galleryPassword = z
  .string()
  .min(
    MIN_GALLERY_PASSWORD_LENGTH,
    `A gallery password has at least ${MIN_GALLERY_PASSWORD_LENGTH} characters`,
  )
  .max(
    MAX_GALLERY_PASSWORD_LENGTH,
    `A gallery password has at most ${MAX_GALLERY_PASSWORD_LENGTH} characters`,
  );

/**
 * `PUT /api/v1/admin/events/{eventId}/access`: the event's access level. `password` needs a
 * password, unless the event already has one and keeps it; `public` and `unlisted` forget it.
 */
export const eventAccessInput = z
  .object({
    access: eventAccessLevel,
    password: galleryPassword.optional(),
  })
  .strict()
  .refine((v) => v.access === 'password' || v.password === undefined, {
    message: 'password goes with access "password" only',
    path: ['password'],
  });
export type EventAccessInput = z.infer<typeof eventAccessInput>;

/** The event's access as its organiser sees it (never the password, nor its hash). */
export const eventAccessSettings = z.object({
  event_id: z.number().int(),
  access: eventAccessLevel,
  /** A password is set (access `password` always has one). */
  has_password: z.boolean(),
});
export type EventAccessSettings = z.infer<typeof eventAccessSettings>;

/**
 * `GET /api/v1/client/events/{eventId}/access?app_domain=`: the access level of a published event
 * of the organiser of `app_domain` (404 for any other, as for an unknown id). The site asks it for
 * an event its lists do not name (an unlisted or password event reached by its link).
 */
export const eventAccessQuery = z.object({ app_domain: appDomain });
export const eventAccessStatus = z.object({
  event_id: z.number().int(),
  access: eventAccessLevel,
});
export type EventAccessStatus = z.infer<typeof eventAccessStatus>;

/** `POST /api/v1/client/events/{eventId}/access?app_domain=`: the visitor's password. */
export const accessGrantRequest = z
  .object({
    password: z
      .string()
      .min(1, 'Enter the password')
      .max(MAX_GALLERY_PASSWORD_LENGTH, 'password is too long'),
  })
  .strict();
export type AccessGrantRequest = z.infer<typeof accessGrantRequest>;

/** The grant for the right password: sent back on the event's calls until `expires_at`. */
export const accessGrant = z.object({
  event_id: z.number().int(),
  /** `{eventId}.{expiry, seconds since 1970}.{signature}` (URL- and cookie-safe). */
  grant: z.string(),
  expires_at: z.string(),
});
export type AccessGrant = z.infer<typeof accessGrant>;

/** The header a server-to-server call carries a grant in. */
export const ACCESS_GRANT_HEADER = 'x-event-grant';
/** The query parameter a URL carries a grant in (photo URLs, the browser's calls). */
export const ACCESS_GRANT_PARAM = 'grant';

/** A grant as it travels: checked by the API (a malformed one is refused like a wrong one, 403). */
export const accessGrantParam = z.string().max(200, 'grant is not valid');

/** What a refused call of a password event says (401: no grant was sent). */
export const PASSWORD_NEEDED_MESSAGE = 'This gallery is protected: enter its password to see it';
/** What a call with a grant that no longer opens the event says (403). */
export const GRANT_REFUSED_MESSAGE =
  'Your access to this gallery has expired or is not valid: enter its password again';
/** A wrong password (403). */
export const WRONG_PASSWORD_MESSAGE = 'That password is not right';
