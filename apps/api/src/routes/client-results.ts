import {
  certificateTemplate,
  envelope,
  errorEnvelope,
  eventIdParams,
  eventQuery,
  raceResult,
  resultParams,
  runnerMatches,
  runnerSearchQuery,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, publicOrigin } from '../http.js';
import { failures, type SearchLimit } from './client-common.js';

/** A participant's race result and the event's certificate template. */
export const clientResultRoutes: FastifyPluginAsyncZod<{ limitSearch: SearchLimit }> = async (
  app,
  options,
) => {
  const { limitSearch } = options;

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
    '/events/:eventId/results',
    {
      schema: {
        tags: ['client'],
        summary: 'Runners of the race results by name (optional extension)',
        description:
          "Our extension, optional for a provider: the runners whose name matches `name`, best first, at most 10, with the total that matched; the site's name search offers them, each to their runner page. 403 when show_timing_data is off. Counts against the search budget per client (SEARCHES_PER_MINUTE; 429 past it).",
        params: eventIdParams,
        querystring: runnerSearchQuery,
        response: { 200: envelope(runnerMatches), ...failures, 429: errorEnvelope },
      },
      preHandler: limitSearch,
    },
    async (request) =>
      ok(
        await app.services.bibs.runnersByName(
          request.params.eventId,
          request.query.name,
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
