import { NextResponse, type NextRequest } from 'next/server';
import {
  CONSOLE_PATH_HEADER,
  consoleCookieOptions,
  CSRF_COOKIE,
  isConsolePath,
  newCsrfToken,
  NO_INDEX,
  validCsrf,
} from './lib/console-security';
import { contentSecurityPolicy, newNonce, originOf } from './lib/csp';
import { KEPT_PAGE_CACHE_CONTROL } from './lib/kept-page-cache-control';
import { appDomainFromHost, isLocalHostName } from './lib/host';
import { parsePage } from './lib/pagination';
import { parseEventSlug } from './lib/slug';
import { linkKeyOfSlug } from '@eventsite/contract';
import { grantCookieOptions } from './lib/gallery-access';
import {
  eventKnownWithin,
  grantCookieName,
  grantCookiePath,
  grantForLink,
  publicApiUrl,
} from './provider';
import { validGrant } from './provider/access';
import { forwardedForOf } from './provider/visitor-headers';

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
  // An unlisted event's link: the key in it opens the event (a grant cookie) for this very request.
  const slug = eventSlugOfRoute(route);
  if (slug !== null && linkKeyOfSlug(slug) !== null)
    return throughLink(request, url, domain, route, slug);
  if (route.endsWith('/photo-search')) return perRequestGallery(request, url, domain, route);
  // A gallery opened by the visitor's grant (a password gallery) is theirs alone: per request.
  if (slug !== null && GALLERY_PATH.test(route) && heldGrant(request, slug) !== null)
    return perRequestGallery(request, url, domain, toPhotoSearch(url, route));
  return rewrite(request, url, domain, {
    consolePage: isConsolePath(route),
    kept: isKeptRoute(route),
  });
}

/**
 * The routes rendered once per organiser and kept for every visitor (their layout's `revalidate`):
 * nothing in them depends on who asks. Every other page reads the request and is rendered per
 * request (the console, a search, an event's own pages, which read the visitor's grant).
 */
const KEPT_ROUTE = /^(?:|\/(?:events|promo)(?:\/p\/\d+)?|\/contact-us|\/events\/[^/]+\/photos)$/;

export function isKeptRoute(route: string): boolean {
  return KEPT_ROUTE.test(route);
}

/** The visitor's valid grant cookie for the event of a slug, or null. */
function heldGrant(request: NextRequest, slug: string): string | null {
  const eventId = parseEventSlug(slug);
  if (eventId === null) return null;
  return validGrant(request.cookies.get(grantCookieName(eventId))?.value, eventId);
}

/** A gallery's URL sent to its per-request variant; returns that route. */
function toPhotoSearch(url: URL, route: string): string {
  const search = route.replace(/\/photos\/?$/, '/photo-search');
  url.pathname = url.pathname.replace(/\/photos\/?$/, '/photo-search');
  return search;
}

