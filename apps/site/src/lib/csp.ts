/**
 * The Content-Security-Policy of the site's pages, set by the proxy on every page (docs/security.md,
 * "The site's pages"):
 *
 * - a page rendered per request (the console, a search, an event's own pages) gets a fresh nonce:
 *   scripts run only when they carry it (Next.js puts it on its own), or when such a script loads
 *   them ('strict-dynamic': the tags Google Tag Manager loads);
 * - a page kept for every visitor cannot carry a nonce: this policy says where things may come
 *   from, and the page's own policy, kept with it (page-scripts.mjs), names its scripts by their
 *   hashes. A browser enforces both: a script runs only when both let it.
 *
 * Either way Google Tag Manager's snippet runs by its hash, an inline script injected into a page
 * does not run, WebAssembly may be compiled ('wasm-unsafe-eval': the selfie search's face models),
 * and strings are never run as code outside development.
 */
import { GTM_SNIPPET_HASH } from './page-scripts.mjs';

/** Where Google Tag Manager and the tags it loads send and fetch what they need. */
const GTM_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/** A fresh, unguessable nonce: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(options: {
  /** This request's nonce; null for a kept page, whose own policy names its scripts. */
  nonce: string | null;
  /** The API's origin as browsers reach it: photos, the gallery's pages, searches, the contact form. */
  apiOrigin: string;
  development?: boolean;
}): string {
  const { nonce, apiOrigin, development = false } = options;
  const api = apiOrigins(apiOrigin);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...(nonce === null
        ? // Where a kept page's scripts may come from; which of them run is its own policy's say.
          ["'unsafe-inline'", 'https:']
        : [`'nonce-${nonce}'`, GTM_SNIPPET_HASH, "'strict-dynamic'"]),
      "'wasm-unsafe-eval'",
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    // Style attributes (the organiser's theme colours) and Next.js's inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Organisers' logos and banners may be on any https host.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...api],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...api, ...GTM_ORIGINS],
    'media-src': ["'self'", 'blob:', ...api],
    // The tfjs WebAssembly backend may start its workers from blob: URLs.
    'worker-src': ["'self'", 'blob:'],
    // The contact form: the API's hosted form or the organiser's own (any https page).
    'frame-src': ["'self'", 'https:', ...api],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Loopback names a policy can list (an IPv6 literal is not a valid CSP source). */
const LOOPBACK = ['localhost', '127.0.0.1'];

/**
 * The API's origin, and on this machine each name of it: an API reached at 127.0.0.1 writes its
 * logos and hosted pages as `localhost` (the name a browser on the machine uses), and both are it.
 */
function apiOrigins(apiOrigin: string): string[] {
  if (apiOrigin === '') return [];
  const url = new URL(apiOrigin);
  if (!LOOPBACK.includes(url.hostname)) return [apiOrigin];
  return LOOPBACK.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/** The origin of an absolute URL, or '' when it is not one. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
