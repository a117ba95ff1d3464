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
  raceResult,
  resultParams,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_CACHE_CONTROL, ok, publicOrigin } from '../http.js';

const failures = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** What the public site reads (spec §7): `/api/v1/client/...`. */
export const clientRoutes: FastifyPluginAsyncZod<{ downloadsPerMinute?: number }> = async (
  app,
  options,
) => {
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
    async (request) =>
      ok(
        await app.services.organisers.data(
          request.query.app_domain,
          publicOrigin(app.config, request),
        ),
      ),
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
    async (request) =>
      ok(await app.services.organisers.allEvents(request.query, publicOrigin(app.config, request))),
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
    async (request) =>
      ok(
        await app.services.organisers.contactUs(
          request.query.app_domain,
          publicOrigin(app.config, request),
        ),
      ),
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
    async (request) =>
      ok(
        await app.services.organisers.aboutUs(
          request.query.app_domain,
          publicOrigin(app.config, request),
        ),
      ),
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
    async (request) =>
      ok(await app.services.events.config(request.params.eventId, request.query.app_domain)),
  );

  app.get(
    '/events/:eventId/photos',
    {
      schema: {
        tags: ['client'],
        summary:
          'A page of the photos of a published event in capture order, or of those found by ?bib= or ?name=',
        description:
          'Privacy mode (show_all_images false): only searches answer; the unfiltered listing is 403. ?bib= needs bib_search, ?name= needs name_search (else 403).',
        params: eventIdParams,
        querystring: eventPhotosQuery,
        response: { 200: envelope(photoPage), ...failures },
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
        description: '403 when show_timing_data is off; 404 when the bib has no result.',
        params: resultParams,
        querystring: eventQuery,
        response: { 200: envelope(raceResult), ...failures },
      },
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
      ok(await app.services.bibs.template(request.params.eventId, request.query.app_domain)),
  );
};
