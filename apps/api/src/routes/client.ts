import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limiterKey } from '../adapters/rate-limits.js';
import { AppError } from '../errors.js';
import { CLIENT_CACHE_CONTROL } from '../http.js';
import { clientHideRoutes } from './client-hides.js';
import { clientOrganiserRoutes } from './client-organiser.js';
import { clientPhotoRoutes } from './client-photos.js';
import { clientResultRoutes } from './client-results.js';
import { clientStatRoutes } from './client-stats.js';
import { clientAccessRoutes } from './event-access.js';

/** A visitor past the day's selfie searches of an event. */
export const selfiesPerDayMessage = (max: number) =>
  `You have searched this event by selfie ${max} times today, as many as one person may. ` +
  'Search by your bib number or name instead, or try again tomorrow.';

/** What the public site reads: `/api/v1/client/...` (docs/requirements.md, Provider API). */
export const clientRoutes: FastifyPluginAsyncZod<{
  downloadsPerMinute?: number;
  selfieSearchesPerMinute?: number;
  selfieUploadsPerMinute?: number;
  searchesPerMinute?: number;
  /** Selfie searches per client and event a day (default 60). */
  selfieSearchesPerDay?: number;
  /** Password attempts on password galleries per client in 15 minutes (default 10). */
  galleryPasswordAttempts?: number;
}> = async (app, options) => {
  // Every way of finding one runner's photos or result (bib search, name search, a result by
  // bib, "more photos of you") shares one budget per client: enough for a person, far too few to
  // walk through every bib of a private gallery.
  const searchesPerMinute = options.searchesPerMinute ?? 30;
  const searchLimit = app.createRateLimit({
    max: searchesPerMinute,
    timeWindow: '1 minute',
    keyGenerator: limiterKey('searches'),
  });
  // A person looks for themselves a few times a day; many selfies a day from one client on one
  // event is someone looking for other people. Past it: the bib or the name.
  const selfiesPerDay = options.selfieSearchesPerDay ?? 60;
  const selfieDayLimit = app.createRateLimit({
    max: selfiesPerDay,
    timeWindow: '1 day',
    keyGenerator: limiterKey('selfies-a-day', (request) =>
      String((request.params as { eventId?: unknown }).eventId),
    ),
  });
  async function limitSelfies(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const limit = await selfieDayLimit(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', String(limit.ttlInSeconds));
    throw new AppError(429, selfiesPerDayMessage(selfiesPerDay));
  }
  async function limitSearch(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const limit = await searchLimit(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', String(limit.ttlInSeconds));
    throw new AppError(
      429,
      `Too many searches: at most ${searchesPerMinute} a minute. Try again in ${limit.ttlInSeconds} s.`,
    );
  }

  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode < 400 && !reply.hasHeader('cache-control'))
      reply.header('cache-control', CLIENT_CACHE_CONTROL);
  });

  // In this order in the OpenAPI document: organiser and event config, photos, results.
  await app.register(clientOrganiserRoutes);
  await app.register(clientPhotoRoutes, {
    limitSearch,
    limitSelfies,
    downloadsPerMinute: options.downloadsPerMinute,
    selfieSearchesPerMinute: options.selfieSearchesPerMinute,
    selfieUploadsPerMinute: options.selfieUploadsPerMinute,
  });
  await app.register(clientResultRoutes, { limitSearch });
  await app.register(clientHideRoutes, { limitSearch });
  await app.register(clientStatRoutes);
  // Password galleries: how an event is seen, and a grant for its password (event-access.ts).
  await app.register(clientAccessRoutes, {
    attemptsPerClient: options.galleryPasswordAttempts ?? 10,
  });
};
