import {
  adminEventParams,
  envelope,
  errorEnvelope,
  hideRequestItems,
  hideRequestStats,
  hideRequestUndone,
} from '@eventsite/contract';
import { z } from 'zod';
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

  app.get(
    '/events/:eventId/hide-requests/items',
    {
      schema: {
        tags: ['admin'],
        summary: 'Each hide request of the event: when it came and what it blurred',
        description:
          'Newest first. A request shows its id, when it was made, and how many faces and photos it blurred (photos uploaded after it included); never the face. Undo one with DELETE …/hide-requests/{requestId}.',
        security,
        params: adminEventParams,
        response: { 200: envelope(hideRequestItems), ...failures },
      },
    },
    async (request) =>
      ok({ items: await app.services.hides.list(request.params.eventId, request.organiserId) }),
  );

  app.delete(
    '/events/:eventId/hide-requests/:requestId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Undo a hide request: its faces shown and found again',
        description:
          'The request and its face descriptor are deleted; the faces it blurred are shown again in every size and download, found again by selfie and bib search; photos uploaded later are no longer checked against it. `photos` counts the photos changed. 404 for a request that is not the event’s.',
        security,
        params: adminEventParams.extend({ requestId: z.coerce.number().int().positive() }),
        response: { 200: envelope(hideRequestUndone), ...failures },
      },
    },
    async (request) =>
      ok({
        photos: await app.services.hides.undo(
          request.params.eventId,
          request.params.requestId,
          request.organiserId,
        ),
      }),
  );
};
