import {
  envelope,
  errorEnvelope,
  eventFrames,
  eventIdParams,
  eventQuery,
  framedPhotoParams,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.js';
import { checkAccess, GRANTED_PHOTO_CACHE_CONTROL, grantOf } from './event-access.js';
import { CLIENT_CACHE_CONTROL, ok, publicOrigin } from '../http.js';
import { FRAME_FILE } from '../services/frames.js';
import { MARK_FILE } from '../services/watermarks.js';

const binary = (description: string) =>
  z.unknown().meta({ description, type: 'string', format: 'binary' });

/** A stored PNG named after its content: cached for good, an image and nothing else. */
const PNG_HEADERS = {
  'content-type': 'image/png',
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'",
  'cross-origin-resource-policy': 'cross-origin',
};

/**
 * What visitors reach of an event's watermark and sponsor frames (docs/watermarks.md): the
 * frames of an event (client API), their PNGs and the watermark image (assets), and a photo put in
 * a frame (a JPEG download).
 */
export const watermarkPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/client/events/:eventId/frames',
    {
      schema: {
        tags: ['client'],
        summary: "A published event's sponsor frames (none: an empty list)",
        description:
          'Each frame with its PNG, its size and its window (the transparent part the photo shows through). A photo in a frame is `GET /events/photos/{uuid}/frames/{frameId}`.',
        params: eventIdParams,
        querystring: eventQuery,
        response: {
          200: envelope(eventFrames),
          400: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      // A password gallery's granted answer is kept by nobody (set by the access check).
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', CLIENT_CACHE_CONTROL);
      return ok(
        await app.services.frames.publicList(
          request.params.eventId,
          request.query.app_domain,
          publicOrigin(app.config),
        ),
      );
    },
  );

  app.get(
    '/assets/frames/:eventId/:file',
    {
      schema: {
        tags: ['assets'],
        summary: "An event's sponsor frame (PNG; its name is its content's hash)",
        params: z.object({
          eventId: z.coerce.number().int().positive(),
          file: z
            .string()
            .regex(FRAME_FILE, 'file must be a frame name such as 0123456789abcdef.png'),
        }),
        response: { 200: binary('The frame'), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const png = await app.services.frames.file(request.params.eventId, request.params.file);
      if (!png) throw notFound('No such frame');
      return reply.headers(PNG_HEADERS).send(png);
    },
  );

  app.get(
    '/assets/watermarks/:eventId/:file',
    {
      schema: {
        tags: ['assets'],
        summary: "An event's watermark image (PNG; its name is its content's hash)",
        params: z.object({
          eventId: z.coerce.number().int().positive(),
          file: z
            .string()
            .regex(MARK_FILE, 'file must be an image name such as 0123456789abcdef.png'),
        }),
        response: { 200: binary('The watermark image'), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const png = await app.services.watermarks.image(request.params.eventId, request.params.file);
      if (!png) throw notFound('No such watermark image');
      return reply.headers(PNG_HEADERS).send(png);
    },
  );

  app.get(
    '/events/photos/:uuid/frames/:frameId',
    {
      schema: {
        tags: ['photos'],
        summary: 'A photo in one of its event’s sponsor frames: a JPEG to download',
        description:
          'The photo covers the frame’s window and the frame lies over it, at the frame’s size (JPEG, quality 90), as an attachment. Faces hidden on request are blurred; when the event marks its downloads, the photo carries the watermark. Made once, then kept.',
        params: framedPhotoParams,
        response: {
          200: binary('The framed photo (JPEG)'),
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      // A password gallery's photo needs a grant for its event, framed or not.
      const framed = await app.services.frames.framedPhoto(
        request.params.uuid,
        request.params.frameId,
        (eventId) =>
          checkAccess(reply, () =>
            app.services.access.checkEvent(eventId, undefined, grantOf(request)),
          ),
      );
      app.services.analytics.count(framed.eventId, 'download');
      return reply
        .headers({
          'content-type': 'image/jpeg',
          'content-disposition': `attachment; filename="${framed.filename}"`,
          // A frame's id names one PNG for good, but the photo may be hidden or its mark change.
          'cache-control':
            framed.allowed === 'granted' ? GRANTED_PHOTO_CACHE_CONTROL : 'public, max-age=300',
          'x-content-type-options': 'nosniff',
        })
        .send(framed.bytes);
    },
  );
};
