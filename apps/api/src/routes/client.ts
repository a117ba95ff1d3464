import {
  aboutUs,
  allEvents,
  allEventsQuery,
  certificateTemplate,
  contactUs,
  downloadRequest,
  envelope,
  errorEnvelope,
  eventConfig,
  eventIdParams,
  eventPhotosQuery,
  eventQuery,
  organiserData,
  organiserQuery,
  photoPage,
  photoSearchQuery,
  raceResult,
  resultParams,
  selfieSearchAnswer,
  selfieSearchRequest,
} from '@eventsite/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limiterKey } from '../adapters/rate-limits.js';
import { AppError } from '../errors.js';
import { CLIENT_CACHE_CONTROL, ok, publicOrigin } from '../http.js';

/** Largest selfie accepted by the upload fallback. */
const MAX_SELFIE_BYTES = 10 * 1024 * 1024;

const failures = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The serialiser Fastify would use for a route's 200 answer: cached answers are serialised once
 * by it, so a cached body is byte for byte what the route sent before caching.
 */
function envelopeSerializer(schema: z.ZodType, url: string): (data: unknown) => string {
  const serialize = serializerCompiler({
    schema: envelope(schema),
    method: 'GET',
    url,
    httpStatus: '200',
  });
  return (data) => serialize(ok(data));
}

/** Sends a serialised JSON body as it is (Fastify does not serialise a string with a JSON type). */
function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.header('content-type', JSON_TYPE).send(body);
}

