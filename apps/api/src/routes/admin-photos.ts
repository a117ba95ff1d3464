import {
  adminEventParams,
  adminPhotoParams,
  envelope,
  errorEnvelope,
  eventCover,
  eventCoverInput,
  jobRetried,
  jobRetryParams,
  photoVisibility,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

const security = ADMIN_SECURITY;
const failures = ADMIN_FAILURES;
/** The console's thumbnails: a variant made for every photo at ingest. */
export const PREVIEW_WIDTH = 480;

/**
 * The console's photo management: hide a photo from visitors and show it again, pick the
 * event's cover photo, retry a failed job. Registered inside the admin routes, behind their
 * authentication and role check; another organiser's photo, event or job is 404.
 */
export const adminPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [action, hidden] of [
    ['hide', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/photos/:uuid/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary: hidden
            ? 'Hide a photo from visitors: kept, but never listed, searched, zipped or served'
            : 'Show a hidden photo to visitors again',
          description: hidden
            ? 'Its files, bibs and faces stay; the console still lists it (hidden: true). Hiding a hidden photo changes nothing.'
            : 'Restoring a photo that is shown changes nothing.',
          security,
          params: adminPhotoParams,
          response: { 200: envelope(photoVisibility), ...failures },
        },
      },
      async (request) =>
        ok(
          await app.services.photoVisibility.setHidden(
            request.params.uuid,
            request.organiserId,
            hidden,
          ),
        ),
    );
  }

  app.get(
    '/photos/:uuid/preview',
    {
      schema: {
        tags: ['admin'],
        summary: `A ${PREVIEW_WIDTH}px JPEG of the photo for the console, hidden or not, published or not`,
        security,
        params: adminPhotoParams,
        response: {
          200: z
            .unknown()
            .meta({ description: 'The image bytes', type: 'string', format: 'binary' }),
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const file = await app.services.photos.preview(
        request.params.uuid,
        request.organiserId,
        PREVIEW_WIDTH,
      );
      const { body, length } = await file.open();
      return reply
        .headers({
          'content-type': file.contentType,
          'content-length': length,
          etag: file.etag,
          'cache-control': 'private, max-age=3600',
          'x-content-type-options': 'nosniff',
        })
        .send(body);
    },
  );

  app.put(
    '/events/:eventId/cover',
    {
      schema: {
        tags: ['admin'],
        summary: "Pick the event's cover photo (listed first for the event), or none (null)",
        description:
          'The photo must be one of the event’s. A hidden cover is not shown to visitors until it is restored.',
        security,
        params: adminEventParams,
        body: eventCoverInput,
        response: { 200: envelope(eventCover), ...failures },
      },
    },
    async (request) =>
      ok(
        await app.services.photoVisibility.setCover(
          request.params.eventId,
          request.organiserId,
          request.body.photo_uuid,
        ),
      ),
  );

  app.post(
    '/events/:eventId/jobs/:jobId/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Queue a failed job of the event again, from its first attempt',
        description:
          'Only a job that failed for good (state failed in GET …/jobs) may be retried: any other answers 409.',
        security,
        params: jobRetryParams,
        response: { 200: envelope(jobRetried), ...failures, 409: errorEnvelope },
      },
    },
    async (request) =>
      ok(
        await app.services.jobs.retry(
          request.params.eventId,
          request.params.jobId,
          request.organiserId,
        ),
      ),
  );
};
