import {
  adminEventParams,
  adminFrameParams,
  envelope,
  errorEnvelope,
  eventFrame,
  eventFrames,
  eventWatermark,
  FRAME_RULES,
  frameUploadQuery,
  MAX_FRAME_BYTES,
  WATERMARK_IMAGE_RULES,
  watermarkInput,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { ok, publicOrigin } from '../http.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

const security = ADMIN_SECURITY;
const image = z.unknown().meta({ description: 'The image', type: 'string', format: 'binary' });

/** What an image upload may be sent as; the bytes decide what it is (the services check them). */
const IMAGE_BODY_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
  'application/octet-stream',
];

function body(raw: unknown, what: string): Buffer {
  if (!Buffer.isBuffer(raw))
    throw new AppError(415, `Send the ${what} as the body with Content-Type image/png`);
  return raw;
}

/**
 * An event's watermark and sponsor frames (docs/watermarks.md), for its organiser (owner and
 * editor): the settings, the watermark image, the frames. Inside the admin routes.
 */
export const adminWatermarkRoutes: FastifyPluginAsyncZod = async (app) => {
  // Up to three times the largest frame is read, so that a file too large is told apart (400)
  // from a body that is no upload at all (413).
  app.addContentTypeParser(
    IMAGE_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: 3 * MAX_FRAME_BYTES },
    (_request, raw, done) => done(null, raw),
  );
  const origin = () => publicOrigin(app.config);

  app.get(
    '/events/:eventId/watermark',
    {
      schema: {
        tags: ['admin'],
        summary: "The event's watermark",
        security,
        params: adminEventParams,
        response: { 200: envelope(eventWatermark), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(
        await app.services.watermarks.settings(
          request.organiserId,
          request.params.eventId,
          origin(),
        ),
      ),
  );

  app.put(
    '/events/:eventId/watermark',
    {
      schema: {
        tags: ['admin'],
        summary: "Change the event's watermark (any field; the rest keep their value)",
        description:
          'A change of what is drawn (on, kind, text, image, position, opacity, size) is a new `version`: every display variant is made with it from the next request on, and a background job makes the stored ones again (`rerendering` until it is done). `on_downloads` makes single downloads and zips carry the mark too; the originals are never changed. A text mark needs text; an image mark an uploaded image (POST …/watermark/image).',
        security,
        params: adminEventParams,
        body: watermarkInput,
        response: { 200: envelope(eventWatermark), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(
        await app.services.watermarks.update(
          request.organiserId,
          request.params.eventId,
          request.body,
          origin(),
        ),
      ),
  );

  app.post(
    '/events/:eventId/watermark/image',
    {
      schema: {
        tags: ['admin'],
        summary: "Upload the event's watermark image: the image is the body",
        description: `${WATERMARK_IMAGE_RULES} SVG is refused (it can carry script). Stored as PNG fitted into 1600×1600, transparent edges trimmed; the mark becomes an image mark (turn it on with PUT …/watermark).`,
        security,
        params: adminEventParams,
        body: image,
        response: {
          200: envelope(eventWatermark),
          ...ADMIN_FAILURES,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request) =>
      ok(
        await app.services.watermarks.setImage(
          request.organiserId,
          request.params.eventId,
          body(request.body, 'watermark image'),
          origin(),
        ),
      ),
  );

  app.delete(
    '/events/:eventId/watermark/image',
    {
      schema: {
        tags: ['admin'],
        summary: "Remove the event's watermark image (an image mark that was on goes off)",
        security,
        params: adminEventParams,
        response: { 200: envelope(eventWatermark), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(
        await app.services.watermarks.removeImage(
          request.organiserId,
          request.params.eventId,
          origin(),
        ),
      ),
  );

  app.get(
    '/events/:eventId/frames',
    {
      schema: {
        tags: ['admin'],
        summary: "The event's sponsor frames, oldest first",
        security,
        params: adminEventParams,
        response: { 200: envelope(eventFrames), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(await app.services.frames.list(request.organiserId, request.params.eventId, origin())),
  );

  app.post(
    '/events/:eventId/frames',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a sponsor frame: the PNG is the body, its name in ?name=',
        description: `${FRAME_RULES} The window is the largest transparent region; a visitor's photo covers it, the frame lies over the photo. A file that is not a PNG, has no transparency or no window, is damaged, too small or too large is refused (400) with the reason.`,
        security,
        params: adminEventParams,
        querystring: frameUploadQuery,
        body: image,
        response: {
          201: envelope(eventFrame),
          ...ADMIN_FAILURES,
          409: errorEnvelope,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const frame = await app.services.frames.add(
        request.organiserId,
        request.params.eventId,
        request.query.name,
        body(request.body, 'frame'),
        origin(),
      );
      return reply.code(201).send(ok(frame, 201));
    },
  );

  app.delete(
    '/events/:eventId/frames/:frameId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a sponsor frame',
        security,
        params: adminFrameParams,
        response: { 200: envelope(z.object({ deleted: z.literal(true) })), ...ADMIN_FAILURES },
      },
    },
    async (request) => {
      await app.services.frames.remove(
        request.organiserId,
        request.params.eventId,
        request.params.frameId,
      );
      return ok({ deleted: true as const });
    },
  );
};
