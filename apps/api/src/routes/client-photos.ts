import {
  downloadRequest,
  envelope,
  errorEnvelope,
  eventIdParams,
  eventPhotosQuery,
  eventQuery,
  photoPage,
  photoSearchQuery,
  selfieSearchAnswer,
  selfieSearchRequest,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { ok } from '../http.js';
import { failures, type SearchLimit } from './client-common.js';

/** Largest selfie accepted by the upload fallback. */
const MAX_SELFIE_BYTES = 10 * 1024 * 1024;

/** An event's photos: the gallery's pages, bib and name searches, selfie searches and zips. */
export const clientPhotoRoutes: FastifyPluginAsyncZod<{
  limitSearch: SearchLimit;
  /** Selfie searches per client and event a day (client.ts). */
  limitSelfies: SearchLimit;
  downloadsPerMinute?: number;
  selfieSearchesPerMinute?: number;
  selfieUploadsPerMinute?: number;
}> = async (app, options) => {
  const { limitSearch, limitSelfies } = options;

  app.get(
    '/events/:eventId/photos',
    {
      schema: {
        tags: ['client'],
        summary:
          'A page of the photos of a published event in capture order, of those found by ?bib= or ?name=, or of given ones (?ids=)',
        description:
          '?ids=a,b,c (up to 100 photo ids, comma separated; with neither bib, name nor cursor): those photos of the event, in gallery order, in one page (total: how many were found); ids of other events or of no photo are simply absent, a malformed id or more than 100 is 400. It answers in privacy mode too: photo ids are unguessable, like a single photo’s link (a shared selection of favourites). Privacy mode (show_all_images false): only searches answer; the unfiltered listing is 403, and a name search matching more than 5 runners is 400 (type more of the name). ?bib= needs bib_search, ?name= needs name_search (else 403). Searches, result look-ups and more-of-bib share a budget per client (SEARCHES_PER_MINUTE, 30 a minute; 429 past it). The first page of a bib or name search carries `still_reading` while some of the event’s photos are not read yet (the answer may grow).',
        params: eventIdParams,
        querystring: eventPhotosQuery,
        response: { 200: envelope(photoPage), ...failures, 429: errorEnvelope },
      },
      preHandler: async (request, reply) => {
        const query = request.query as { bib?: string; name?: string };
        if (query.bib !== undefined || query.name !== undefined) await limitSearch(request, reply);
      },
    },
    async (request) => {
      const { bib, name, cursor, ids } = request.query;
      const page = await app.services.photos.page(
        request.params.eventId,
        cursor,
        request.query.limit,
        {
          appDomain: request.query.app_domain,
          bib,
          name,
          ids,
        },
      );
      if (cursor === undefined && (bib !== undefined || name !== undefined))
        app.services.analytics.count(
          request.params.eventId,
          bib !== undefined ? 'search_bib' : 'search_name',
        );
      // A search that found nothing is counted for the organiser's findability dashboard, unawaited.
      if ((bib !== undefined || name !== undefined) && cursor === undefined && page.total === 0)
        app.services.findability
          .missed(request.params.eventId, { bib, name })
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'a missed search was not counted'),
          );
      // The first page of a search says how many photos it cannot find yet.
      if ((bib !== undefined || name !== undefined) && cursor === undefined)
        return ok({
          ...page,
          ...(await app.services.stillReading.of(request.params.eventId, 'bibs')),
        });
      return ok(page);
    },
  );

  app.post(
    '/events/:eventId/photos/selfie-search',
    {
      config: {
        rateLimit: { max: options.selfieSearchesPerMinute ?? 30, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['client'],
        summary: 'The photos with a face like the selfie’s, best first',
        description:
          'The body is the selfie’s face descriptor (1024 values, unit length), computed in the browser with the same model: the selfie never leaves the device, and the descriptor is neither stored nor logged. `match` photos are at or above the event’s threshold, `maybe` ones a little below it. 403 when selfie_search is off; at most 30 per minute per client, and 60 a day per client and event (SELFIE_SEARCHES_PER_DAY; 429 past either, the second saying to search by bib or name). 410 once the event’s face data was deleted after its retention. `still_reading` counts the event’s photos whose faces are not found yet.',
        params: eventIdParams,
        querystring: eventQuery,
        body: selfieSearchRequest,
        response: { 200: envelope(selfieSearchAnswer), ...failures, 429: errorEnvelope },
      },
      preHandler: limitSelfies,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await app.services.faces.search(
        request.params.eventId,
        request.body.embedding,
        request.query.app_domain,
      );
      app.services.analytics.count(request.params.eventId, 'search_selfie');
      return ok({
        ...answer,
        ...(await app.services.stillReading.of(request.params.eventId, 'faces')),
      });
    },
  );

  app.get(
    '/events/:eventId/photos/more-of-bib',
    {
      schema: {
        tags: ['client'],
        summary: '"More photos of you": photos with the face of the runner wearing a bib',
        description:
          'The faces above the bib on the photos a bib search finds are searched like a selfie; the answer leaves out those photos (the bib search lists them) and adds the ones where the bib is hidden or unread. Needs selfie_search and bib_search (else 403).',
        params: eventIdParams,
        querystring: eventQuery.extend({ bib: photoSearchQuery.shape.bib.unwrap() }),
        response: { 200: envelope(selfieSearchAnswer), ...failures, 429: errorEnvelope },
      },
      preHandler: limitSearch,
    },
    async (request) =>
      ok(
        await app.services.faces.morePhotosOfBib(
          request.params.eventId,
          request.query.bib,
          request.query.app_domain,
        ),
      ),
  );

  // The selfie upload fallback: the image's raw bytes, kept in memory only.
  app.addContentTypeParser(
    ['image/jpeg', 'image/png', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: MAX_SELFIE_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/events/:eventId/photos/selfie-search/image',
    {
      config: {
        rateLimit: { max: options.selfieUploadsPerMinute ?? 10, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['client'],
        summary: 'Selfie search from the selfie itself, for browsers that cannot run the model',
        description:
          'Body: the image (Content-Type image/jpeg, image/png or image/webp, at most 10 MB). It is described in memory (its largest face) and searched like a descriptor; it is never stored or logged. 400 when it is not an image or shows no face; 403 when selfie_search is off; at most 10 per minute per client.',
        params: eventIdParams,
        querystring: eventQuery,
        response: {
          200: envelope(selfieSearchAnswer),
          ...failures,
          413: errorEnvelope,
          415: errorEnvelope,
          429: errorEnvelope,
        },
      },
      preHandler: limitSelfies,
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(415, 'Send the selfie as the body with Content-Type image/jpeg');
      reply.header('cache-control', 'no-store');
      const answer = await app.services.faces.searchBySelfie(
        request.params.eventId,
        request.body,
        request.query.app_domain,
      );
      app.services.analytics.count(request.params.eventId, 'search_selfie');
      return ok({
        ...answer,
        ...(await app.services.stillReading.of(request.params.eventId, 'faces')),
      });
    },
  );

  app.post(
    '/events/:eventId/downloads',
    {
      config: { rateLimit: { max: options.downloadsPerMinute ?? 20, timeWindow: '1 minute' } },
      // 5,000 ids of 39 bytes each, and room to be told that 5,001 are too many.
      bodyLimit: 512 * 1024,
      schema: {
        tags: ['client'],
        summary: 'Originals of selected photos (or all, where allowed) as one zip',
        description:
          'A stored zip streamed with its exact Content-Length; entries `{event-slug}-0001.jpg`... in capture order. 403 when bulk_download is off (or for `all` in privacy mode); 400 for unknown photos or more than MAX_ZIP_PHOTOS. At most 20 per minute per client (429 past it).',
        params: eventIdParams,
        querystring: eventQuery,
        body: downloadRequest,
        response: {
          200: z.unknown().meta({ description: 'The zip', type: 'string', format: 'binary' }),
          ...failures,
          429: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const zip = await app.services.downloads.zip(
        request.params.eventId,
        request.body,
        request.query.app_domain,
      );
      app.services.analytics.count(request.params.eventId, 'zip');
      reply
        .code(200)
        .header('content-type', 'application/zip')
        .header('content-length', zip.length)
        .header('content-disposition', `attachment; filename="${zip.filename}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff');
      return reply.send(zip.stream());
    },
  );
};
