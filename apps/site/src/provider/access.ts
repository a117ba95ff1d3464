import { linkKeyOfSlug } from '@eventsite/contract';
import { cookies } from 'next/headers';
import { cache } from 'react';
import {
  MESSAGES,
  PROVIDER_TIMEOUT_MS,
  ProviderError,
  buildUrl,
  readEnvelopeData,
  requestEnvelope,
  type GrantedCall,
} from './envelope';
import { apiUrl } from './env';
import { REVALIDATE_SECONDS, organiserTag } from './organiser';
import { visitorHeaders } from './visitor';
import { isObj } from './wire';
import { parseEventSlug } from '@/lib/slug';

/**
 * Private and password galleries (docs/private-galleries.md), as the site sees them. A provider
 * that knows nothing of them serves every event as public, and none of this is ever used:
 *
 * - an event the organiser's lists leave out, reached by its link, is asked about
 *   (`GET …/events/{id}/access?app_domain=`): our API answers its level for the organiser's own
 *   events, and any other answer means it is not the organiser's;
 * - a password event's calls answer 401 without a grant: the site shows its password page, posts
 *   the password to the API (`POST …/events/{id}/access`) and keeps the grant it gets in an
 *   httpOnly cookie scoped to the event's path. On that event's pages the grant goes with every
 *   call the server makes (X-Event-Grant) and with every URL the browser is given (`?grant=`, on
 *   the API base the pages hand to the browser), so photo URLs are signed URLs that expire.
 */

export type AccessLevel = 'public' | 'unlisted' | 'password';
const LEVELS: readonly string[] = ['public', 'unlisted', 'password'];

/** `{eventId}.{expiry}.{signature}`, as our API makes them. */
const GRANT = /^(\d{1,12})\.\d{1,12}\.[A-Za-z0-9_-]{43}$/;

/** The cookie that keeps an event's grant: one per event, sent to that event's pages only. */
export function grantCookieName(eventId: number): string {
  return `event_access_${eventId}`;
}

/** The path the grant cookie is scoped to: the event's pages as the visitor reaches them. */
export function grantCookiePath(eventSlug: string): string {
  return `/events/${encodeURIComponent(eventSlug)}`;
}

/** A grant for this event as a cookie holds it, or null (none, another event's, malformed). */
export function validGrant(value: string | undefined | null, eventId: number): string | null {
  const match = value ? GRANT.exec(value) : null;
  return match && Number(match[1]) === eventId ? value! : null;
}

/** This render's: whether it is of a page kept for every visitor (see renderForEveryone). */
const keptRender = cache((): { kept: boolean } => ({ kept: false }));

/**
 * Marks this render as a page kept for every visitor (the gallery without a query): no visitor's
 * grant is read, so the render reads nothing of the request and Next.js may keep it. A visitor who
 * holds a grant is sent to the per-request gallery by the proxy.
 */
export function renderForEveryone(): void {
  keptRender().kept = true;
}

/**
 * The visitor's grant for an event, from this request's cookie; null when there is none, in a
 * page kept for every visitor, or outside a request (a call that is no visitor's).
 */
export const eventGrant = cache(async (eventId: number): Promise<string | null> => {
  if (keptRender().kept) return null;
  try {
    return validGrant((await cookies()).get(grantCookieName(eventId))?.value, eventId);
  } catch {
    return null;
  }
});

/** A server call for an event: with the visitor's grant (never cached), else `otherwise`. */
export async function eventCall<T>(
  eventId: number,
  otherwise: T,
  forwardedFor: string | null = null,
): Promise<T | GrantedCall> {
  const grant = await eventGrant(eventId);
  return grant ? { grant, ...(forwardedFor ? { visitor: visitorHeaders(forwardedFor) } : {}) } : otherwise;
}

/**
 * The API base a page hands to the browser for one event: with the visitor's grant, so that the
 * photo URLs and the browser's calls of a password gallery carry it (`?grant=`); and with the
 * version of the event's photos' look (`?v=`, its watermark), so that a photo drawn with another
 * mark, kept by a browser or a CDN, is never shown for it.
 */
export function eventApiBase(
  apiBase: string,
  grant: string | null | undefined,
  photoVersion?: number,
): string {
  const version = photoVersion && photoVersion > 0 ? String(photoVersion) : null;
  if (!grant && !version) return apiBase;
  const at = apiBase.indexOf('?');
  const root = at < 0 ? apiBase.replace(/\/+$/, '') : apiBase.slice(0, at).replace(/\/+$/, '');
  const query = new URLSearchParams(at < 0 ? '' : apiBase.slice(at + 1));
  // The version first: the photo server answers `?w=…&v=…` without routing.
  if (version) query.set('v', version);
  if (grant) query.set('grant', grant);
  return `${root}?${query.toString()}`;
}

