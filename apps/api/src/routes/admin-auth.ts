import { type ConsoleRole, errorEnvelope } from '@eventsite/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limiterKey } from '../adapters/rate-limits.js';
import { AppError } from '../errors.js';
import { ADMIN_PREFIX } from '../http.js';
import type { ConsoleSession } from '../services/console-accounts.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The organiser the bearer token or console session acts for (admin and console routes). */
    organiserId: number;
    /** The console session of the request, or null for an admin token. */
    consoleSession: ConsoleSession | null;
  }
}

/** The OpenAPI security of every admin route: a bearer token or console session. */
export const ADMIN_SECURITY = [{ bearer: [] }];
/** The failures every admin route may answer. */
export const ADMIN_FAILURES = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  429: errorEnvelope,
};

/** Failed authentications allowed per client in AUTH_FAILURE_WINDOW before it is refused. */
export const AUTH_FAILURES_PER_WINDOW = 10;
export const AUTH_FAILURE_WINDOW = '15 minutes';

export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * What a console role may do on the admin API, by route (method and path after the admin
 * prefix). An admin token may do everything; so may an owner. An editor may do everything but
 * change the branding (and, later, the users); a photographer may only upload to events (it sees
 * the list of events to choose one, and the progress of their processing). A route missing here
 * is refused to every role but owner.
 */
const PHOTOGRAPHER = new Set([
  'GET /events',
  'GET /events/:eventId',
  'POST /events/:eventId/photos',
  'GET /events/:eventId/jobs',
  'POST /uploads',
  'HEAD /uploads/:id',
  'PATCH /uploads/:id',
  'DELETE /uploads/:id',
]);
const EDITOR = new Set([
  ...PHOTOGRAPHER,
  'POST /events',
  'PATCH /events/:eventId',
  'DELETE /events/:eventId',
  'GET /events/:eventId/photos',
  'POST /events/:eventId/faces/detect',
  'GET /events/:eventId/faces',
  'DELETE /events/:eventId/faces',
  'GET /events/:eventId/hide-requests',
  'GET /events/:eventId/hide-requests/items',
  'DELETE /events/:eventId/hide-requests/:requestId',
  'GET /events/:eventId/findability',
  'GET /events/:eventId/stats',
  'POST /events/:eventId/banner',
  'DELETE /events/:eventId/banner',
  'GET /events/:eventId/stats.csv',
  'DELETE /photos/:uuid',
  'PUT /photos/:uuid/bibs',
  'POST /events/:eventId/results',
  'PUT /events/:eventId/certificate-template',
  'GET /organiser',
  'GET /events/:eventId/bibs/review',
  'GET /messages',
  'PATCH /messages/:id',
  'GET /photos/:uuid/preview',
  'POST /photos/:uuid/hide',
  'POST /photos/:uuid/restore',
  'PUT /events/:eventId/cover',
  'POST /events/:eventId/jobs/:jobId/retry',
  'POST /events/:eventId/results/preview',
  'GET /events/:eventId/access',
  'PUT /events/:eventId/access',
  // The event's watermark and sponsor frames (docs/watermarks.md).
  'GET /events/:eventId/watermark',
  'PUT /events/:eventId/watermark',
  'POST /events/:eventId/watermark/image',
  'DELETE /events/:eventId/watermark/image',
  'GET /events/:eventId/frames',
  'POST /events/:eventId/frames',
  'DELETE /events/:eventId/frames/:frameId',
]);

export function roleMay(role: ConsoleRole, method: string, routeUrl: string): boolean {
  const route = `${method} ${routeUrl.startsWith(ADMIN_PREFIX) ? routeUrl.slice(ADMIN_PREFIX.length) : routeUrl}`;
  if (role === 'owner') return true;
  if (role === 'editor') return EDITOR.has(route);
  return PHOTOGRAPHER.has(route);
}

const ROLE_WORDS: Record<ConsoleRole, string> = {
  owner: 'an owner',
  editor: 'an editor',
  photographer: 'a photographer',
};

/**
 * Authentication of the admin routes: `Authorization: Bearer` with an admin token (`est_…`) or a
 * console session (`ess_…`), and the session's role checked against the route. A client's failed
 * authentications are counted, and past the limit every request of that client is refused before
 * its token is even looked at.
 */
export function installAdminAuth(app: FastifyInstance, maxFailures = AUTH_FAILURES_PER_WINDOW) {
  app.decorateRequest('organiserId', 0);
  app.decorateRequest('consoleSession', null);
  const authFailures = app.createRateLimit({
    max: maxFailures,
    timeWindow: AUTH_FAILURE_WINDOW,
    keyGenerator: limiterKey('auth-failures'),
  });
  const refuse = async (request: FastifyRequest, reply: FastifyReply, error: AppError) => {
    await authFailures(request);
    reply.header('www-authenticate', 'Bearer realm="eventsite admin"');
    throw error;
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const seen = await authFailures(request, { increment: false });
    if (!seen.isAllowed && seen.remaining === 0) {
      reply.header('retry-after', String(seen.ttlInSeconds));
      throw new AppError(
        429,
        `Too many failed authentications from this address: try again in ${Math.ceil(seen.ttlInSeconds / 60)} min`,
      );
    }
    const token = bearerToken(request.headers.authorization);
    const expiredOrganiser = new AppError(
      403,
      "The organiser's account has expired: ask the provider to renew it",
    );
    if (token && app.services.console.isSessionToken(token)) {
      const check = await app.services.console.authenticate(token);
      if (!check.ok)
        return refuse(
          request,
          reply,
          check.reason === 'organiser-expired'
            ? expiredOrganiser
            : new AppError(401, 'The console session has ended: sign in again'),
        );
      const { session } = check;
      if (!roleMay(session.role, request.method, request.routeOptions.url ?? ''))
        throw new AppError(
          403,
          `As ${ROLE_WORDS[session.role]} of ${session.organiserName} you may not do this: ask an owner`,
        );
      request.organiserId = session.organiserId;
      request.consoleSession = session;
      return;
    }
    const outcome = token ? await app.services.tokens.authenticate(token) : undefined;
    if (!outcome?.ok) {
      if (outcome?.reason === 'organiser-expired') return refuse(request, reply, expiredOrganiser);
      return refuse(
        request,
        reply,
        new AppError(
          401,
          !token
            ? 'An Authorization: Bearer <token> header is required (npm run cli -- token create <domain>)'
            : outcome?.reason === 'expired'
              ? 'The bearer token has expired: ask the provider for a new one (token create)'
              : 'The bearer token is not valid (unknown or revoked)',
        ),
      );
    }
    request.organiserId = outcome.organiserId;
  });
}