/** The event slug of an event page's route (`/events/{slug}/…`), or null. */
function eventSlugOfRoute(route: string): string | null {
  const match = /^\/events\/([^/]+)\/./.exec(route);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** A grant cookie the proxy sets, and hands to the page of the same request. */
interface LinkCookie {
  name: string;
  value: string;
  expires: Date;
  path: string;
}

/**
 * An event page reached by an unlisted event's link (docs/private-galleries.md): without a grant
 * of the event yet, the key in the link is exchanged for one, kept in the event's grant cookie
 * and handed to this request's page. Anything else (no key taken, a grant held) goes on as usual.
 */
async function throughLink(
  request: NextRequest,
  url: URL,
  domain: string,
  route: string,
  slug: string,
): Promise<NextResponse> {
  const eventId = parseEventSlug(slug);
  const held = eventId === null ? undefined : request.cookies.get(grantCookieName(eventId))?.value;
  const got = await grantForLink(
    domain,
    slug,
    held,
    forwardedForOf(request.headers.get('x-forwarded-for')),
  );
  const cookie: LinkCookie | null = got
    ? {
        name: grantCookieName(got.eventId),
        value: got.grant,
        expires: got.expiresAt,
        path: grantCookiePath(slug),
      }
    : null;
  const grant = got?.grant ?? (eventId === null ? null : validGrant(held, eventId));
  if (route.endsWith('/photo-search'))
    return perRequestGallery(request, url, domain, route, grant, cookie);
  // The gallery with a grant is this visitor's: per request, like a search.
  if (grant !== null && GALLERY_PATH.test(route))
    return perRequestGallery(request, url, domain, toPhotoSearch(url, route), grant, cookie);
  return rewrite(request, url, domain, { kept: isKeptRoute(route), link: cookie });
}

/**
 * The page, with its Content-Security-Policy (lib/csp.ts). A page rendered per request gets a
 * fresh nonce: Next.js reads the policy from the request headers and puts the nonce on its
 * scripts. A kept page is rendered without one (whatever the visitor sent): its own policy, kept
 * with it, names its scripts by their hashes (page-scripts.mjs), and is answered beside this one.
 */
function rewrite(
  request: NextRequest,
  url: URL,
  domain: string,
  { consolePage = false, kept = false, link = null }: { consolePage?: boolean; kept?: boolean; link?: LinkCookie | null },
): NextResponse {
  const nonce = kept ? null : newNonce();
  const policy = contentSecurityPolicy({
    nonce,
    apiOrigin: originOf(publicApiUrl()),
    development: process.env.NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  if (nonce === null) headers.delete('content-security-policy');
  else headers.set('content-security-policy', policy);
  if (consolePage) headers.set(CONSOLE_PATH_HEADER, request.nextUrl.pathname);
  else headers.delete(CONSOLE_PATH_HEADER);
  // The console (docs/console.md): its CSRF cookie is made on the first visit, and handed to the
  // page of this very request, whose forms carry it; never indexed.
  const csrf =
    consolePage && request.method === 'GET' && !validCsrf(request.cookies.get(CSRF_COOKIE)?.value)
      ? newCsrfToken()
      : null;
  if (csrf)
    headers.set(
      'cookie',
      [request.headers.get('cookie'), `${CSRF_COOKIE}=${csrf}`].filter(Boolean).join('; '),
    );
  if (link)
    headers.set(
      'cookie',
      [withoutCookie(request.headers.get('cookie'), link.name), `${link.name}=${link.value}`]
        .filter(Boolean)
        .join('; '),
    );
  const response = NextResponse.rewrite(url, { request: { headers } });
  response.headers.set('content-security-policy', policy);
  // A kept page, its HTML or a prefetch of it, is never reused stale by the browser: Next.js's own
  // header would let it (lib/kept-page-cache-control.ts). A page rendered per request keeps
  // Next.js's `no-store`.
  if (kept && (request.method === 'GET' || request.method === 'HEAD'))
    response.headers.set('cache-control', KEPT_PAGE_CACHE_CONTROL);
  if (consolePage) response.headers.set('x-robots-tag', NO_INDEX);
  if (csrf) response.cookies.set(CSRF_COOKIE, csrf, consoleCookieOptions(domain));
  if (link)
    response.cookies.set(
      link.name,
      link.value,
      grantCookieOptions(domain, link.path, link.expires),
    );
  // HTTPS only from now on, on a real host name (local ones are served over plain HTTP).
  if (!isLocal(domain)) response.headers.set('strict-transport-security', HSTS);
  return response;
}

/** A Cookie header without one cookie (an old grant the proxy replaces). */
function withoutCookie(header: string | null, name: string): string {
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${name}=`))
    .join('; ');
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
async function perRequestGallery(
  request: NextRequest,
  url: URL,
  domain: string,
  route: string,
  grant: string | null = null,
  link: LinkCookie | null = null,
): Promise<NextResponse> {
  const slug = decodeURIComponent(route.split('/')[2] ?? '');
  const eventId = parseEventSlug(slug);
  if (
    eventId !== null &&
    (await eventKnownWithin(domain, eventId, EVENT_CHECK_WAIT_MS, grant)) === false
  ) {
    // The gallery without its query: a page kept per organiser, sent whole, a 404 here.
    url.pathname = `/${domain}/events/${encodeURIComponent(slug)}/photos`;
    url.search = '';
    return rewrite(request, url, domain, { kept: true, link });
  }
  return rewrite(request, url, domain, { link });
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
  if (GALLERY_PATH.test(pathname) && [...query.keys()].some((key) => !INTERNAL_PARAMS.has(key)))
    return pathname.replace(/\/photos\/?$/, '/photo-search');
  return pathname;
}

export const config = {
  // face-models/: the face model files selfie search loads in the browser (public/, copied by next.config.ts).
  matcher: ['/((?!_next/|face-models/|favicon\\.ico$|icon\\.svg$).*)'],
};
