import { adminEventParams, envelope, errorEnvelope, hideRequestStats } from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http.js';

const security = [{ bearer: [] }];
const failures = { 401: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };

/**
 * "Hide me everywhere", the organiser's side: counts of an event's hide requests, never a face.
 * Registered inside the admin routes, behind their authentication.
 */
export const adminHideRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId/hide-requests',
    {
      schema: {
        tags: ['admin'],
        summary: 'How many runners asked to be hidden, and the faces and photos blurred for them',
        description:
          'Counts only: a request keeps a face descriptor and nothing else, and neither it nor the face is shown. The requests are deleted with the event.',
        security,
        params: adminEventParams,
        response: { 200: envelope(hideRequestStats), ...failures },
      },
    },
    async (request) =>
      ok(await app.services.hides.stats(request.params.eventId, request.organiserId)),
  );

};
