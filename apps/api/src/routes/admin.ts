import multipart from '@fastify/multipart';
import {
  adminEvent,
  adminEventParams,
  adminPhotoParams,
  certificateTemplate,
  envelope,
  errorEnvelope,
  eventInput,
  eventPatch,
  jobsStatus,
  MAX_RESULTS_FILE_BYTES,
  photoBibsAnswer,
  photoBibsInput,
  resultsImportAnswer,
  resultsImportQuery,
  uploadAnswer,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { ok } from '../http.js';
import type { UploadedPart } from '../services/uploads.js';
import { ADMIN_FAILURES, ADMIN_SECURITY, installAdminAuth } from './admin-auth.js';
import { adminEventSettingsRoutes } from './admin-event-settings.js';
import { adminEventAccessRoutes } from './admin-event-access.js';
import { adminHideRoutes } from './admin-hides.js';
import { adminFindabilityRoutes } from './admin-findability.js';
import { adminFaceDataRoutes } from './admin-face-data.js';
import { adminStatRoutes } from './admin-stats.js';
import { adminBannerRoutes } from './uploaded-images.js';
import { adminWatermarkRoutes } from './admin-watermark.js';
import { adminBibReviewRoutes } from './admin-bib-review.js';
import { adminInboxRoutes } from './admin-inbox.js';
import { adminOrganiserRoutes } from './admin-organiser.js';
import { adminPhotoRoutes } from './admin-photos.js';
import { adminTeamRoutes } from './admin-team.js';
import { resumableUploadRoutes } from './resumable-uploads.js';

const security = ADMIN_SECURITY;

const failures = ADMIN_FAILURES;

/**
 * A multipart body that cannot be parsed (no boundary, cut off mid-part) is the caller's
 * mistake: 400, not 500. The parser's errors carry no status and no system error code.
 */
function malformedMultipart(error: unknown): AppError | undefined {
  if (error instanceof AppError || !(error instanceof Error)) return undefined;
  if ((error as { statusCode?: unknown }).statusCode !== undefined) return undefined;
  if ((error as NodeJS.ErrnoException).code !== undefined) return undefined;
  if (!/multipart|boundary|unexpected end|malformed/i.test(error.message)) return undefined;
  return new AppError(
    400,
    `The multipart body cannot be read (${error.message}): send multipart/form-data with a boundary and every part complete`,
  );
}

/**
 * The admin API (`/api/v1/admin/...`): an organiser's bearer token or a console session of one
 * of its users (admin-auth.ts, with the role checked), which reaches only that organiser's events
 * and photos (others are 404, as if they did not exist). Never cross-origin.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ authFailuresPerWindow?: number }> = async (
  app,
  options,
) => {
  installAdminAuth(app, options.authFailuresPerWindow);

  // Resumable uploads (tus): behind the same token check.
  await app.register(resumableUploadRoutes);
  // The organiser's events, photo states, event deletion and settings.
  await app.register(adminOrganiserRoutes);
  // Counts of the event's hide requests ("Hide me everywhere").
  await app.register(adminHideRoutes);
  await app.register(adminFindabilityRoutes);
  await app.register(adminFaceDataRoutes);
  await app.register(adminStatRoutes);
  await app.register(adminBannerRoutes);
  await app.register(adminBibReviewRoutes);
  await app.register(adminInboxRoutes);
  // Hiding and restoring photos, the event's cover, retrying failed jobs (the console).
  await app.register(adminPhotoRoutes);
  // The console's team and the organiser's logo (owner only).
  await app.register(adminTeamRoutes);
  // Who may see an event: public, unlisted or password (admin-event-access.ts).
  await app.register(adminEventAccessRoutes);

  await app.register(multipart, {
    // A too-large part is cut at the limit and refused; the request goes on with the next file.
    throwFileSizeLimit: false,
    limits: {
      fileSize: app.config.maxUploadBytes,
      files: app.config.maxUploadFiles,
      parts: app.config.maxUploadFiles + 100,
      fields: 50,
      fieldSize: 1024,
    },
  });

  // Results files: the raw bytes (their encoding is detected, so no charset is trusted).
  app.addContentTypeParser(
    [
      'text/csv',
      'text/plain',
      'text/tab-separated-values',
      'application/csv',
      'application/vnd.ms-excel',
    ],
    { parseAs: 'buffer', bodyLimit: MAX_RESULTS_FILE_BYTES },
    (_request, body, done) => done(null, body),
  );
  // One event with its configuration, and a results file's preview (the console).
  await app.register(adminEventSettingsRoutes);

  app.post(
    '/events',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create an event of the token’s organiser',
        security,
        body: eventInput,
        response: { 201: envelope(adminEvent), ...failures },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await app.services.events.createFor(request.organiserId, request.body), 201)),
  );

  app.patch(
    '/events/:eventId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change an event (any fields); a new name gives a new slug',
        security,
        params: adminEventParams,
        body: eventPatch,
        response: { 200: envelope(adminEvent), ...failures },
      },
    },
    async (request) =>
      ok(
        await app.services.events.updateFor(
          request.organiserId,
          request.params.eventId,
          request.body,
        ),
      ),
  );

  app.post(
    '/events/:eventId/photos',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Upload photos (multipart, one or more `file` parts): each accepted file becomes an ingest job',
        description:
          'JPEG, PNG or WebP, recognised from the bytes; at most MAX_UPLOAD_BYTES per file, MAX_IMAGE_PIXELS per image, MAX_UPLOAD_FILES files and MAX_UPLOAD_REQUEST_BYTES per request, within the organiser’s ORGANISER_QUOTA_BYTES; files past a limit are refused unstored. 202 when every file was accepted, 207 when some were refused (each with its reason).',
        security,
        params: adminEventParams,
        response: {
          202: envelope(uploadAnswer),
          207: envelope(uploadAnswer),
          ...failures,
          415: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      // The body is looked at only once the service knows the event is the organiser's.
      const parts = () => {
        if (!request.isMultipart())
          throw new AppError(
            415,
            'Send the photos as multipart/form-data, one `file` part per photo',
          );
        return (async function* () {
          for await (const part of request.parts()) {
            if (part.type === 'file') yield part as unknown as UploadedPart;
          }
        })();
      };
      let answer;
      try {
        answer = await app.services.uploads.accept(request.params.eventId, parts, {
          organiserId: request.organiserId,
        });
      } catch (error) {
        throw malformedMultipart(error) ?? error;
      }
      if (answer.accepted.length === 0 && answer.refused.length === 0)
        throw new AppError(400, 'No file was sent: add one or more `file` parts');
      const code = answer.refused.length > 0 ? 207 : 202;
      return reply.code(code).send({
        status: 'success' as const,
        message:
          code === 202
            ? `Accepted ${answer.accepted.length} file(s)`
            : `Accepted ${answer.accepted.length}, refused ${answer.refused.length} file(s)`,
        code,
        data: answer,
      });
    },
  );

  app.get(
    '/events/:eventId/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Progress of the event’s background jobs: counts by state and failures',
        security,
        params: adminEventParams,
        response: { 200: envelope(jobsStatus), ...failures },
      },
    },
    async (request) => {
      return ok(await app.services.jobs.status(request.params.eventId, request.organiserId));
    },
  );

  app.post(
    '/events/:eventId/faces/detect',
    {
      schema: {
        tags: ['admin'],
        summary: 'Queue face detection for every photo of the event (selfie_search must be on)',
        description:
          'For photos ingested while selfie_search was off, or after the event’s face data was deleted. Progress: GET …/jobs.',
        security,
        params: adminEventParams,
        response: { 202: envelope(z.object({ queued: z.number().int() })), ...failures },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return ok(await app.services.faces.detectEvent(request.params.eventId, request.organiserId));
    },
  );

  app.delete(
    '/photos/:uuid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a photo: its original, every variant and cache, and every listing',
        security,
        params: adminPhotoParams,
        response: {
          200: envelope(z.object({ uuid: z.string(), deleted: z.literal(true) })),
          ...failures,
        },
      },
    },
    async (request) => {
      await app.services.photos.delete(request.params.uuid, request.organiserId);
      return ok({ uuid: request.params.uuid.toLowerCase(), deleted: true as const });
    },
  );

  app.put(
    '/photos/:uuid/bibs',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a photo's manual bib tags (the full list; [] clears them)",
        description:
          'With the `manual` strategy, a photo with manual tags is found by exactly those bibs; OCR readings on it are ignored.',
        security,
        params: adminPhotoParams,
        body: photoBibsInput,
        response: { 200: envelope(photoBibsAnswer), ...failures },
      },
    },
    async (request) =>
      ok(
        await app.services.bibs.setManual(
          request.params.uuid,
          request.organiserId,
          request.body.bibs,
        ),
      ),
  );

  app.post(
    '/events/:eventId/results',
    {
      schema: {
        tags: ['admin'],
        summary: "Replace the event's race results with a CSV file",
        description:
          'Body: the file (Content-Type text/csv). Columns are recognised by their headings in several languages, or mapped with ?map=bib:Dorsal,name:Nom (field:- for no column). Bad rows are reported by line (kind refused, or warning for a value left out) and the others kept. The file replaces the results: a bib already there is updated, not duplicated (counts added, updated, refused, removed). Preview first with POST …/results/preview.',
        security,
        params: adminEventParams,
        querystring: resultsImportQuery,
        response: {
          200: envelope(resultsImportAnswer),
          ...failures,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(415, 'Send the results file as the body with Content-Type: text/csv');
      return ok(
        await app.services.bibs.importResults(
          request.params.eventId,
          request.organiserId,
          request.body,
          request.query.map,
        ),
      );
    },
  );

  app.put(
    '/events/:eventId/certificate-template',
    {
      schema: {
        tags: ['admin'],
        summary: "Set the event's certificate template (the promo editor's custom certificate)",
        security,
        params: adminEventParams,
        body: certificateTemplate,
        response: { 200: envelope(certificateTemplate), ...failures },
      },
    },
    async (request) =>
      ok(
        await app.services.bibs.setTemplate(
          request.params.eventId,
          request.organiserId,
          request.body,
        ),
      ),
  );

  // The event's watermark and sponsor frames (docs/watermarks.md).
  await app.register(adminWatermarkRoutes);
};
