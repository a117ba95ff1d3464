import {
  envelope,
  errorEnvelope,
  inviteAcceptInput,
  inviteLookupParams,
  inviteLookupQuery,
  inviteSummary,
  signInAnswer,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limiterKey } from '../adapters/rate-limits.js';
import { AppError } from '../errors.js';
import { ok } from '../http.js';

/** Invitation look-ups and uses allowed per client in INVITE_WINDOW. */
export const INVITE_TRIES_PER_CLIENT = 30;
export const INVITE_WINDOW = '15 minutes';

const failures = {
  400: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  429: errorEnvelope,
};

/**
 * Using an invitation (`/api/v1/console/invites/...`), called by the site's server for the
 * invitee, who has no session yet: whom a link is for, and setting a password with it, which
 * makes the user and signs them in. The token is the only secret; attempts are limited.
 */
export const consoleInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const perClient = app.createRateLimit({
    max: INVITE_TRIES_PER_CLIENT,
    timeWindow: INVITE_WINDOW,
    keyGenerator: limiterKey('invites'),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const seen = await perClient(request);
    if (!seen.isAllowed && seen.isExceeded) {
      reply.header('retry-after', String(seen.ttlInSeconds));
      throw new AppError(
        429,
        `Too many tries of invitation links: try again in ${Math.ceil(seen.ttlInSeconds / 60)} min`,
      );
    }
  });

  app.get(
    '/invites/:token',
    {
      schema: {
        tags: ['console'],
        summary: 'Whom an invitation link is for (email, role, organiser), while it is usable',
        description: '404 for a link used, expired, unknown or of another host, alike.',
        params: inviteLookupParams,
        querystring: inviteLookupQuery,
        response: { 200: envelope(inviteSummary), ...failures },
      },
    },
    async (request) =>
      ok(await app.services.team.lookup(request.query.app_domain, request.params.token)),
  );

  app.post(
    '/invites/accept',
    {
      schema: {
        tags: ['console'],
        summary: 'Use an invitation: set a password; the user is made and signed in',
        description:
          'The link works once: a second use is 404. Answers a session token, as sign-in does.',
        body: inviteAcceptInput,
        response: { 200: envelope(signInAnswer), ...failures },
      },
    },
    async (request) => {
      const { app_domain, token, password } = request.body;
      return ok(await app.services.team.accept(app_domain, token, password));
    },
  );
};
