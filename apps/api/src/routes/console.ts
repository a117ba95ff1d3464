import {
  envelope,
  errorEnvelope,
  signedOut,
  signInInput,
  signInWithDevice,
  whoami,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limiterKey } from '../adapters/rate-limits.js';
import { AppError } from '../errors.js';
import { SIGN_IN_ATTEMPTS_PER_CLIENT } from '../config.js';
import { ok } from '../http.js';
import { DEVICE_TOKEN } from '../services/sign-in-devices.js';
import type { ConsoleSession } from '../services/console-accounts.js';
import { bearerToken } from './admin-auth.js';

/**
 * Sign-in attempts allowed in SIGN_IN_WINDOW per email of an organiser from browsers that have
 * not signed in as it before, and per browser that has (its device token); per client address:
 * the config's.
 */
export const SIGN_IN_FAILURES_PER_EMAIL = 10;
export const SIGN_IN_WINDOW = '15 minutes';

const failures = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 429: errorEnvelope };
const security = [{ bearer: [] }];

/**
 * The console's accounts (`/api/v1/console/...`), called by the site's server: sign-in answers a
 * session token for the site's cookie; the others take it as `Authorization: Bearer ess_…`.
 * Never cross-origin, never cached.
 */
export const consoleRoutes: FastifyPluginAsyncZod<{ signInsPerClient?: number }> = async (
  app,
  options,
) => {
  const signInsPerClient = options.signInsPerClient ?? SIGN_IN_ATTEMPTS_PER_CLIENT;
  const perClient = app.createRateLimit({
    max: signInsPerClient,
    timeWindow: SIGN_IN_WINDOW,
    keyGenerator: limiterKey('sign-in'),
  });
  const perEmail = app.createRateLimit({
    max: SIGN_IN_FAILURES_PER_EMAIL,
    timeWindow: SIGN_IN_WINDOW,
    keyGenerator: (request) => {
      const body = request.body as { app_domain?: string; email?: string };
      return `sign-in-email:${body.app_domain ?? ''}:${(body.email ?? '').trim().toLowerCase()}`;
    },
  });
  const perDevice = app.createRateLimit({
    max: SIGN_IN_FAILURES_PER_EMAIL,
    timeWindow: SIGN_IN_WINDOW,
    keyGenerator: (request) =>
      `sign-in-device:${DEVICE_TOKEN.exec((request.body as { device?: string }).device ?? '')?.[1] ?? ''}`,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const sessionOf = async (authorization: string | undefined): Promise<ConsoleSession> => {
    const token = bearerToken(authorization);
    const check = token ? await app.services.console.authenticate(token) : undefined;
    if (!check?.ok) throw new AppError(401, 'The console session has ended: sign in again');
    return check.session;
  };

  app.post(
    '/sign-in',
    {
      schema: {
        tags: ['console'],
        summary: 'Sign a console user in: a new session token (for the site’s httpOnly cookie)',
        description: `Any failure is 401 'Email or password is not right'. At most ${signInsPerClient} attempts per client and ${SIGN_IN_FAILURES_PER_EMAIL} per email in ${SIGN_IN_WINDOW}, counted before the password is checked, then 429. A browser that signed in as the email before sends the \`device\` token it was answered then: its attempts count ${SIGN_IN_FAILURES_PER_EMAIL} per device instead, so others' guesses at the email do not lock its owner out.`,
        body: signInInput,
        response: { 200: envelope(signInWithDevice), ...failures },
      },
    },
    async (request, reply) => {
      const { app_domain, email, password, device } = request.body;
      const devices = app.services.signInDevices;
      const known = await devices.recognise(device, app_domain, email);
      // Every attempt is counted before the password is checked: counted only once it had
      // failed, attempts sent together would all pass the check while the count was low. A
      // browser the email signed in on before counts on its own; any other, per address and
      // per account.
      for (const limit of known ? [perDevice] : [perClient, perEmail]) {
        const seen = await limit(request);
        if (!seen.isAllowed && seen.isExceeded) {
          reply.header('retry-after', String(seen.ttlInSeconds));
          throw new AppError(
            429,
            `Too many sign-in attempts: try again in ${Math.ceil(seen.ttlInSeconds / 60)} min`,
          );
        }
      }
      const session = await app.services.console.signIn(app_domain, email, password);
      return ok({
        ...session,
        device: known && device ? device : await devices.issue(app_domain, email),
      });
    },
  );

  app.get(
    '/whoami',
    {
      schema: {
        tags: ['console'],
        summary: 'The signed-in user, role and organiser of a console session',
        security,
        response: { 200: envelope(whoami), ...failures },
      },
    },
    async (request) => {
      const session = await sessionOf(request.headers.authorization);
      return ok({
        user: { email: session.email, role: session.role },
        organiser: { id: session.organiserId, name: session.organiserName },
        expires_at: session.expiresAt.toISOString(),
      });
    },
  );

  app.post(
    '/sign-out',
    {
      schema: {
        tags: ['console'],
        summary: 'End this console session',
        security,
        response: { 200: envelope(signedOut), ...failures },
      },
    },
    async (request) => {
      const session = await sessionOf(request.headers.authorization);
      return ok({ sessions_ended: await app.services.console.signOut(session) });
    },
  );

  app.post(
    '/sign-out-everywhere',
    {
      schema: {
        tags: ['console'],
        summary: 'End every session of the signed-in user, on every device',
        security,
        response: { 200: envelope(signedOut), ...failures },
      },
    },
    async (request) => {
      const session = await sessionOf(request.headers.authorization);
      return ok({ sessions_ended: await app.services.console.signOutEverywhere(session) });
    },
  );
};
