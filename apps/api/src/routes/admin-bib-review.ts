import { adminEventParams, bibReviewPage, bibReviewQuery, envelope } from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

/**
 * Bibs by hand (the console's `/console/events/{id}/bibs`): the photos to look at. Tags are saved
 * with `PUT /photos/{uuid}/bibs`. Registered inside the admin routes, behind their authentication.
 */
export const adminBibReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId/bibs/review',
    {
      schema: {
        tags: ['admin'],
        summary: 'The photos whose bibs want a person’s eye, to tag by hand',
        description:
          'Photos with no bib read, or with a reading under the event’s confidence threshold (bib_config.global_confidence_threshold), and no manual tag yet: the nearest misses first (the photo’s best reading under the threshold, highest first: the reader’s least sure answers, most often a real bib one look settles), then the photos with nothing read; gallery order among equals. `after`: the uuid of the last photo seen (the answer’s next_after), limit 1 to 100 (default 30). `total` counts them all. A photo tagged with `PUT /photos/{uuid}/bibs` leaves the list; tagging it with [] does not.',
        security: ADMIN_SECURITY,
        params: adminEventParams,
        querystring: bibReviewQuery,
        response: { 200: envelope(bibReviewPage), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(
        await app.services.bibReview.page(
          request.organiserId,
          request.params.eventId,
          request.query,
        ),
      ),
  );
};
