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
  /**
   * The event's slug for its link (`/events/{slug}/photos`). An unlisted event's carries the key
   * of its link (`{name}-{key}-{id}`): without it, its gallery is not found.
   */
  slug: z.string(),
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

/**
 * The key in an unlisted event's link, the part of its slug before the id (`{name}-{key}-{id}`):
 * a capital letter (a slug's words from a name are lower case, so a key is told from a word),
 * then 15 letters and digits. Sent as the password of `POST …/events/{id}/access` for a grant.
 */
export const UNLISTED_LINK_KEY = /^[A-Z][A-Za-z0-9]{15}$/;

/** The key an event slug carries (its segment before the id, when it has a key's form), or null. */
export function linkKeyOfSlug(slug: string): string | null {
  const parts = slug.split('-');
  const key = parts.length >= 3 ? parts[parts.length - 2]! : '';
  return UNLISTED_LINK_KEY.test(key) ? key : null;
}

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
