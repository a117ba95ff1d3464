import {
  aboutUs,
  allEvents,
  allEventsQuery,
  contactUs,
  envelope,
  errorEnvelope,
  eventConfig,
  eventIdParams,
  eventPhotosQuery,
  organiserData,
  organiserQuery,
  photoPage,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_CACHE_CONTROL, ok, publicOrigin } from '../http.js';

const failures = { 400: errorEnvelope, 404: errorEnvelope };

/** What the public site reads (spec §7): `/api/v1/client/...`. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode < 400) reply.header('cache-control', CLIENT_CACHE_CONTROL);
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
        response: { 200: envelope(eventConfig), ...failures },
      },
    },
    async (request) => ok(await app.services.events.config(request.params.eventId)),
  );

  app.get(
    '/events/:eventId/photos',
    {
      schema: {
        tags: ['client'],
        summary: 'A page of the photos of a published event, in capture order',
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
        ),
      ),
  );
};
