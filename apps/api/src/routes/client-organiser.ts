import {
  aboutUs,
  allEvents,
  allEventsQuery,
  contactUs,
  envelope,
  eventConfig,
  eventIdParams,
  eventQuery,
  organiserData,
  organiserQuery,
} from '@eventsite/contract';
import type { FastifyReply } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, publicOrigin } from '../http.js';
import { failures } from './client-common.js';

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

/**
 * The organiser's pages and an event's configuration: the answers every page of the site needs,
 * kept serialised in the answer cache.
 */
export const clientOrganiserRoutes: FastifyPluginAsyncZod = async (app) => {
  const serializeData = envelopeSerializer(organiserData, '/events/organiser/data');
  const serializeAllEvents = envelopeSerializer(allEvents, '/events/organiser/all-events');
  const serializeContactUs = envelopeSerializer(contactUs, '/events/organiser/contact-us');
  const serializeAboutUs = envelopeSerializer(aboutUs, '/events/organiser/about-us');
  const serializeConfig = envelopeSerializer(eventConfig, '/events/:eventId/config');

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
};
