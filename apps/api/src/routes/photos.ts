import { Readable } from 'node:stream';
import { errorEnvelope, photoParams, photoQuery } from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMMUTABLE_CACHE_CONTROL, STALE_VERSION_CACHE_CONTROL } from '../http.js';
import { checkAccess, GRANTED_PHOTO_CACHE_CONTROL, grantOf } from './event-access.js';

/** True when If-None-Match names this ETag (or is `*`); weak and strong forms compare equal. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === bare);
}

/**
 * The one byte range an HTTP Range header asks of a file of `size` bytes: a range, 'unsatisfiable'
 * (416), or null to answer the whole file (no header, another unit, several ranges, bad syntax).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // The last n bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** The headers of every answer of a photo file (200 and 304), set in one call. */
export function commonHeaders(file: {
  etag: string;
  variesByAccept: boolean;
  /** A password gallery's photo, answered to a grant: kept by the visitor's browser only. */
  granted?: boolean;
  /** Asked for under another mark version than the one drawn: kept a minute, not for good. */
  otherVersion?: boolean;
}): Record<string, string> {
  const cacheControl = file.granted
    ? GRANTED_PHOTO_CACHE_CONTROL
    : file.otherVersion
      ? STALE_VERSION_CACHE_CONTROL
      : IMMUTABLE_CACHE_CONTROL;
  return file.variesByAccept
    ? {
        etag: file.etag,
        'cache-control': cacheControl,
        'x-content-type-options': 'nosniff',
        vary: 'Accept',
      }
    : {
        etag: file.etag,
        'cache-control': cacheControl,
        'x-content-type-options': 'nosniff',
      };
}

/** Photo files: `/events/photos/{uuid}` on the API host. */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/photos/:uuid',
    {
      schema: {
        tags: ['photos'],
        summary:
          'A photo: a display variant (WebP, AVIF or JPEG by Accept), or the original with ?download=1',
        description:
          "A photo of a password gallery needs a grant for its event (`?grant=`, or the X-Event-Grant header): 401 without one, 403 with one that does not open the event (docs/private-galleries.md). Its answer may then be kept by the browser only (`private, max-age=600`). A display variant is kept for good under the URL of the version of the event's mark drawn on it (`?v=` the event's `photo_version`, none while nothing is drawn), and for a minute under any other.",
        params: photoParams,
        querystring: photoQuery,
        response: {
          200: z
            .unknown()
            .meta({ description: 'The image bytes', type: 'string', format: 'binary' }),
          206: z.unknown().meta({
            description: 'The byte range asked for (originals only)',
            type: 'string',
            format: 'binary',
          }),
          304: z.null().meta({ description: 'Not modified' }),
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          416: z.null().meta({ description: 'The byte range is outside the file' }),
        },
      },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      const { w, download, v } = request.query;
      const found =
        download === '1'
          ? await app.services.photos.original(uuid)
          : await app.services.photos.variant(uuid, w, request.headers.accept);
      // A password or unlisted gallery's photo needs a grant for its event, its ETag (304) too.
      const access = found.access;
      const granted =
        access !== undefined &&
        access.level !== 'public' &&
        (await checkAccess(reply, () =>
          app.services.access.checkEvent(access.eventId, undefined, grantOf(request)),
        )) === 'granted';
      const otherVersion = found.markVersion !== undefined && (v ?? 0) !== found.markVersion;
      const file = granted || otherVersion ? { ...found, granted, otherVersion } : found;
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, file.etag))
        return reply.code(304).headers(commonHeaders(file)).send();
      // Byte ranges of originals (a large download resumed): one range, and only while the
      // If-Range validator, if any, still names this file.
      const size = file.size;
      const ifRange = request.headers['if-range'];
      const range =
        size !== undefined && (ifRange === undefined || ifRange === file.etag)
          ? parseRange(request.headers.range, size)
          : null;
      if (range === 'unsatisfiable')
        return reply
          .code(416)
          .headers({ ...commonHeaders(file), 'content-range': `bytes */${size}` })
          .send();
      // Stored files stream from the blob store (disk or bucket) as the socket takes them. A HEAD
      // request reads no body: an original's length is known, a variant's stream is let go.
      const head = request.method === 'HEAD';
      const { body, length } =
        head && size !== undefined
          ? { body: undefined, length: range ? range.end - range.start + 1 : size }
          : await file.open(range ?? undefined);
      const headers: Record<string, string | number> = {
        ...commonHeaders(file),
        'content-type': file.contentType,
        'content-length': length,
      };
      if (size !== undefined) headers['accept-ranges'] = 'bytes';
      if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
      if (file.filename) headers['content-disposition'] = `attachment; filename="${file.filename}"`;
      reply.code(range ? 206 : 200).headers(headers);
      // A download counts once: not its HEAD, nor the later parts of a resumed one.
      if (file.eventId !== undefined && !head && (!range || range.start === 0))
        app.services.analytics.count(file.eventId, 'download');
      if (head) {
        if (body instanceof Readable) body.destroy();
        // An empty stream keeps the Content-Length set above (Fastify reads a stream through).
        return reply.send(Readable.from([]));
      }
      return reply.send(body);
    },
  );
};
