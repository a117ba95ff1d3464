/**
 * The Content-Security-Policy of the site's pages, made per request by the proxy with a fresh
 * nonce. Scripts run only when they carry the nonce (Next.js puts it on its own scripts, the
 * layout on Google Tag Manager's), or when such a script loads them ('strict-dynamic': GTM's
 * tags); an inline script injected into a page without it does not run. WebAssembly may be
 * compiled ('wasm-unsafe-eval': the selfie search's face models), but strings are never run as
 * code outside development.
 */

/** The request header that hands a page its nonce (set by the proxy, whatever the visitor sent). */
export const NONCE_HEADER = 'x-nonce';

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
  nonce: string;
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
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
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
