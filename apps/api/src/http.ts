import type { ApiConfig } from './config.js';

/** Success envelope: `{ status, message, code, data }`. */
export function ok<T>(data: T, code = 200) {
  return { status: 'success' as const, message: code === 201 ? 'Created' : 'OK', code, data };
}

export function errorBody(code: number, message: string) {
  return { status: 'error' as const, message, code, data: null };
}

/** Admin endpoints never answer cross-origin. */
export const ADMIN_PREFIX = '/api/v1/admin';
export const CONSOLE_PREFIX = '/api/v1/console';

/** Client JSON: a CDN may keep it 30 s (the site's revalidation time) and serve it stale while refreshing. */
export const CLIENT_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';
/** Public routes answer any origin; the site reads a zip's size (progress) and file name. */
export const PUBLIC_CORS_EXPOSED_HEADERS = ['Content-Length', 'Content-Disposition'];
/** What @fastify/cors adds to a public route's answer (no preflight), for paths that bypass it. */
export const PUBLIC_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': PUBLIC_CORS_EXPOSED_HEADERS.join(', '),
};

/** Photo URLs never change content. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * A display variant asked for under a mark version that is not the one drawn now: the current
 * one, kept a minute (the URL may name a version that is yet to come, or one that is gone).
 */
export const STALE_VERSION_CACHE_CONTROL = 'public, max-age=60';

/**
 * The API's public origin, written into the URLs it generates (hosted contact form, logos):
 * PUBLIC_API_URL, else the address it listens on. Never the request's Host header: a caller
 * could name any host there, and a cache in front would hand that answer to everyone.
 */
export function publicOrigin(config: ApiConfig): string {
  if (config.publicApiUrl) return config.publicApiUrl;
  return listenOrigin(config);
}

/** http://localhost:PORT when listening on a loopback or every address, else http://HOST:PORT. */
export function listenOrigin(config: Pick<ApiConfig, 'host' | 'port'>): string {
  const host = config.host;
  const local = /^(127\.\d+\.\d+\.\d+|::1?|0\.0\.0\.0|localhost)$/.test(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${config.port}`;
}

/** host[:port] with letters, digits, dots, hyphens and underscores (container names), or a bracketed IPv6 address. */
export const HOST_HEADER =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
