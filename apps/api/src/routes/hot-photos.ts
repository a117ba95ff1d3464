import type { IncomingMessage, ServerResponse } from 'node:http';
import { PHOTO_WIDTHS } from '@eventsite/contract/constants';
import { HOST_HEADER, PUBLIC_CORS_HEADERS } from '../http.js';
import { DEFAULT_DISPLAY_WIDTH, type PhotoService } from '../services/photos.js';
import { commonHeaders, matchesEtag } from './photos.js';

/**
 * The photo server's hot path. A gallery asks for the same few variants of the same photos over
 * and over; once a variant is in memory and its photo's lookup is fresh, the answer needs no I/O,
 * and routing, validation and hooks cost more than sending it. This answers those requests
 * straight from the HTTP server, before Fastify, with the very headers the route sends (a test
 * compares them). Anything else (another form of URL, a width not in the set, a cold variant, a
 * bad Host, a download) returns false and takes the full route, which answers it and warms the
 * cache.
 */
const HOT_URL =
  /^\/events\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?w=([1-9][0-9]{2,3})(?:&v=([1-9][0-9]{0,8}))?)?$/;

const WIDTHS = new Set<number>(PHOTO_WIDTHS);

export function serveHotPhoto(
  photos: PhotoService,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  const method = request.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const match = HOT_URL.exec(request.url ?? '');
  if (!match) return false;
  const width = match[2] === undefined ? DEFAULT_DISPLAY_WIDTH : Number(match[2]);
  if (!WIDTHS.has(width)) return false;
  const headers = request.headers;
  if (headers.host !== undefined && !HOST_HEADER.test(headers.host)) return false;
  const hot = photos.hotVariant(
    match[1]!,
    width,
    headers.accept,
    match[3] === undefined ? 0 : Number(match[3]),
  );
  if (!hot) return false;
  const notModified =
    headers['if-none-match'] !== undefined && matchesEtag(headers['if-none-match'], hot.etag);
  const answer = answerHeaders(hot);
  response.writeHead(notModified ? 304 : 200, notModified ? answer.notModified : answer.ok);
  response.end(notModified || method === 'HEAD' ? undefined : hot.bytes);
  return true;
}

/** The headers of a variant's answers, made once per variant in memory. */
const answers = new WeakMap<
  Buffer,
  { ok: Record<string, string | number>; notModified: Record<string, string> }
>();

function answerHeaders(hot: { etag: string; contentType: string; bytes: Buffer }) {
  let answer = answers.get(hot.bytes);
  if (!answer || answer.ok.etag !== hot.etag) {
    const notModified = variantHeaders(hot.etag);
    answer = {
      notModified,
      ok: { ...notModified, 'content-type': hot.contentType, 'content-length': hot.bytes.length },
    };
    answers.set(hot.bytes, answer);
  }
  return answer;
}

function variantHeaders(etag: string): Record<string, string> {
  // @fastify/cors adds the CORS headers on the route; here they are the same constants.
  return { ...PUBLIC_CORS_HEADERS, ...commonHeaders({ etag, variesByAccept: true }) };
}
