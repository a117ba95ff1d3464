import { ENVELOPE_SUCCESS } from '@eventsite/contract/constants';
import type { z } from 'zod';

/** The failure messages visitors and logs see, word for word. */
export const MESSAGES = {
  httpError: (status: number) => `HTTP error! status: ${status}`,
  invalidResponse: 'Invalid response from server',
  unknown: 'An unknown error occurred',
} as const;

/** What each call says when it fails, before the message. */
export const LABELS = {
  organiser: 'Failed to fetch organizer data',
  events: 'Failed to fetch events data',
  contact: 'Failed to fetch contact form data',
} as const;

/** A failed provider call: `message` is one of MESSAGES (or the server's); `status` is the HTTP status if any. */
export class ProviderError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
  }
}

export interface CacheOptions {
  /** Seconds (30 for every provider call). */
  revalidate: number;
  tags: string[];
}

/**
 * A call made for one visitor (a search): never kept in the shared data cache, and it names the
 * visitor to the API (`visitor`: the headers of ./visitor.ts `visitorHeaders`), so that the API's
 * per-visitor limits count the visitor, not this server.
 */
export interface VisitorCall {
  visitor: Record<string, string>;
}

/**
 * A call for one visitor of a password gallery (./access.ts): it carries their grant in the
 * X-Event-Grant header, is never kept in the shared data cache, and names the visitor when it is
 * a search (`visitor`), like a VisitorCall.
 */
export interface GrantedCall {
  grant: string;
  visitor?: Record<string, string>;
}

/** The `next` fetch option Next.js reads; plain fetch ignores it. */
type ProviderInit = RequestInit & { next?: { revalidate?: number; tags?: string[] } };

/**
 * `path` on the API at `base`, with `query`. A base may carry query parameters of its own (a
 * password gallery's grant, ./access.ts): every URL built from it carries them too.
 */
export function buildUrl(
  base: string,
  path: string,
  query: Record<string, string | number> = {},
): string {
  const at = base.indexOf('?');
  const root = at < 0 ? base : base.slice(0, at);
  const url = new URL(path, `${root.replace(/\/+$/, '')}/`);
  if (at >= 0)
    for (const [key, value] of new URLSearchParams(base.slice(at + 1)))
      url.searchParams.set(key, value);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return url.toString();
}

/**
 * How long the site waits for a provider's answer before it shows the error state. A slow
 * provider is given time (the page streams its loading state meanwhile); one that does not
 * answer at all must not hold a visitor, or a server worker, for ever.
 */
export const PROVIDER_TIMEOUT_MS = 20_000;

/**
 * An envelope call from the server: a non-OK status gives 'HTTP error! status: {code}'; an
 * envelope whose status is not 'success' gives the server's message or 'Invalid response from
 * server'; anything else (the network, a timeout, a body that is not JSON) gives 'An unknown error
 * occurred'. The data comes back unread: each caller reads it field by field (see wire.ts).
 */
export async function requestEnvelope(
  url: string,
  cache?: CacheOptions | VisitorCall | GrantedCall,
  fetchImpl: typeof fetch = fetch,
): Promise<unknown> {
  let response: Response;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const init: ProviderInit = { headers: { accept: 'application/json' } };
    if (cache && 'grant' in cache) {
      init.headers = {
        accept: 'application/json',
        'x-event-grant': cache.grant,
        ...cache.visitor,
      };
      init.cache = 'no-store';
    } else if (cache && 'visitor' in cache) {
      init.headers = { accept: 'application/json', ...cache.visitor };
      init.cache = 'no-store';
    } else if (cache) init.next = { revalidate: cache.revalidate, tags: cache.tags };
    // Not an AbortSignal: Next.js neither dedupes nor caches a fetch given one. The call goes on
    // (and is cached when it comes); the page stops waiting for it.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), PROVIDER_TIMEOUT_MS);
    });
    response = await Promise.race([fetchImpl(url, init), late]);
  } catch {
    throw new ProviderError(MESSAGES.unknown);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw new ProviderError(MESSAGES.httpError(response.status), response.status);
  return readEnvelopeData(response);
}

/**
 * The same call for our own extension endpoints (photo pages), whose answers are checked
 * against the contract: data that does not match it gives 'Invalid response from server'.
 */
export async function requestChecked<T extends z.ZodType>(
  url: string,
  schema: T,
  cache?: CacheOptions | VisitorCall | GrantedCall,
  fetchImpl: typeof fetch = fetch,
): Promise<z.infer<T>> {
  const data = await requestEnvelope(url, cache, fetchImpl);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ProviderError(MESSAGES.invalidResponse, 200);
  return parsed.data;
}

/** The `data` of an OK response whose envelope says 'success', unread. */
export async function readEnvelopeData(response: Response): Promise<unknown> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ProviderError(MESSAGES.unknown, response.status);
  }
  const envelope = (body ?? {}) as { status?: unknown; message?: unknown; data?: unknown };
  if (typeof body !== 'object' || envelope.status !== ENVELOPE_SUCCESS) {
    const message =
      typeof envelope.message === 'string' && envelope.message.trim() !== ''
        ? envelope.message
        : MESSAGES.invalidResponse;
    throw new ProviderError(message, response.status);
  }
  return envelope.data;
}

/**
 * The body of an OK response: an envelope whose status is 'success' and whose data matches the
 * contract, or the server's message ('Invalid response from server' when it has none); a body
 * that is not JSON gives 'An unknown error occurred'.
 */
export async function readEnvelope<T extends z.ZodType>(
  response: Response,
  schema: T,
): Promise<z.infer<T>> {
  const data = await readEnvelopeData(response);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ProviderError(MESSAGES.invalidResponse, response.status);
  return parsed.data;
}

/**
 * A failure to keep out of the page cache: the provider did not answer at all (unreachable, or
 * no answer within PROVIDER_TIMEOUT_MS), so nothing it said is being shown. Whatever a provider
 * did answer (a 4xx or 5xx status, an 'error' envelope, a body that is not the contract's) is
 * its answer: the page shows the error state as a normal page, kept like any other for the
 * revalidation window, and never turns into a 5xx of the site.
 */
export function isTransient(error: unknown): boolean {
  return !(error instanceof ProviderError) || error.status === null;
}

/** The message of any failure, as MESSAGES words it. */
export function messageOf(error: unknown): string {
  return error instanceof ProviderError ? error.message : MESSAGES.unknown;
}

/** Logged as `${label}: ${message}`, e.g. 'Failed to fetch events data: HTTP error! status: 500'. */
export function describeFailure(label: string, error: unknown): string {
  return `${label}: ${messageOf(error)}`;
}