/** What the public site reads: `/api/v1/client/...` (docs/requirements.md, Provider API). */
export const clientRoutes: FastifyPluginAsyncZod<{
  downloadsPerMinute?: number;
  selfieSearchesPerMinute?: number;
  selfieUploadsPerMinute?: number;
  searchesPerMinute?: number;
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
  async function limitSearch(request: FastifyRequest, reply: FastifyReply) {
    const limit = await searchLimit(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', String(limit.ttlInSeconds));
    throw new AppError(
      429,
      `Too many searches: at most ${searchesPerMinute} a minute. Try again in ${limit.ttlInSeconds} s.`,
    );
  }

  const serializeData = envelopeSerializer(organiserData, '/events/organiser/data');
  const serializeAllEvents = envelopeSerializer(allEvents, '/events/organiser/all-events');
  const serializeContactUs = envelopeSerializer(contactUs, '/events/organiser/contact-us');
  const serializeAboutUs = envelopeSerializer(aboutUs, '/events/organiser/about-us');
  const serializeConfig = envelopeSerializer(eventConfig, '/events/:eventId/config');

  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode < 400 && !reply.hasHeader('cache-control'))
      reply.header('cache-control', CLIENT_CACHE_CONTROL);
  });

  app.get(
    '/events/organiser/data',
    {
      schema: {
        tags: ['client'],
        summary: 'Organiser config and recent events of a domain',
        querystring: organiserQuery,
        response: { 200: envelope(organiserData), ...failures },
      },
    },
    async (request, reply) => {
      const domain = request.query.app_domain;
      const origin = publicOrigin(app.config);
      return sendJson(
        reply,
        await app.services.answers.get(`data\n${domain}\n${origin}`, async () =>
          serializeData(await app.services.organisers.data(domain, origin)),
        ),
      );
    },
  );

  app.get(
    '/events/organiser/all-events',
    {
      schema: {
        tags: ['client'],
        summary: "A page of the organiser's published events, most recent first",
        querystring: allEventsQuery,
        response: { 200: envelope(allEvents), ...failures },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const origin = publicOrigin(app.config);
      return sendJson(
        reply,
        await app.services.answers.get(
          `all-events\n${query.app_domain}\n${origin}\n${query.page}\n${query.page_size}`,
          async () => serializeAllEvents(await app.services.organisers.allEvents(query, origin)),
        ),
      );
    },
  );

  app.get(
    '/events/organiser/contact-us',
    {
      schema: {
        tags: ['client'],
        summary: "The organiser's contact form: their own, else the one this API hosts",
        querystring: organiserQuery,
        response: { 200: envelope(contactUs), ...failures },
      },
    },
    async (request, reply) => {
      const domain = request.query.app_domain;
      const origin = publicOrigin(app.config);
      return sendJson(
        reply,
        await app.services.answers.get(`contact-us\n${domain}\n${origin}`, async () =>
          serializeContactUs(await app.services.organisers.contactUs(domain, origin)),
        ),
      );
    },
  );

  app.get(
    '/events/organiser/about-us',
    {
      schema: {
        tags: ['client'],
        summary: "The organiser's public profile",
        querystring: organiserQuery,
        response: { 200: envelope(aboutUs), ...failures },
      },
    },
    async (request, reply) => {
      const domain = request.query.app_domain;
      const origin = publicOrigin(app.config);
      return sendJson(
        reply,
        await app.services.answers.get(`about-us\n${domain}\n${origin}`, async () =>
          serializeAboutUs(await app.services.organisers.aboutUs(domain, origin)),
        ),
      );
    },
  );

  app.get(
    '/events/:eventId/config',
    {
      schema: {
        tags: ['client'],
        summary: 'Event details and photo gallery configuration of a published event',
        params: eventIdParams,
        querystring: eventQuery,
        response: { 200: envelope(eventConfig), ...failures },
      },
    },
    async (request, reply) => {
      const eventId = request.params.eventId;
      const domain = request.query.app_domain;
      const origin = publicOrigin(app.config);
      return sendJson(
        reply,
        await app.services.answers.get(`config\n${eventId}\n${domain ?? ''}\n${origin}`, async () =>
          serializeConfig(await app.services.events.config(eventId, domain, origin)),
        ),
      );
    },
  );

  app.get(
    '/events/:eventId/photos',
    {
      schema: {
        tags: ['client'],
        summary:
          'A page of the photos of a published event in capture order, or of those found by ?bib= or ?name=',
        description:
          'Privacy mode (show_all_images false): only searches answer; the unfiltered listing is 403, and a name search matching more than 5 runners is 400 (type more of the name). ?bib= needs bib_search, ?name= needs name_search (else 403). Searches, result look-ups and more-of-bib share a budget per client (SEARCHES_PER_MINUTE, 30 a minute; 429 past it).',
        params: eventIdParams,
        querystring: eventPhotosQuery,
        response: { 200: envelope(photoPage), ...failures, 429: errorEnvelope },
      },
      preHandler: async (request, reply) => {
        const query = request.query as { bib?: string; name?: string };
        if (query.bib !== undefined || query.name !== undefined) await limitSearch(request, reply);
      },
    },
    async (request) =>
      ok(
        await app.services.photos.page(
          request.params.eventId,
          request.query.cursor,
          request.query.limit,
          { appDomain: request.query.app_domain, bib: request.query.bib, name: request.query.name },
        ),
      ),
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
          'The body is the selfie’s face descriptor (1024 values, unit length), computed in the browser with the same model: the selfie never leaves the device, and the descriptor is neither stored nor logged. `match` photos are at or above the event’s threshold, `maybe` ones a little below it. 403 when selfie_search is off; at most 30 per minute per client (429 past it).',
        params: eventIdParams,
        querystring: eventQuery,
        body: selfieSearchRequest,
        response: { 200: envelope(selfieSearchAnswer), ...failures, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await app.services.faces.search(
          request.params.eventId,
          request.body.embedding,
          request.query.app_domain,
        ),
      );
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
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(415, 'Send the selfie as the body with Content-Type image/jpeg');
      reply.header('cache-control', 'no-store');
      return ok(
        await app.services.faces.searchBySelfie(
          request.params.eventId,
          request.body,
          request.query.app_domain,
        ),
      );
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

  app.get(
    '/events/:eventId/results/:bib',
    {
      schema: {
        tags: ['client'],
        summary: "A participant's race result by bib",
        description:
          '403 when show_timing_data is off; 404 when the bib has no result. Counts against the search budget per client (SEARCHES_PER_MINUTE; 429 past it).',
        params: resultParams,
        querystring: eventQuery,
        response: { 200: envelope(raceResult), ...failures, 429: errorEnvelope },
      },
      preHandler: limitSearch,
    },
    async (request) =>
      ok(
        await app.services.bibs.result(
          request.params.eventId,
          request.params.bib,
          request.query.app_domain,
        ),
      ),
  );

  app.get(
    '/events/:eventId/certificate-template',
    {
      schema: {
        tags: ['client'],
        summary: "The organiser's certificate template for the event",
        description: '404 when there is none or enable_custom_certificate is off.',
        params: eventIdParams,
        querystring: eventQuery,
        response: { 200: envelope(certificateTemplate), ...failures },
      },
    },
    async (request) =>
      ok(
        await app.services.bibs.template(
          request.params.eventId,
          request.query.app_domain,
          publicOrigin(app.config),
        ),
      ),
  );
};
