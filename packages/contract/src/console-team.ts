import { z } from 'zod';
import { consoleEmail, consoleRole, MAX_PASSWORD_LENGTH, newPassword } from './console.js';
import { appDomain } from './primitives.js';

/**
 * The console's team and branding (owner only): the organiser's users, one-time invitations to
 * join (a link with a random token; only its sha256 is stored), and the organiser's logo.
 */

/** How long an invitation link works, from when it was made. */
export const INVITE_DAYS = 7;

/** `esi_` and 43 base64url characters (32 random bytes). */
export const INVITE_TOKEN = /^esi_[A-Za-z0-9_-]{43}$/;

export const teamUser = z.object({
  id: z.number().int(),
  email: z.string(),
  role: consoleRole,
  created_at: z.string(),
});
export type TeamUser = z.infer<typeof teamUser>;

export const pendingInvite = z.object({
  id: z.number().int(),
  email: z.string(),
  role: consoleRole,
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingInvite = z.infer<typeof pendingInvite>;

/** `GET /api/v1/admin/users`: the users and the invitations not yet used nor expired. */
export const team = z.object({
  users: z.array(teamUser),
  invites: z.array(pendingInvite),
});
export type Team = z.infer<typeof team>;

export const teamUserParams = z.object({ userId: z.coerce.number().int().positive() });

/**
 * `DELETE /api/v1/admin/users/:userId`: the removing user's own password, typed again (a console
 * session must send it; an admin token need not), as for an invitation.
 */
export const userRemoveInput = z
  .object({ password: z.string().max(MAX_PASSWORD_LENGTH, 'password is too long').optional() })
  .strict()
  // No body at all (an admin token's call) reaches the check as null.
  .nullish();
export type UserRemoveInput = z.infer<typeof userRemoveInput>;

/** `DELETE /api/v1/admin/users/:userId`. */
export const userRemoved = z.object({ removed: z.string() });
export type UserRemoved = z.infer<typeof userRemoved>;

/** `POST /api/v1/admin/invites`. */
export const inviteInput = z
  .object({
    email: consoleEmail,
    role: consoleRole,
    /**
     * The site's origin the link should open (its host one of the organiser's domains), e.g.
     * `http://localhost:3000`; else `https://` and the organiser's first domain.
     */
    /**
     * The inviting user's own password, typed again (a console session must send it; an admin
     * token need not): a script running in the signed-in browser does not know it.
     */
    password: z.string().max(MAX_PASSWORD_LENGTH, 'password is too long').optional(),
    site_origin: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin' })
      .max(300)
      .optional(),
  })
  .strict();
export type InviteInput = z.infer<typeof inviteInput>;

export const inviteCreated = z.object({
  email: z.string(),
  role: consoleRole,
  /** Shown once: only its sha256 is stored. The link is `/console/invite/{token}`. */
  token: z.string(),
  expires_at: z.string(),
  /** Whether the link was also sent by email (SMTP_URL set and the server took it). */
  emailed: z.boolean(),
  /** Why it was not emailed, when it was not. */
  email_note: z.string(),
});
export type InviteCreated = z.infer<typeof inviteCreated>;

const inviteToken = z.string().max(100).regex(INVITE_TOKEN, 'This invitation link is not valid');

/** `GET /api/v1/console/invites/:token?app_domain=`: whom an invitation is for. */
export const inviteLookupParams = z.object({ token: z.string().max(100) });
export const inviteLookupQuery = z.object({ app_domain: appDomain });
export const inviteSummary = z.object({
  email: z.string(),
  role: consoleRole,
  organiser: z.string(),
  expires_at: z.string(),
});
export type InviteSummary = z.infer<typeof inviteSummary>;

/** `POST /api/v1/console/invites/accept`: the invitee's password; answers a session. */
export const inviteAcceptInput = z
  .object({
    app_domain: appDomain,
    token: inviteToken,
    password: newPassword,
  })
  .strict();
export type InviteAcceptInput = z.infer<typeof inviteAcceptInput>;

/** The organiser's logo upload: `POST /api/v1/admin/organiser/logo`, the image as the body. */
export const MAX_LOGO_PIXELS = 25_000_000;
/** The stored logo fits in this box (the header shows it at most 48 px high). */
export const LOGO_BOX = { width: 800, height: 320 } as const;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** An event's banner upload: `POST /api/v1/admin/events/{eventId}/banner`, the image as the body. */
export const MAX_BANNER_BYTES = 8 * 1024 * 1024;
/** The stored banner fits in this box (shown across the event's pages, up to a wide screen). */
export const BANNER_BOX = { width: 2400, height: 1200 } as const;

export const inviteParams = z.object({ inviteId: z.coerce.number().int().positive() });
export const inviteCancelled = z.object({ cancelled: z.boolean() });
