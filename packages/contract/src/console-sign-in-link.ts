import { z } from 'zod';
import { appDomain } from './primitives.js';

/**
 * Sign-in links by email (`/api/v1/console/sign-in-links/...`), where the API has a mail server
 * (SMTP_URL): a console user who cannot sign in with the password (forgotten, or held back by
 * someone else's guesses) asks for a link; it works once, for a few minutes. The answer to the
 * request is the same whether or not the address has an account.
 */

/** How long an emailed sign-in link works, from when it was asked for. */
export const SIGN_IN_LINK_MINUTES = 15;

/** `esl_` and 43 base64url characters (32 random bytes). */
export const SIGN_IN_LINK_TOKEN = /^esl_[A-Za-z0-9_-]{43}$/;

/** `GET /api/v1/console/sign-in-links`: whether this API can email sign-in links at all. */
export const signInLinksAvailable = z.object({ available: z.boolean() });
export type SignInLinksAvailable = z.infer<typeof signInLinksAvailable>;

/** `POST /api/v1/console/sign-in-links`: email a link to this address, if it has an account. */
export const signInLinkRequest = z
  .object({
    app_domain: appDomain,
    email: z.string().max(254, 'email is too long'),
    /**
     * The site's origin the link should open (its host one of the organiser's domains), e.g.
     * `http://localhost:3000`; else `https://` and the organiser's first domain.
     */
    site_origin: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin' })
      .max(300)
      .optional(),
  })
  .strict();
export type SignInLinkRequest = z.infer<typeof signInLinkRequest>;

/** The one answer to a request, whatever the address: a link is on its way if it has an account. */
export const signInLinkRequested = z.object({
  requested: z.literal(true),
  expires_in_minutes: z.number().int(),
});
export type SignInLinkRequested = z.infer<typeof signInLinkRequested>;

/** `POST /api/v1/console/sign-in-links/use`: the link's token; answers a session, as sign-in does. */
export const signInLinkUse = z
  .object({
    app_domain: appDomain,
    token: z.string().max(100, 'token is too long'),
  })
  .strict();
export type SignInLinkUse = z.infer<typeof signInLinkUse>;
