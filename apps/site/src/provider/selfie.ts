import type { SelfieSearchAnswer } from '@eventsite/contract';
import { envelopeMessage, eventPath } from './browser-call';
import { contractSchemas } from './contract-schemas';
import { MESSAGES, ProviderError, buildUrl, readEnvelope } from './envelope';

/**
 * Selfie search from the browser: the selfie's descriptor (computed on the device; the selfie
 * itself is never sent), and "more photos of you" for a bib.
 */

/** The API could not be reached (network, or it answered 5xx): "try again later", not "no matches". */
export class ApiDownError extends ProviderError {
  constructor(status: number | null = null) {
    super(MESSAGES.unknown, status);
    this.name = 'ApiDownError';
  }
}

async function call(
  url: string,
  init: RequestInit,
  fetchImpl: typeof fetch,
): Promise<SelfieSearchAnswer> {
  const contract = contractSchemas();
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...init,
      headers: { accept: 'application/json', ...(init.headers ?? {}) },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiDownError();
  }
  if (response.status >= 500) throw new ApiDownError(response.status);
  if (!response.ok)
    throw new ProviderError(
      (await envelopeMessage(response)) ?? MESSAGES.httpError(response.status),
      response.status,
    );
  return readEnvelope(response, (await contract).selfieSearchAnswer);
}

/**
 * `POST /api/v1/client/events/{eventId}/photos/selfie-search` with `{embedding}`: 1024 numbers,
 * unit length, checked against the contract before anything is sent. Nothing else leaves the device.
 */
export async function searchByDescriptor(
  apiBase: string,
  eventId: number,
  descriptor: number[],
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<SelfieSearchAnswer> {
  const body = (await contractSchemas()).selfieSearchRequest.parse({ embedding: descriptor });
  return call(
    buildUrl(apiBase, eventPath(eventId, '/photos/selfie-search')),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    },
    fetchImpl,
  );
}

/** `GET …/photos/more-of-bib?bib=`: photos of the bib's wearer found by face; empty when none or refused. */
export async function fetchMoreOfBib(
  apiBase: string,
  eventId: number,
  bib: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<SelfieSearchAnswer> {
  return call(
    buildUrl(apiBase, eventPath(eventId, '/photos/more-of-bib'), { bib }),
    { signal },
    fetchImpl,
  );
}
