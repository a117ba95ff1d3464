/**
 * The console's resumable uploads (tus 1.0.0, docs/console.md "Uploads"): the browser speaks tus
 * to the site's own `/console/uploads[/id]`, and each request is passed on to the admin API's
 * `/api/v1/admin/uploads[/id]` with the session's bearer token, which the browser never sees (the
 * session cookie is httpOnly). Bodies stream through both ways; nothing holds a whole file.
 *
 * Every request is checked first: its Origin must be this host (browsers send it on POST, PATCH
 * and DELETE; a same-origin HEAD may come without one, and is then let through only when
 * Sec-Fetch-Site says same-origin or is absent), and its `X-CSRF-Token` header must equal the
 * CSRF cookie. A page of another site can set neither.
 */
import { refusalOf } from '@/lib/console-security';
import { CONSOLE_UPLOADS_PATH, CSRF_HEADER } from './console-uploads-paths';
import { visitorHeaders } from './visitor-headers';

export { CONSOLE_UPLOADS_PATH, CSRF_HEADER };
/** The API's upload routes the site's stand for. */
export const API_UPLOADS_PATH = '/api/v1/admin/uploads';

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** Request headers of tus passed on to the API (and nothing else of the browser's). */
const FORWARDED_REQUEST = [
  'tus-resumable',
  'upload-length',
  'upload-offset',
  'upload-metadata',
  'upload-defer-length',
  'upload-concat',
  'content-type',
  'content-length',
];
/** Response headers of the API passed back to the browser. */
const FORWARDED_RESPONSE = [
  'tus-resumable',
  'tus-version',
  'tus-extension',
  'tus-max-size',
  'upload-offset',
  'upload-length',
  'upload-expires',
  'upload-metadata',
  'content-type',
];

export interface TusProxyContext {
  /** The API's base URL (server side). */
  apiBase: string;
  /** The console session token, or null when signed out. */
  token: string | null;
  /** The CSRF cookie's value. */
  csrfCookie: string | undefined;
  /** The upload's id for HEAD, PATCH and DELETE; undefined for the POST that creates one. */
  id?: string;
  forwardedFor?: string | null;
  fetchImpl?: typeof fetch;
}

function refusal(status: number, message: string): Response {
  return new Response(JSON.stringify({ status: 'error', code: status, message }), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'tus-resumable': '1.0.0',
    },
  });
}

/**
 * The answer to a HEAD (the tus client asking where to resume) while the API is away or
 * failing: 423, which the client retries with the same upload address. To any other failed
 * HEAD it drops the address and starts the file again from byte 0 (tus-js-client), so an API
 * restart would cost every upload in progress all it had sent.
 */
function awayWhileResuming(): Response {
  const res = refusal(
    423,
    'The photo service is not answering: the upload goes on from where it stopped when it does.',
  );
  res.headers.set('retry-after', '5');
  return new Response(null, { status: res.status, headers: res.headers });
}

/** Why the request must be refused (403), or null. */
export function uploadRequestRefusal(
  request: Request,
  csrfCookie: string | undefined,
): 'cross-origin' | 'csrf' | null {
  let origin = request.headers.get('origin');
  if (origin === null && request.method === 'HEAD') {
    // Browsers leave Origin off a same-origin HEAD; a cross-site one says so in Sec-Fetch-Site.
    const site = request.headers.get('sec-fetch-site');
    if (site === null || site === 'same-origin') origin = `http://${request.headers.get('host')}`;
  }
  return refusalOf({
    origin,
    host: request.headers.get('host'),
    csrfCookie,
    csrfField: request.headers.get(CSRF_HEADER),
  });
}

/**
 * The API's `Location` of a new upload, as the site's: `/console/uploads/{id}`. Anything else (a
 * location that is not one of the API's uploads) is dropped.
 */
export function rewriteLocation(location: string | null, apiBase: string): string | null {
  if (!location) return null;
  let url: URL;
  try {
    url = new URL(location, apiBase);
  } catch {
    return null;
  }
  const prefix = `${API_UPLOADS_PATH}/`;
  if (!url.pathname.startsWith(prefix)) return null;
  const id = url.pathname.slice(prefix.length);
  return UPLOAD_ID.test(id) ? `${CONSOLE_UPLOADS_PATH}/${id}` : null;
}

/** One tus request of the console, checked and passed on to the API. */
export async function proxyTusRequest(
  request: Request,
  context: TusProxyContext,
): Promise<Response> {
  const refused = uploadRequestRefusal(request, context.csrfCookie);
  if (refused === 'cross-origin')
    return refusal(403, 'This request did not come from this site, so nothing was changed.');
  if (refused === 'csrf')
    return refusal(403, 'The page has expired: open the console again and retry.');
  if (!context.token) return refusal(401, 'Your session has ended: sign in again.');
  if (context.id !== undefined && !UPLOAD_ID.test(context.id))
    return refusal(404, 'No such upload: it finished, expired, or was never made');

  const headers = new Headers();
  for (const name of FORWARDED_REQUEST) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set('authorization', `Bearer ${context.token}`);
  for (const [name, value] of Object.entries(visitorHeaders(context.forwardedFor)))
    headers.set(name, value);
  const target = `${context.apiBase.replace(/\/+$/, '')}${API_UPLOADS_PATH}${context.id ? `/${context.id}` : ''}`;
  const hasBody = request.method === 'PATCH' || request.method === 'POST';
  let upstream: Response;
  try {
    upstream = await (context.fetchImpl ?? fetch)(target, {
      method: request.method,
      headers,
      cache: 'no-store',
      redirect: 'manual',
      signal: request.signal,
      // The file's bytes go on as they arrive (a stream, never read whole here).
      ...(hasBody && request.body ? { body: request.body, duplex: 'half' } : {}),
    } as RequestInit);
  } catch {
    if (request.method === 'HEAD') return awayWhileResuming();
    // The browser's tus client retries from the server's offset: nothing is lost.
    return refusal(502, 'The photo service did not answer: the upload will go on when it does.');
  }
  if (request.method === 'HEAD' && upstream.status >= 500) return awayWhileResuming();
  const out = new Headers({ 'cache-control': 'no-store' });
  for (const name of FORWARDED_RESPONSE) {
    const value = upstream.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  const location = rewriteLocation(upstream.headers.get('location'), context.apiBase);
  if (location) out.set('location', location);
  const empty = request.method === 'HEAD' || upstream.status === 204 || upstream.status === 304;
  return new Response(empty ? null : upstream.body, { status: upstream.status, headers: out });
}
