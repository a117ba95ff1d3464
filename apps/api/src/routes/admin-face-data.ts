import { adminEventParams, envelope, faceDataDeleted, faceDataRecord } from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

/**
 * An event's face data, for its organiser (docs/privacy.md): what is held, and its erase.
 * Registered inside the admin routes, behind their authentication.
 */
export const adminFaceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId/faces',
    {
      schema: {
        tags: ['admin'],
        summary: 'What face data the event holds: face templates, their photos, hide requests',
        description:
          'Counts only, never a face. `faces` are the stored face templates (descriptors), hidden ones included; `photos` the photos they were found on; `hide_requests` the requests kept to blur their senders on photos added later (not erased with the faces). `expires_at` is when the retention deletes the faces (`selfie_config.face_retention_days`), `erased_at` when the organiser last erased them, or null. `photos_to_describe_again` counts the photos whose faces were described under an earlier face recipe and wait to be described again with the current one (queued when the API or a worker starts; 0 once done).',
        security: ADMIN_SECURITY,
        params: adminEventParams,
        response: { 200: envelope(faceDataRecord), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(await app.services.faceData.record(request.params.eventId, request.organiserId)),
  );

  app.delete(
    '/events/:eventId/faces',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete all face data of the event: every face row and the in-memory index',
        description:
          'The erase is recorded: selfie search then answers 410, saying the organiser erased the event’s face data, until faces are found again (photos added later while selfie_search is on, or POST …/faces/detect). Hide requests stay, and so does every blur.',
        security: ADMIN_SECURITY,
        params: adminEventParams,
        response: { 200: envelope(faceDataDeleted), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(await app.services.faceData.erase(request.params.eventId, request.organiserId)),
  );
};
