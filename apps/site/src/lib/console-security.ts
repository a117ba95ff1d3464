/**
 * The console's cookies and the checks every change (sign-in, sign-out, anything later) passes
 * (docs/console.md): the request's Origin must be this host, and the form's CSRF token must equal
 * the CSRF cookie (double submit). The CSRF cookie is made by the proxy on the first visit to
 * /console and made again at each sign-in and sign-out, so every session has its own.
 */

export const SESSION_COOKIE = 'console_session';
export const CSRF_COOKIE = 'console_csrf';
export const CSRF_FIELD = 'csrf';
/**
 * The browser's device token for the email it last signed in as (the API's, security.md
 * "Console accounts"): its sign-ins count on their own, so others' guesses do not lock it out.
 */
export const DEVICE_COOKIE = 'console_device';
/** How long a browser keeps its device token: a year from its last sign-in. */
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;
/** Both cookies are sent only to the console's own paths. */
export const CONSOLE_PATH = '/console';
/**
 * Set by the proxy on a console page's request: the page's path, so that a screen visited signed
 * out can send the visitor back there after the sign-in.
 */
export const CONSOLE_PATH_HEADER = 'x-eventsite-console-path';
/** What the proxy answers on every console response: never in a search engine. */
export const NO_INDEX = 'noindex, nofollow';

/** A fresh CSRF token: 32 random bytes, base64url. */
export function newCsrfToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The CSRF cookie's value when it is one this site made, else null. */
export function validCsrf(value: string | undefined | null): string | null {
  return value && TOKEN.test(value) ? value : null;
}

/** Whether a path is the console's (the proxy marks its answers noindex and gives it a CSRF cookie). */
export function isConsolePath(route: string): boolean {
  return route === CONSOLE_PATH || route.startsWith(`${CONSOLE_PATH}/`);
}

/** localhost, *.localhost and loopback addresses are served over plain HTTP: no Secure cookie. */
export function isLocalHost(host: string): boolean {
  const name = host.replace(/:\d+$/, '').toLowerCase();
  return (
    name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1' || name === '[::1]'
  );
}

export interface CookieOptions {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: string;
  maxAge?: number;
}

/** httpOnly, SameSite=Lax, Secure outside localhost, path /console. */
export function consoleCookieOptions(host: string, maxAge?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: !isLocalHost(host),
    path: CONSOLE_PATH,
    ...(maxAge === undefined ? {} : { maxAge }),
  };
}

/** Compares two strings in time that depends on their length only. */
function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Why refusalOf refuses a request; checkedChange also refuses one a script made. */
export type ChangeRefusal = 'cross-origin' | 'csrf' | 'scripted';

/**
 * Whether a request was made by a script (fetch, XMLHttpRequest) rather than a form the person
 * submitted, by its fetch metadata: a form's POST is a navigation (`Sec-Fetch-Mode: navigate`).
 * The console shares its origin with the public pages, where an organiser's tag manager runs,
 * so Origin and the CSRF token alone cannot tell the console's forms from a script of a public
 * page; browsers that send no fetch metadata are not refused for it.
 */
export function madeByScript(secFetchMode: string | null): boolean {
  return secFetchMode !== null && secFetchMode !== 'navigate';
}

/**
 * Why a change request must be refused, or null when it may go on: its Origin is not this host
 * (or is missing), or the form's CSRF token is missing or not the cookie's.
 */
export function refusalOf(request: {
  origin: string | null;
  host: string | null;
  csrfCookie: string | undefined;
  csrfField: unknown;
}): Exclude<ChangeRefusal, 'scripted'> | null {
  const { origin, host } = request;
  let originHost: string | null = null;
  try {
    originHost = origin && origin !== 'null' ? new URL(origin).host.toLowerCase() : null;
  } catch {
    originHost = null;
  }
  if (!host || originHost !== host.toLowerCase()) return 'cross-origin';
  const cookie = validCsrf(request.csrfCookie);
  const field = typeof request.csrfField === 'string' ? request.csrfField : '';
  if (!cookie || !sameString(cookie, field)) return 'csrf';
  return null;
}

/**
 * Where to go after signing in: a console screen's path (`/console/events/12/photos`), else null.
 * Only paths of this site's console are taken, so the form cannot be made to send a visitor
 * elsewhere (`//evil.example`, `/console/../x`, a full URL, a query or fragment are refused).
 */
export function consoleReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  return /^\/console(?:\/[A-Za-z0-9_-]+)+$/.test(value) ? value : null;
}
