import {
  type AdminEventList,
  adminEventList,
  envelope,
  signInLinkRequested,
  signInLinksAvailable,
  signInWithDevice,
  signedOut as signedOutAnswer,
  type Whoami,
  whoami,
} from '@eventsite/contract';
import type { z } from 'zod';
import { apiUrl } from './env';
import { buildUrl, PROVIDER_TIMEOUT_MS } from './envelope';
import { requestForwardedFor, visitorHeaders } from './visitor';

/**
 * The console's calls to the provider API, from the site's server only: sign-in, who is signed
 * in, sign-out, and the admin API in the name of the signed-in user (`Authorization: Bearer`
 * with the session token from the console's httpOnly cookie). Never cached.
 */

export type ConsoleCall<T> =
  { ok: true; data: T } | { ok: false; status: number | null; message: string };

export interface ConsoleCallInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with its content type (a CSV file, an image): instead of `body`. */
  raw?: { contentType: string; data: string | Uint8Array | ArrayBuffer | Blob };
  /**
   * The visitor's X-Forwarded-For; by default the one of the request being served, so that every
   * call names the visitor it is made for (./visitor.ts) and the API's limits count them.
   */
  forwardedFor?: string | null;
}

/**
 * One call to the provider API for the console: every console screen's calls go through here
 * (its own module of `provider/` names them), so errors read the same everywhere.
 */
export async function consoleCall<T>(
  path: string,
  schema: z.ZodType<T>,
  init: ConsoleCallInit,
  fetchImpl: typeof fetch = fetch,
): Promise<ConsoleCall<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.raw) headers['content-type'] = init.raw.contentType;
  Object.assign(headers, visitorHeaders(init.forwardedFor ?? (await requestForwardedFor())));
  let response: Response;
  try {
    response = await fetchImpl(buildUrl(apiUrl(), path), {
      method: init.method ?? 'GET',
      headers,
      cache: 'no-store',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      ...(init.raw
        ? { body: init.raw.data as BodyInit }
        : init.body === undefined
          ? {}
          : { body: JSON.stringify(init.body) }),
    });
  } catch {
    return { ok: false, status: null, message: 'The provider did not answer' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      body &&
      typeof body === 'object' &&
      typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : `HTTP error! status: ${response.status}`;
    return { ok: false, status: response.status, message };
  }
  const parsed = envelope(schema).safeParse(body);
  if (!parsed.success)
    return { ok: false, status: response.status, message: 'Invalid response from server' };
  return { ok: true, data: parsed.data.data };
}

/**
 * Signs in: the session token for the cookie and the browser's device token, or the API's
 * refusal (401, 429, …). `device` is the token this browser was given before, if any.
 */
export function signIn(
  domain: string,
  email: string,
  password: string,
  forwardedFor: string | null,
  device: string | null = null,
  fetchImpl?: typeof fetch,
) {
  return consoleCall(
    '/api/v1/console/sign-in',
    signInWithDevice,
    {
      method: 'POST',
      body: { app_domain: domain, email, password, ...(device ? { device } : {}) },
      forwardedFor,
    },
    fetchImpl,
  );
}

/** The signed-in user, role and organiser of a session (401 when it has ended). */
export function whoIsSignedIn(
  token: string,
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<Whoami>> {
  return consoleCall('/api/v1/console/whoami', whoami, { token }, fetchImpl);
}

/** Every event of the organiser, published or not (the admin API, in the user's name). */
export function consoleEvents(
  token: string,
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<AdminEventList>> {
  return consoleCall('/api/v1/admin/events', adminEventList, { token }, fetchImpl);
}

/** Ends this session, or every session of its user. */
export function signOut(token: string, everywhere: boolean, fetchImpl?: typeof fetch) {
  const path = everywhere ? '/api/v1/console/sign-out-everywhere' : '/api/v1/console/sign-out';
  return consoleCall(path, signedOutAnswer, { method: 'POST', token }, fetchImpl);
}

/** Whether the API can email sign-in links (it has a mail server); false when it does not answer. */
export async function signInLinksOffered(fetchImpl?: typeof fetch): Promise<boolean> {
  const answer = await consoleCall(
    '/api/v1/console/sign-in-links',
    signInLinksAvailable,
    {},
    fetchImpl,
  );
  return answer.ok && answer.data.available;
}

/**
 * Asks the API to email a sign-in link to `email` (opening on `siteOrigin`): the same answer
 * whether or not the address has an account.
 */
export function askSignInLink(
  domain: string,
  email: string,
  siteOrigin: string,
  forwardedFor: string | null,
  fetchImpl?: typeof fetch,
) {
  return consoleCall(
    '/api/v1/console/sign-in-links',
    signInLinkRequested,
    {
      method: 'POST',
      body: { app_domain: domain, email, site_origin: siteOrigin },
      forwardedFor,
    },
    fetchImpl,
  );
}

/** Uses an emailed sign-in link: the session and device token, as a sign-in answers them. */
export function redeemSignInLink(
  domain: string,
  token: string,
  forwardedFor: string | null,
  fetchImpl?: typeof fetch,
) {
  return consoleCall(
    '/api/v1/console/sign-in-links/use',
    signInWithDevice,
    { method: 'POST', body: { app_domain: domain, token }, forwardedFor },
    fetchImpl,
  );
}