/**
 * How an event the organiser's lists do not name is seen, when it is the organiser's; null when
 * the provider says it is not (or knows nothing of access levels, or did not answer).
 */
export async function fetchEventAccess(
  domain: string,
  eventId: number,
  fetchImpl: typeof fetch = fetch,
): Promise<AccessLevel | null> {
  try {
    const data = await requestEnvelope(
      buildUrl(apiUrl(), `/api/v1/client/events/${encodeURIComponent(String(eventId))}/access`, {
        app_domain: domain,
      }),
      { revalidate: REVALIDATE_SECONDS, tags: [organiserTag(domain), `event:${eventId}`] },
      fetchImpl,
    );
    if (!isObj(data) || data.event_id !== eventId) return null;
    return typeof data.access === 'string' && LEVELS.includes(data.access)
      ? (data.access as AccessLevel)
      : null;
  } catch {
    return null;
  }
}

export type GrantAnswer =
  | { ok: true; grant: string; expiresAt: Date }
  /** wrong: not the password; limited: too many attempts (wait `retryMinutes`); open: none needed. */
  | {
      ok: false;
      reason: 'wrong' | 'limited' | 'open' | 'not-found' | 'failed';
      retryMinutes?: number;
    };

/**
 * The visitor's password, checked by the API: a grant for the event, or why not. Sent with the
 * visitor's address (./visitor.ts), so the API's limit on attempts counts the visitor.
 */
export async function requestGrant(
  domain: string,
  eventId: number,
  password: string,
  forwardedFor: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<GrantAnswer> {
  let response: Response;
  try {
    response = await fetchImpl(
      buildUrl(apiUrl(), `/api/v1/client/events/${encodeURIComponent(String(eventId))}/access`, {
        app_domain: domain,
      }),
      {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...visitorHeaders(forwardedFor),
        },
        body: JSON.stringify({ password }),
        cache: 'no-store',
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      },
    );
  } catch {
    return { ok: false, reason: 'failed' };
  }
  if (response.status === 403) return { ok: false, reason: 'wrong' };
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    const retryMinutes = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
    return { ok: false, reason: 'limited', retryMinutes };
  }
  if (response.status === 409) return { ok: false, reason: 'open' };
  if (response.status === 404) return { ok: false, reason: 'not-found' };
  if (!response.ok) return { ok: false, reason: 'failed' };
  try {
    const data = await readEnvelopeData(response);
    if (!isObj(data) || typeof data.grant !== 'string' || typeof data.expires_at !== 'string')
      throw new ProviderError(MESSAGES.invalidResponse, response.status);
    const grant = validGrant(data.grant, eventId);
    const expiresAt = new Date(data.expires_at);
    if (!grant || Number.isNaN(expiresAt.getTime()))
      throw new ProviderError(MESSAGES.invalidResponse, response.status);
    return { ok: true, grant, expiresAt };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/** How long a link key the provider did not take is not asked about again (per site process). */
const REFUSED_KEY_MS = 60_000;
const refusedKeys = new Map<string, number>();

/** The grant's expiry, in ms since 1970, as the grant says it (`{eventId}.{expiry}.{signature}`). */
function grantExpiry(grant: string): number {
  return Number(grant.split('.')[1]) * 1000;
}

/**
 * An unlisted event's link opens it (docs/private-galleries.md): the key in its slug
 * (`{name}-{key}-{id}`) is exchanged for a grant, as a password is, when the visitor has no
 * grant of the event yet (or one about to end). Null when the slug carries no key, the visitor
 * has a grant, or the provider takes no key (an event that needs none, a wrong or old key, a
 * provider without link keys: not asked again for a minute).
 */
export async function grantForLink(
  domain: string,
  slug: string,
  currentGrant: string | undefined,
  forwardedFor: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<{ eventId: number; grant: string; expiresAt: Date } | null> {
  const key = linkKeyOfSlug(slug);
  const eventId = key ? parseEventSlug(slug) : null;
  if (!key || eventId === null) return null;
  const held = validGrant(currentGrant, eventId);
  if (held && grantExpiry(held) > Date.now() + 60 * 60_000) return null;
  const asked = `${domain}\n${eventId}\n${key}`;
  const refusedAt = refusedKeys.get(asked);
  if (refusedAt !== undefined && refusedAt > Date.now() - REFUSED_KEY_MS) return null;
  const answer = await requestGrant(domain, eventId, key, forwardedFor, fetchImpl);
  if (!answer.ok) {
    if (refusedKeys.size > 10_000) refusedKeys.clear();
    refusedKeys.set(asked, Date.now());
    return null;
  }
  refusedKeys.delete(asked);
  return { eventId, grant: answer.grant, expiresAt: answer.expiresAt };
}
