import {
  envelope,
  errorEnvelope,
  eventIdParams,
  eventQuery,
  hideRequestAnswer,
  hideRequestInput,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http.js';
import { failures, type SearchLimit } from './client-common.js';

/** "Hide me everywhere": a runner asks for their face to be hidden on an event's photos. */
export const clientHideRoutes: FastifyPluginAsyncZod<{ limitSearch: SearchLimit }> = async (
  app,
  options,
) => {
  app.post(
    '/events/:eventId/hide-requests',
    {
      preHandler: options.limitSearch,
      schema: {
        tags: ['client'],
        summary: 'Hide my face on this event’s photos (a face descriptor, never the selfie)',
        description:
          'The body is the selfie’s face descriptor (1024 values, unit length, as for selfie search), computed on the visitor’s device. With `dry_run: true` nothing is stored: the answer counts the photos that would change and lists each (`matches`: the photo, its size and the face’s box), most alike first, for the visitor to confirm one by one. `photos` (the confirmed ones, sent back) limits the request to those of the matches: the others are left as they are; 422 when none of them is still a match. Otherwise the most similar face of each photo, at similarity 0.60 or above, is hidden: blurred in every display size and download, left out of selfie search and "more photos of you", and the bib its wearer wears no longer finds the photo (nor `bib`, when given, on those photos). The descriptor alone is kept, so photos uploaded later are checked against it; it is deleted with the event. `photos` counts the photos changed now. 403 when selfie_search is off. 422 when the face matches more photos than one request may hide (10 % of the event’s photos, at least 20 and at most 50), dry run included: nothing is hidden and the message says so in the visitor’s words. Shares the search budget per client (30 a minute; 429 past it).',
        params: eventIdParams,
        querystring: eventQuery,
        body: hideRequestInput,
        response: {
          200: envelope(hideRequestAnswer),
          ...failures,
          422: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await app.services.hides.request(
          request.params.eventId,
          request.body,
          request.query.app_domain,
        ),
      );
    },
  );
};
