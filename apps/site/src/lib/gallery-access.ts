import { isLocalHost } from './console-security';

/**
 * The site's side of password galleries (docs/private-galleries.md) that is neither a provider
 * call nor a page: where the visitor goes back to after the password, and the grant cookie's
 * flags. Plain functions, tested on their own.
 */

/** The event's pages as the visitor reaches them. */
const eventRoot = (eventSlug: string) => `/events/${encodeURIComponent(eventSlug)}`;

/** Where a visitor goes when nothing better is known: the gallery. */
export function galleryPath(eventSlug: string): string {
  return `${eventRoot(eventSlug)}/photos`;
}

/**
 * The page of this event to go back to after the password: `candidate` (a form's `next`, or the
 * Referer of the form's post) when it is one of this event's pages on this host, else the
 * gallery. Never another site, another event, or the password pages themselves.
 */
export function safeNext(eventSlug: string, candidate: unknown, host: string | null): string {
  const fallback = galleryPath(eventSlug);
  if (typeof candidate !== 'string' || candidate === '' || candidate.length > 2000) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, 'http://site.invalid');
  } catch {
    return fallback;
  }
  const relative =
    url.host === 'site.invalid' && candidate.startsWith('/') && !candidate.startsWith('//');
  const sameHost = host !== null && url.host.toLowerCase() === host.toLowerCase();
  if (!relative && !sameHost) return fallback;
  const root = eventRoot(eventSlug);
  if (url.pathname !== root && !url.pathname.startsWith(`${root}/`)) return fallback;
  const rest = url.pathname.slice(root.length);
  if (/^\/(password|unlock)(\/|$)/.test(rest) || rest === '' || rest === '/') return fallback;
  return `${url.pathname}${url.search}`;
}

/** Whether a form post came from this host (its Origin): another site cannot post in a visitor's name. */
export function sameOriginPost(origin: string | null, host: string | null): boolean {
  if (!origin || origin === 'null' || !host) return false;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

export interface GrantCookieOptions {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: string;
  expires: Date;
}

/** The grant cookie: httpOnly, SameSite=Lax, Secure outside localhost, this event's path only. */
export function grantCookieOptions(host: string, path: string, expires: Date): GrantCookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: !isLocalHost(host), path, expires };
}

/** What went wrong with the last password, as the password page's address says it. */
export type GateError = 'wrong' | 'limited' | 'empty' | 'failed';

export function gateErrorOf(value: unknown): GateError | null {
  return value === 'wrong' || value === 'limited' || value === 'empty' || value === 'failed'
    ? value
    : null;
}

/** Minutes to wait, from the password page's address (`retry`), within bounds. */
export function retryMinutesOf(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : 15;
  return Math.min(Math.max(n, 1), 1440);
}
