import {
  envelope,
  errorEnvelope,
  SIGN_IN_LINK_MINUTES,
  signInLinkRequest,
  signInLinkRequested,
  signInLinksAvailable,
  signInLinkUse,
  signInWithDevice,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limiterKey } from '../adapters/rate-limits.js';
import { AppError } from '../errors.js';
import { ok } from '../http.js';

/** Sign-in links asked for per visitor address, and per email of an organiser, in the window. */
export const SIGN_IN_LINKS_PER_CLIENT = 10;
export const SIGN_IN_LINKS_PER_EMAIL = 3;
/** Links used (right or wrong) per visitor address in the window. */
export const SIGN_IN_LINK_USES_PER_CLIENT = 30;
export const SIGN_IN_LINK_WINDOW = '15 minutes';

const failures = {
  400: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  429: errorEnvelope,
  503: errorEnvelope,
};

/**
 * Sign-in links by email (`/api/v1/console/sign-in-links`), called by the site's server for a
 * visitor of the sign-in page: ask for a link (the same answer whether or not the address has an
 * account; the mail is sent after the answer, so its time tells nothing either), and use one,
 * which opens a session as a sign-in does. They have limits of their own: a password locked by
 * someone's guesses does not hold the link back.
 */
export const consoleSignInLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = (
    max: number,
    key: Parameters<typeof limiterKey>[0],
    per?: Parameters<typeof limiterKey>[1],
  ) =>
    app.createRateLimit({
      max,
      timeWindow: SIGN_IN_LINK_WINDOW,
      keyGenerator: limiterKey(key, per),
    });
  const perClient = limit(SIGN_IN_LINKS_PER_CLIENT, 'sign-in-links');
  const perEmail = app.createRateLimit({
    max: SIGN_IN_LINKS_PER_EMAIL,
    timeWindow: SIGN_IN_LINK_WINDOW,
    keyGenerator: (request) => {
      const body = request.body as { app_domain?: string; email?: string };
      return `sign-in-links-email:${body.app_domain ?? ''}:${(body.email ?? '').trim().toLowerCase()}`;
    },
  });
  const usesPerClient = limit(SIGN_IN_LINK_USES_PER_CLIENT, 'sign-in-link-uses');
  const within = async (
    limiter: typeof perClient,
    request: Parameters<typeof perClient>[0],
    reply: { header(name: string, value: string): unknown },
    what: string,
  ) => {
    const seen = await limiter(request);
    if (!seen.isAllowed && seen.isExceeded) {
      reply.header('retry-after', String(seen.ttlInSeconds));
      throw new AppError(
        429,
        `Too many ${what}: try again in ${Math.ceil(seen.ttlInSeconds / 60)} min`,
      );
    }
  };
  const service = () => {
    const links = app.services.signInLinks;
    if (!links)
      throw new AppError(
        503,
        'Sign-in links by email are not set up here (the API has no SMTP_URL): sign in with your password',
      );
    return links;
  };
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/sign-in-links',
    {
      schema: {
        tags: ['console'],
        summary: 'Whether this API can email sign-in links (it has a mail server, SMTP_URL)',
        response: { 200: envelope(signInLinksAvailable) },
      },
    },
    async () => ok({ available: app.services.signInLinks !== null }),
  );

  app.post(
    '/sign-in-links',
    {
      schema: {
        tags: ['console'],
        summary: 'Email a one-time sign-in link to a console user of this host',
        description: `The same answer whether or not the address has an account (the mail goes after it). The link is \`{site}/console/sign-in-link/{token}\`, works once, for ${SIGN_IN_LINK_MINUTES} minutes; only its sha256 is stored. At most ${SIGN_IN_LINKS_PER_CLIENT} requests per client and ${SIGN_IN_LINKS_PER_EMAIL} per email in ${SIGN_IN_LINK_WINDOW}, then 429. 503 without SMTP_URL.`,
        body: signInLinkRequest,
        response: { 200: envelope(signInLinkRequested), ...failures },
      },
    },
    async (request, reply) => {
      const links = service();
      await within(perClient, request, reply, 'sign-in links asked for from this address');
      await within(perEmail, request, reply, 'sign-in links asked for this email');
      const { app_domain, email, site_origin } = request.body;
      void links
        .send(app_domain, email, site_origin)
        .then((outcome) => {
          if (outcome !== 'sent' && outcome !== 'no-account')
            request.log.warn({ outcome }, 'A sign-in link was not emailed');
        })
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'A sign-in link could not be made'),
        );
      return ok({ requested: true as const, expires_in_minutes: SIGN_IN_LINK_MINUTES });
    },
  );

  app.post(
    '/sign-in-links/use',
    {
      schema: {
        tags: ['console'],
        summary: 'Use an emailed sign-in link: a new session, as a sign-in answers it',
        description: `404 for a link used, expired, unknown or of another host, alike. At most ${SIGN_IN_LINK_USES_PER_CLIENT} uses per client in ${SIGN_IN_LINK_WINDOW}, then 429. Answers this browser's device token too.`,
        body: signInLinkUse,
        response: { 200: envelope(signInWithDevice), ...failures },
      },
    },
    async (request, reply) => {
      const links = service();
      await within(usesPerClient, request, reply, 'sign-in links tried from this address');
      const { app_domain, token } = request.body;
      const session = await links.use(app_domain, token);
      return ok({
        ...session,
        device: await app.services.signInDevices.issue(app_domain, session.user.email),
      });
    },
  );
};
