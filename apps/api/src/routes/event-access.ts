import {
  ACCESS_GRANT_HEADER,
  accessGrant,
  accessGrantRequest,
  envelope,
  errorEnvelope,
  eventAccessQuery,
  eventAccessStatus,
  eventIdParams,
} from '@eventsite/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limiterKey } from '../adapters/rate-limits.js';
import { AppError } from '../errors.js';
import { ok } from '../http.js';
import type { AccessOutcome } from '../services/event-access.js';

/**
 * Password and unlisted galleries on the API (docs/private-galleries.md): the visitor's password,
 * or the key in an unlisted event's link, becomes a grant (`POST …/events/{id}/access`), and
 * every client route of a password event, and each of its photo files, is refused without one
 * (401) or with one that does not open it (403); an unlisted event's are not found (404).
 */

/** The client routes of one event: each passes the access check before it runs. */
const EVENT_ROUTE = '/api/v1/client/events/:eventId';
/** The access routes themselves answer without a grant (they are how one is had). */
const ACCESS_ROUTE = `${EVENT_ROUTE}/access`;
/** What a granted answer may be kept as: by nobody (it is one visitor's, and expires). */
export const GRANTED_CACHE_CONTROL = 'private, no-store';
/** A password event's photo file, with its grant: the visitor's browser may keep it a while. */
export const GRANTED_PHOTO_CACHE_CONTROL = 'private, max-age=600';
const PASSWORD_WINDOW = '15 minutes';

/** The grant a request carries: the X-Event-Grant header (server calls), else `?grant=` (URLs). */
export function grantOf(request: FastifyRequest): string | undefined {
  const header = request.headers[ACCESS_GRANT_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query as { grant?: unknown } | undefined;
  return typeof query?.grant === 'string' && query.grant !== '' ? query.grant : undefined;
}

/**
 * The access check's outcome for the request, or its refusal: a 401 names the scheme a client
 * answers with (a grant), and no refusal is kept by any cache (the error handler's no-store).
 */
export async function checkAccess(
  reply: FastifyReply,
  check: () => Promise<AccessOutcome>,
): Promise<AccessOutcome> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401)
      reply.header('www-authenticate', 'EventGrant realm="eventsite gallery"');
    throw error;
  }
}

const guard: preHandlerAsyncHookHandler = async function (request, reply) {
  const { eventId } = request.params as { eventId: number };
  const { app_domain: appDomain } = request.query as { app_domain?: string };
  const access = this.services.access;
  // The event's row is kept in memory a moment (EventService.requirePublished): a public event
  // costs nothing more here; the route checks the organiser of app_domain itself.
  const event = await this.services.events.requirePublished(eventId);
  if (event.access === 'public') return;
  // Another organiser's event is not found, before anything tells how it is protected.
  if (appDomain !== undefined) await this.services.events.requirePublished(eventId, appDomain);
  const outcome = await checkAccess(reply, () => access.check(event, grantOf(request)));
  if (outcome === 'granted') reply.header('cache-control', GRANTED_CACHE_CONTROL);
};

/**
 * Puts the access check first on every client route of one event (`/api/v1/client/events/
 * :eventId/…`) registered after this, whichever plugin registers it: a new route of an event is
 * guarded without naming it anywhere. Call before the routes are registered.
 */
export function guardEventRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${EVENT_ROUTE}/`) && route.url !== EVENT_ROUTE) return;
    if (route.url === ACCESS_ROUTE) return;
    const own = route.preHandler;
    const hooks = own === undefined ? [] : Array.isArray(own) ? own : [own];
    // A HEAD route made from its GET may come with the GET's hooks already.
    if (hooks.includes(guard)) return;
    route.preHandler = [guard, ...hooks];
  });
}

/**
 * `GET` and `POST /api/v1/client/events/{eventId}/access`: whether an event reached by its link
 * is one of the organiser's and how it is seen, and a grant for the password of a password event.
 */
export const clientAccessRoutes: FastifyPluginAsyncZod<{ attemptsPerClient: number }> = async (
  app,
  options,
) => {
  const attempts = app.createRateLimit({
    max: options.attemptsPerClient,
    timeWindow: PASSWORD_WINDOW,
    // Per visitor and event: a visitor who tries too many passwords is kept from this gallery
    // alone, and other visitors (and this one's other galleries) are not.
    keyGenerator: limiterKey('gallery-passwords', (request) =>
      String((request.params as { eventId?: unknown }).eventId ?? ''),
    ),
  });

  app.get(
    '/events/:eventId/access',
    {
      schema: {
        tags: ['client'],
        summary: 'How a published event of the organiser is seen: public, unlisted or password',
        description:
          'Our extension of the provider contract. 404 for an event that is unknown, unpublished or of another organiser than app_domain’s. The site asks it for an event its lists leave out (unlisted and password events are reached by their link only).',
        params: eventIdParams,
        querystring: eventAccessQuery,
        response: { 200: envelope(eventAccessStatus), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) =>
      ok(await app.services.access.status(request.params.eventId, request.query.app_domain)),
  );

  app.post(
    '/events/:eventId/access',
    {
      schema: {
        tags: ['client'],
        summary: 'A grant for the password of a password gallery',
        description: [
          'Body `{"password": "…"}`: the gallery\'s password, or for an unlisted event the key of its link (the part of its slug before the id, `{name}-{key}-{id}`). The grant opens this event only, for 7 days or until the organiser changes the password (or the link): send it as the `X-Event-Grant` header or the `grant` query parameter on every call of the event and on its photo URLs (`/events/photos/{uuid}?w=…&grant=…`). Without it those answer 401 (an unlisted event\'s: 404), with one that does not open the event 403.',
          `403 for a wrong password (a wrong link key: 404); 409 for an event that needs none; 404 for an event unknown, unpublished or of another organiser than app_domain’s. Every password attempt, right or wrong, counts against a limit per client (GALLERY_PASSWORD_ATTEMPTS, ${options.attemptsPerClient} in ${PASSWORD_WINDOW}; 429 past it, with Retry-After).`,
        ].join('\n\n'),
        params: eventIdParams,
        querystring: eventAccessQuery,
        body: accessGrantRequest,
        response: {
          200: envelope(accessGrant),
          400: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { eventId } = request.params;
      const event = await app.services.events.requirePublished(eventId, request.query.app_domain);
      // An unlisted event's link key (about 89 bits) is not guessed by trying: every visitor
      // opening the link is let in, however many share an address (a venue's network).
      if (event.access === 'unlisted')
        return ok(
          await app.services.access.grant(eventId, request.query.app_domain, request.body.password),
        );
      // Counted before the password is checked: attempts sent at once get no more guesses.
      const limit = await attempts(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new AppError(
          429,
          `Too many password attempts: try again in ${Math.max(1, Math.ceil(limit.ttlInSeconds / 60))} min`,
        );
      }
      return ok(
        await app.services.access.grant(
          request.params.eventId,
          request.query.app_domain,
          request.body.password,
        ),
      );
    },
  );
};
