import {
  adminEventList,
  adminEventParams,
  adminPhotoPage,
  adminPhotosQuery,
  envelope,
  eventDeleted,
  organiserSettings,
  organiserSettingsPatch,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

const security = ADMIN_SECURITY;
const failures = ADMIN_FAILURES;

/**
 * The organiser's own view through the admin API: its events (published or not), an event's
 * photos with their state, deleting an event, and its settings. Registered inside the admin
 * routes, behind their authentication; the services check that the event is the organiser's.
 */
export const adminOrganiserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every event of the organiser, published or not, newest first',
        security,
        response: { 200: envelope(adminEventList), ...failures },
      },
    },
    async (request) => ok(await app.services.events.listFor(request.organiserId)),
  );

  app.get(
    '/events/:eventId/photos',
    {
      schema: {
        tags: ['admin'],
        summary: "A page of the event's photos with their state (bibs read, faces, hidden faces)",
        description: `Gallery order (capture time). page from 1, page_size 1 to 200 (default 50).`,
        security,
        params: adminEventParams,
        querystring: adminPhotosQuery,
        response: { 200: envelope(adminPhotoPage), ...failures },
      },
    },
    async (request) =>
      ok(
        await app.services.eventContents.photoPage(
          request.organiserId,
          request.params.eventId,
          request.query,
        ),
      ),
  );

  app.delete(
    '/events/:eventId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an event: its photos, their files and variants, its results and jobs',
        description:
          'Cannot be undone. A repeated delete answers 404 and changes nothing, as does another organiser’s event.',
        security,
        params: adminEventParams,
        response: { 200: envelope(eventDeleted), ...failures },
      },
    },
    async (request) =>
      ok(await app.services.eventContents.deleteFor(request.organiserId, request.params.eventId)),
  );

  app.get(
    '/organiser',
    {
      schema: {
        tags: ['admin'],
        summary: "The organiser's own settings: name, logo, profile and extra_config (as served)",
        security,
        response: { 200: envelope(organiserSettings), ...failures },
      },
    },
    async (request) => ok(await app.services.organisers.settings(request.organiserId)),
  );

  app.patch(
    '/organiser',
    {
      schema: {
        tags: ['admin'],
        summary: "Change the organiser's settings; extra_config is laid over what is stored",
        description:
          'Each extra_config field is checked as `organiser apply` checks it; an array given (social links) replaces the stored one. Domains and expiry are the provider’s.',
        security,
        body: organiserSettingsPatch,
        response: { 200: envelope(organiserSettings), ...failures },
      },
    },
    async (request) =>
      ok(await app.services.organisers.updateSettings(request.organiserId, request.body)),
  );
};
