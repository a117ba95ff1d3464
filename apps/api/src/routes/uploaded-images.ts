import {
  adminEvent,
  adminEventParams,
  envelope,
  errorEnvelope,
  MAX_BANNER_BYTES,
} from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../errors.js';
import { ok } from '../http.js';
import { LOGO_FILE } from '../services/branding.js';
import { ADMIN_FAILURES, ADMIN_SECURITY } from './admin-auth.js';

const file = z
  .string()
  .regex(LOGO_FILE, 'file must be an image name such as 0123456789abcdef.webp');
const image = z.unknown().meta({ description: 'The image', type: 'string', format: 'binary' });

/** A stored upload: named after its content, so cached for good; an image and nothing else. */
function sendImage(reply: FastifyReply, body: Buffer) {
  return reply
    .type('image/webp')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(body);
}

/**
 * The pictures organisers upload in the console, served to everyone (every page's header shows
 * the logo, an event's pages its banner): WebP, each named after its content's hash.
 */
export const uploadedImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/assets/logos/:organiserId/:file',
    {
      schema: {
        tags: ['assets'],
        summary: "An organiser's uploaded logo (WebP; its name is its content's hash)",
        params: z.object({ organiserId: z.coerce.number().int().positive(), file }),
        response: { 200: image, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const body = await app.services.branding.logo(
        request.params.organiserId,
        request.params.file,
      );
      if (!body) throw notFound('No such logo');
      return sendImage(reply, body);
    },
  );

  app.get(
    '/assets/banners/:eventId/:file',
    {
      schema: {
        tags: ['assets'],
        summary: "An event's uploaded banner (WebP; its name is its content's hash)",
        params: z.object({ eventId: z.coerce.number().int().positive(), file }),
        response: { 200: image, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const body = await app.services.branding.banner(request.params.eventId, request.params.file);
      if (!body) throw notFound('No such banner');
      return sendImage(reply, body);
    },
  );
};

/** What a banner upload may be sent as; the bytes decide what it is (branding.ts). */
const BANNER_BODY_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
  'application/octet-stream',
];

/** An event's banner, uploaded from the console (owner and editor). Inside the admin routes. */
export const adminBannerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    BANNER_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_BANNER_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/events/:eventId/banner',
    {
      schema: {
        tags: ['admin'],
        summary: "Upload the event's banner: the image is the body",
        description: `PNG, JPEG or WebP (recognised from the bytes), at most ${MAX_BANNER_BYTES / 1024 / 1024} MB. SVG is refused (it can carry script). Stored as WebP fitted into 2400x1200, metadata removed, served from a URL named after its content; the event's banner is turned on with it.`,
        security: ADMIN_SECURITY,
        params: adminEventParams,
        body: image,
        response: {
          200: envelope(adminEvent),
          ...ADMIN_FAILURES,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(
          415,
          'Send the banner as the body with Content-Type image/png, image/jpeg or image/webp',
        );
      return ok(
        await app.services.branding.setBanner(
          request.organiserId,
          request.params.eventId,
          request.body,
        ),
      );
    },
  );

  app.delete(
    '/events/:eventId/banner',
    {
      schema: {
        tags: ['admin'],
        summary: "Remove the event's banner: its pages show none",
        security: ADMIN_SECURITY,
        params: adminEventParams,
        response: { 200: envelope(adminEvent), ...ADMIN_FAILURES },
      },
    },
    async (request) =>
      ok(await app.services.branding.removeBanner(request.organiserId, request.params.eventId)),
  );
};
