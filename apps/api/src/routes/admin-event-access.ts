import {
  adminEventParams,
  envelope,
  eventAccessInput,
  eventAccessSettings,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

/**
 * An event's access level on the admin API (docs/private-galleries.md): public, unlisted or
 * password. Its own route and its own columns, beside the event's other settings (PATCH
 * /events/{id}), so that a password never travels with them. Registered inside the admin routes,
 * behind their authentication (owner and editor).
 */
export const adminEventAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId/access',
    {
      schema: {
        tags: ['admin'],
        summary: 'Who may see the event’s gallery: public, unlisted or password',
        description: 'Never the password: `has_password` says whether one is set.',
        security: ADMIN_SECURITY,
        params: adminEventParams,
        response: { 200: envelope(eventAccessSettings), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(await app.services.access.settingsFor(request.organiserId, request.params.eventId)),
  );

  app.put(
    '/events/:eventId/access',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sets who may see the event’s gallery',
        description: [
          '`public`: on the organiser’s lists and open to anyone. `unlisted`: left out of the lists (home, all events, promo, sitemap), open to anyone with its link. `password`: left out of the lists, and every resource of it (configuration, photos and their files, searches, results, zips, live stream) refused without a grant for its password (`POST /api/v1/client/events/{id}/access`).',
          '`password` needs `password` (6 to 200 characters) unless the event has one already, which it then keeps; a new password ends every grant given for the old one. `public` and `unlisted` forget the password.',
        ].join('\n\n'),
        security: ADMIN_SECURITY,
        params: adminEventParams,
        body: eventAccessInput,
        response: { 200: envelope(eventAccessSettings), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(
        await app.services.access.setFor(request.organiserId, request.params.eventId, request.body),
      ),
  );
};
