import {
  envelope,
  errorEnvelope,
  inviteCancelled,
  inviteCreated,
  inviteInput,
  inviteParams,
  MAX_LOGO_BYTES,
  organiserSettings,
  team,
  teamUserParams,
  userRemoved,
  userRemoveInput,
} from '@eventsite/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { smtpInviteMailer } from '../adapters/mail.js';
import { AppError } from '../errors.js';
import { ok } from '../http.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

const security = ADMIN_SECURITY;
const failures = { ...ADMIN_FAILURES, 409: errorEnvelope };

/** What a logo upload may be sent as; the bytes decide what it is (branding.ts). */
const LOGO_BODY_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
  'application/octet-stream',
];

/**
 * The console's owner-only screens on the admin API (not in roleMay: editors and photographers
 * are refused): the team (users, removing one, invitations) and the organiser's logo upload.
 */
/** Wrong passwords typed again before the team changes, per console user in 15 minutes. */
export const PASSWORD_AGAIN_ATTEMPTS = 10;
export const PASSWORD_AGAIN_REFUSED =
  'Type your own password again to change the team: the one typed was not right';

export const adminTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const passwordAgain = app.createRateLimit({
    max: PASSWORD_AGAIN_ATTEMPTS,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `password-again:${request.consoleSession?.userId ?? 0}`,
  });
  /**
   * A console user must type their password again before the team changes: a script running in
   * their signed-in browser (a tag manager on a public page of the same origin) has the session,
   * not the password. Wrong ones are counted per user (an owner making many changes is never
   * held back); past the limit even the right one is refused. An admin token needs none.
   */
  const confirmPassword = async (
    request: FastifyRequest,
    reply: FastifyReply,
    password: string | undefined,
  ) => {
    const session = request.consoleSession;
    if (!session) return;
    const seen = await passwordAgain(request, { increment: false });
    if (!seen.isAllowed && seen.remaining === 0) {
      reply.header('retry-after', String(seen.ttlInSeconds));
      throw new AppError(
        429,
        `Too many wrong passwords: try again in ${Math.ceil(seen.ttlInSeconds / 60)} min`,
      );
    }
    if (!password || !(await app.services.console.passwordIsRight(session, password))) {
      await passwordAgain(request);
      throw new AppError(403, PASSWORD_AGAIN_REFUSED);
    }
  };

  const mailer = app.config.smtpUrl
    ? smtpInviteMailer(app.config.smtpUrl, app.config.smtpFrom)
    : null;

  app.addContentTypeParser(
    LOGO_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_LOGO_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: "The organiser's console users and its pending invitations (owner only)",
        security,
        response: { 200: envelope(team), ...failures },
      },
    },
    async (request) => ok(await app.services.team.list(request.organiserId)),
  );

  app.delete(
    '/users/:userId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a console user; every session of it ends at once (owner only)',
        description:
          'The last owner is never removed (409), yourself included: invite another owner first. Another organiser’s user is 404. A console session must send its user’s own `password` again in the body (403 when it is not right; 10 wrong ones in 15 minutes, with the invitations’, then 429); an admin token need not.',
        security,
        params: teamUserParams,
        body: userRemoveInput,
        response: { 200: envelope(userRemoved), ...failures },
      },
    },
    async (request, reply) => {
      await confirmPassword(request, reply, request.body?.password);
      return ok(await app.services.team.remove(request.organiserId, request.params.userId));
    },
  );

  app.post(
    '/invites',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invite a person by email and role: a one-time link, valid 7 days (owner only)',
        description:
          'The token is answered once (only its sha256 is stored); the link is `{site}/console/invite/{token}`. With SMTP_URL set it is also emailed. A second invitation for the same email replaces the first. 409 when the email is already a user. A console session must send its user’s own `password` again (403 when it is not right; 10 wrong ones in 15 minutes, with removals’, then 429); an admin token need not.',
        security,
        body: inviteInput,
        response: { 201: envelope(inviteCreated), ...failures },
      },
    },
    async (request, reply) => {
      const { email, role, site_origin, password } = request.body;
      await confirmPassword(request, reply, password);
      const { domains } = await app.services.organisers.settings(request.organiserId);
      let origin = domains[0] ? `https://${domains[0]}` : null;
      if (site_origin) {
        const url = new URL(site_origin);
        if (!domains.includes(url.hostname))
          throw new AppError(
            400,
            `site_origin must be on one of the organiser's domains (${domains.join(', ')})`,
          );
        origin = url.origin;
      }
      const created = await app.services.team.invite(
        request.organiserId,
        email,
        role,
        mailer,
        (token) => (origin ? `${origin}/console/invite/${token}` : null),
      );
      return reply.code(201).send(ok(created, 201));
    },
  );

  app.delete(
    '/invites/:inviteId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancel a pending invitation: its link stops working (owner only)',
        security,
        params: inviteParams,
        response: { 200: envelope(inviteCancelled), ...failures },
      },
    },
    async (request) => {
      await app.services.team.cancelInvite(request.organiserId, request.params.inviteId);
      return ok({ cancelled: true });
    },
  );

  app.post(
    '/organiser/logo',
    {
      schema: {
        tags: ['admin'],
        summary: "Upload the organiser's logo: the image is the body (owner only)",
        description: `PNG, JPEG or WebP (recognised from the bytes), at most ${MAX_LOGO_BYTES / 1024 / 1024} MB. SVG is refused (it can carry script). Stored as WebP fitted into 800x320, metadata removed, served from a URL named after its content; the organiser's logo is set to it.`,
        security,
        body: z.unknown().meta({ description: 'The image', type: 'string', format: 'binary' }),
        response: {
          200: envelope(organiserSettings),
          ...failures,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(
          415,
          'Send the logo as the body with Content-Type image/png, image/jpeg or image/webp',
        );
      return ok(await app.services.branding.setLogo(request.organiserId, request.body));
    },
  );

  app.delete(
    '/organiser/logo',
    {
      schema: {
        tags: ['admin'],
        summary: "Remove the organiser's logo: the site shows its name instead (owner only)",
        security,
        response: { 200: envelope(organiserSettings), ...failures },
      },
    },
    async (request) => ok(await app.services.branding.removeLogo(request.organiserId)),
  );
};
