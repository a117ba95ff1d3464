import { NextResponse, type NextRequest } from 'next/server';
import { CONSOLE_PATH_HEADER, CONSOLE_REQUEST_HEADER, consoleCookieOptions, CSRF_COOKIE, isConsolePath, newCsrfToken, NO_INDEX, validCsrf } from './lib/console-security';
import { contentSecurityPolicy, newNonce, NONCE_HEADER, originOf } from './lib/csp';
import { appDomainFromHost, isLocalHostName } from './lib/host';
import { parsePage } from './lib/pagination';
import { parseEventSlug } from './lib/slug';
import { eventKnownWithin, publicApiUrl } from './provider';

const BAD_HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bad request</title></head><body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0"><main><h1>Bad request</h1><p>This address is not a valid site name.</p></main></body></html>`;

/**
 * One organiser per host name: every request is rewritten to the `/[domain]/…` segment, so the
 * tenant is part of the route and of every cache key. A host that is not a host name never
 * reaches a page or a URL.
 */
export function proxy(request: NextRequest): NextResponse | Promise<NextResponse> {
  const domain = appDomainFromHost(request.headers.get('host'));
  if (!domain) {
    return new NextResponse(BAD_HOST_PAGE, {
      status: 400,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  // From the request's own URL, not nextUrl: Next.js rewrites an IP literal in nextUrl to
  // `localhost`, and a rewrite whose origin differs from the address the server is bound to
  // (`next start -H 127.0.0.1`) is proxied over the network to that other origin instead of
  // served in-process: every page then hung until the proxy timed out and answered 500.
  // skipProxyUrlNormalize (next.config.ts) keeps request.url as the server received it.
  const url = new URL(request.url);
  const route = routePath(url.pathname, url.searchParams);
  url.pathname = `/${domain}${route}`;
  if (route.endsWith('/photo-search')) return perRequestGallery(request, url, domain, route);
  return rewrite(request, url, domain, isConsolePath(route));
}

/**
 * The page, with a Content-Security-Policy of a fresh nonce (lib/csp.ts): Next.js reads the
 * policy from the request headers and puts the nonce on its scripts; the layout reads it from
 * `x-nonce` for Google Tag Manager's. A nonce differs on every request, so pages are rendered
 * per request (their API answers stay cached for 30 s).
 */
function rewrite(request: NextRequest, url: URL, domain: string, consolePage = false): NextResponse {
  const nonce = newNonce();
  const policy = contentSecurityPolicy({
    nonce,
    apiOrigin: originOf(publicApiUrl()),
    development: process.env.NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set('content-security-policy', policy);
  if (consolePage) headers.set(CONSOLE_REQUEST_HEADER, '1');
  else headers.delete(CONSOLE_REQUEST_HEADER);
  if (consolePage) headers.set(CONSOLE_PATH_HEADER, request.nextUrl.pathname);
  else headers.delete(CONSOLE_PATH_HEADER);
  // The console (docs/console.md): its CSRF cookie is made on the first visit, and handed to the
  // page of this very request, whose forms carry it; never indexed.
  const csrf = consolePage && request.method === 'GET' && !validCsrf(request.cookies.get(CSRF_COOKIE)?.value) ? newCsrfToken() : null;
  if (csrf) headers.set('cookie', [request.headers.get('cookie'), `${CSRF_COOKIE}=${csrf}`].filter(Boolean).join('; '));
  const response = NextResponse.rewrite(url, { request: { headers } });
  response.headers.set('content-security-policy', policy);
  if (consolePage) response.headers.set('x-robots-tag', NO_INDEX);
  if (csrf) response.cookies.set(CSRF_COOKIE, csrf, consoleCookieOptions(domain));
  // HTTPS only from now on, on a real host name (local ones are served over plain HTTP).
  if (!isLocal(domain)) response.headers.set('strict-transport-security', HSTS);
  return response;
}

/** How long the proxy waits to learn whether a per-request gallery's event is the organiser's. */
export const EVENT_CHECK_WAIT_MS = 1_500;

/**
 * A gallery with a query (a search, a shared photo) is rendered per request and streamed: its
 * status is sent with its first bytes, before its page knows the event. So the event is looked up
 * here first: an unknown event, or one of another organiser, goes to the gallery without its query
 * (kept per organiser and sent whole: the organiser's 'Page not found', a real 404), and nothing of
 * it is rendered. A provider that
 * does not tell within EVENT_CHECK_WAIT_MS is not waited for: the page streams its loading state
 * and still shows nothing of an event that is not the organiser's.
 */
async function perRequestGallery(request: NextRequest, url: URL, domain: string, route: string): Promise<NextResponse> {
  const slug = decodeURIComponent(route.split('/')[2] ?? '');
  const eventId = parseEventSlug(slug);
  if (eventId !== null && (await eventKnownWithin(domain, eventId, EVENT_CHECK_WAIT_MS)) === false) {
    // The gallery without its query: a page kept per organiser, sent whole, a 404 here.
    url.pathname = `/${domain}/events/${encodeURIComponent(slug)}/photos`;
    url.search = '';
  }
  return rewrite(request, url, domain);
}

/** A year, this host only: an organiser's other names are theirs to decide. */
export const HSTS = 'max-age=31536000';

/** localhost, IP literals and *.localhost: served over plain HTTP. */
function isLocal(domain: string): boolean {
  return isLocalHostName(domain) || domain.endsWith('.localhost');
}

/** Query parameters Next.js itself adds (a client navigation's cache key): not a search. */
const INTERNAL_PARAMS = new Set(['_rsc']);

const LIST_PATH = /^\/(events|promo)\/?$/;
const GALLERY_PATH = /^\/events\/[^/]+\/photos\/?$/;

/**
 * The route of a visitor's path. Pages never read the query string (each page's answer then
 * depends on its path alone, and its API data is kept per path): a list page past the first (`/events?page=3`) goes to
 * `/events/p/3`; a gallery with a query (a search, a shared photo) goes to its per-request
 * variant `photo-search`, which reads it (a sibling of `photos`, not a child: no loading
 * boundary of the gallery's sends its first bytes before the event is known to be the organiser's,
 * so an event of another organiser is a real 404 there too).
 */
export function routePath(pathname: string, query: URLSearchParams): string {
  if (pathname === '/') return '';
  const list = LIST_PATH.exec(pathname);
  if (list) {
    const page = parsePage(query.getAll('page'));
    return page > 1 ? `/${list[1]}/p/${page}` : `/${list[1]}`;
  }
  if (GALLERY_PATH.test(pathname) && [...query.keys()].some((key) => !INTERNAL_PARAMS.has(key))) return pathname.replace(/\/photos\/?$/, '/photo-search');
  return pathname;
}

export const config = {
  // face-models/: the face model files selfie search loads in the browser (public/, copied by next.config.ts).
  matcher: ['/((?!_next/|face-models/|favicon\\.ico$|icon\\.svg$).*)'],
};
