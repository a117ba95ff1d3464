import { ENVELOPE_SUCCESS } from '@eventsite/contract/constants';
import type { z } from 'zod';

/** Spec §8, word for word. */
export const MESSAGES = {
  httpError: (status: number) => `HTTP error! status: ${status}`,
  invalidResponse: 'Invalid response from server',
  unknown: 'An unknown error occurred',
} as const;

/** Spec §8: what each call says when it fails, before the message. */
export const LABELS = {
  organiser: 'Failed to fetch organizer data',
  events: 'Failed to fetch events data',
  contact: 'Failed to fetch contact form data',
} as const;

/** A failed provider call: `message` is one of spec §8's; `status` is the HTTP status if any. */
export class ProviderError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
  }
}

export interface CacheOptions {
  /** Seconds (spec §9: 30). */
  revalidate: number;
  tags: string[];
}

/** The `next` fetch option Next.js reads; plain fetch ignores it. */
type ProviderInit = RequestInit & { next?: { revalidate?: number; tags?: string[] } };

export function buildUrl(base: string, path: string, query: Record<string, string | number> = {}): string {
  const url = new URL(path, `${base.replace(/\/+$/, '')}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return url.toString();
}

/**
 * The one typed fetch of the provider (spec §8): a non-OK status gives 'HTTP error! status: {code}';
 * an envelope whose status is not 'success' gives the server's message or 'Invalid response from
 * server' (so does data that does not match the contract); anything else — the network, a body
 * that is not JSON — gives 'An unknown error occurred'.
 */
export async function requestEnvelope<T extends z.ZodType>(
  url: string,
  schema: T,
  cache?: CacheOptions,
  fetchImpl: typeof fetch = fetch,
): Promise<z.infer<T>> {
  let response: Response;
  try {
    const init: ProviderInit = { headers: { accept: 'application/json' } };
    if (cache) init.next = { revalidate: cache.revalidate, tags: cache.tags };
    response = await fetchImpl(url, init);
  } catch {
    throw new ProviderError(MESSAGES.unknown);
  }
  if (!response.ok) throw new ProviderError(MESSAGES.httpError(response.status), response.status);
  return readEnvelope(response, schema);
}

/**
 * The body of an OK response: an envelope whose status is 'success' and whose data matches the
 * contract, or the server's message ('Invalid response from server' when it has none); a body
 * that is not JSON gives 'An unknown error occurred'.
 */
export async function readEnvelope<T extends z.ZodType>(response: Response, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ProviderError(MESSAGES.unknown, response.status);
  }
  const envelope = (body ?? {}) as { status?: unknown; message?: unknown; data?: unknown };
  if (typeof body !== 'object' || envelope.status !== ENVELOPE_SUCCESS) {
    const message = typeof envelope.message === 'string' && envelope.message.trim() !== '' ? envelope.message : MESSAGES.invalidResponse;
    throw new ProviderError(message, response.status);
  }
  const parsed = schema.safeParse(envelope.data);
  if (!parsed.success) throw new ProviderError(MESSAGES.invalidResponse, response.status);
  return parsed.data;
}

/**
 * A failure that may go away by itself (the API unreachable, a 5xx, an answer that is not the
 * contract's): a page showing it must not be kept. A 4xx is the API's answer (e.g. an unknown
 * organiser or event) and may be kept like any page.
 */
export function isTransient(error: unknown): boolean {
  return !(error instanceof ProviderError && error.status !== null && error.status >= 400 && error.status < 500);
}

/** The message of any failure, as spec §8 words it. */
export function messageOf(error: unknown): string {
  return error instanceof ProviderError ? error.message : MESSAGES.unknown;
}

/** Logged as `${label}: ${message}`, e.g. 'Failed to fetch events data: HTTP error! status: 500'. */
export function describeFailure(label: string, error: unknown): string {
  return `${label}: ${messageOf(error)}`;
}
