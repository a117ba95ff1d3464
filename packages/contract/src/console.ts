import { z } from 'zod';
import { appDomain } from './primitives.js';

/**
 * The organiser console's accounts (`/api/v1/console/...`): people of an organiser with a role,
 * signed in with email and password; a session is a random token the site keeps in a cookie and
 * sends as `Authorization: Bearer ess_…` (the admin routes accept it beside an admin token).
 */

/** owner: everything; editor: everything but users and branding; photographer: uploads only. */
export const CONSOLE_ROLES = ['owner', 'editor', 'photographer'] as const;
export const consoleRole = z.enum(CONSOLE_ROLES, {
  error: `role must be one of ${CONSOLE_ROLES.join(', ')}`,
});
export type ConsoleRole = z.infer<typeof consoleRole>;

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/** The one answer to a sign-in that fails, whatever was wrong (no account, wrong password). */
export const SIGN_IN_REFUSED = 'Email or password is not right';

export const consoleEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'email is too long')
  .pipe(z.email('must be an email address such as ana@example.com'));

export const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `A password has at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `A password has at most ${MAX_PASSWORD_LENGTH} characters`);

/** `POST /api/v1/console/sign-in`. */
export const signInInput = z
  .object({
    app_domain: appDomain,
    email: z.string().max(254, 'email is too long'),
    password: z.string().max(MAX_PASSWORD_LENGTH, 'password is too long'),
    /**
     * The device token a sign-in for this email answered before on this browser (the site keeps
     * it in a cookie): its attempts count per device, not against the account's limit, so the
     * owner still signs in while someone else guesses their password.
     */
    device: z.string().max(200, 'device is too long').optional(),
  })
  .strict();
export type SignInInput = z.infer<typeof signInInput>;

export const consoleUser = z.object({
  email: z.string(),
  role: consoleRole,
});
export type ConsoleUser = z.infer<typeof consoleUser>;

export const signInAnswer = z.object({
  /** For the site's httpOnly cookie; only its hash is stored. */
  session_token: z.string(),
  expires_at: z.string(),
  user: consoleUser,
});
export type SignInAnswer = z.infer<typeof signInAnswer>;

/** `POST /api/v1/console/sign-in`: the session, and this browser's device token for the email. */
export const signInWithDevice = signInAnswer.extend({
  /** To send with this browser's next sign-ins as this email (`device`). */
  device: z.string(),
});
export type SignInWithDevice = z.infer<typeof signInWithDevice>;

/** `GET /api/v1/console/whoami`. */
export const whoami = z.object({
  user: consoleUser,
  organiser: z.object({ id: z.number().int(), name: z.string() }),
  expires_at: z.string(),
});
export type Whoami = z.infer<typeof whoami>;

export const signedOut = z.object({ sessions_ended: z.number().int() });
export type SignedOut = z.infer<typeof signedOut>;
