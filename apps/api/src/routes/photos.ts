import { errorEnvelope, photoParams, photoQuery } from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMMUTABLE_CACHE_CONTROL } from '../http.js';

/** True when If-None-Match names this ETag (or is `*`); weak and strong forms compare equal. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === bare);
}

/** The headers of every answer of a photo file (200 and 304), set in one call. */
export function commonHeaders(file: {
  etag: string;
  variesByAccept: boolean;
}): Record<string, string> {
  return file.variesByAccept
    ? {
        etag: file.etag,
        'cache-control': IMMUTABLE_CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
        vary: 'Accept',
      }
    : {
        etag: file.etag,
        'cache-control': IMMUTABLE_CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
      };
}

/** Photo files (spec §7: `/events/photos/{uuid}` on the API host). */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/photos/:uuid',
    {
      schema: {
        tags: ['photos'],
        summary:
          'A photo: a display variant (WebP, AVIF or JPEG by Accept), or the original with ?download=1',
        params: photoParams,
        querystring: photoQuery,
        response: {
          200: z
            .unknown()
            .meta({ description: 'The image bytes', type: 'string', format: 'binary' }),
          304: z.null().meta({ description: 'Not modified' }),
          400: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      const { w, download } = request.query;
      const file =
        download === '1'
          ? await app.services.photos.original(uuid)
          : await app.services.photos.variant(uuid, w, request.headers.accept);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, file.etag))
        return reply.code(304).headers(commonHeaders(file)).send();
      const body = await file.load();
      const headers: Record<string, string | number> = {
        ...commonHeaders(file),
        'content-type': file.contentType,
        'content-length': body.length,
      };
      if (file.filename) headers['content-disposition'] = `attachment; filename="${file.filename}"`;
      return reply.headers(headers).send(body);
    },
  );
};
