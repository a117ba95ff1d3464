import { adminEventParams, envelope, findability } from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

/**
 * The findability dashboard of an event: registered runners with a photo, bibs without one,
 * photos nobody finds, readings waiting for a person, searches that found nothing. Registered
 * inside the admin routes, behind their authentication.
 */
export const adminFindabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId/findability',
    {
      schema: {
        tags: ['admin'],
        summary: 'How many of the event’s runners can find their photos, and what stops the others',
        description:
          'Runners are the event’s results; a runner counts as found when a bib search for their bib finds a photo (the event’s bib strategies and confidence threshold, hidden runners left out). Photos without a counted bib and without a face are found by no search. Low-confidence photos have an OCR reading under the threshold and no manual tag. Missed searches are bib and name searches that found no photo, counted per term (F-123 and f123 are one bib; names without case or accents), nothing of who searched; they go with the event.',
        security: ADMIN_SECURITY,
        params: adminEventParams,
        response: { 200: envelope(findability), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(await app.services.findability.of(request.params.eventId, request.organiserId)),
  );
};
