import type { HideRequestAnswer } from '@eventsite/contract';
import { envelopeMessage, eventPath } from './browser-call';
import { contractSchemas } from './contract-schemas';
import { MESSAGES, ProviderError, buildUrl, readEnvelope } from './envelope';
import { ApiDownError } from './selfie';

/**
 * "Hide me everywhere" from the browser: the runner's face descriptor (computed on the device;
 * the selfie itself is never sent), first as a dry run that counts the photos, then for real.
 */
export interface HideOptions {
  /** Only count the photos that would change; nothing is stored. */
  dryRun?: boolean;
  /** The runner's bib, dropped from the search of the photos their face is hidden on. */
  bib?: string;
  /** The photos the visitor confirmed (from the dry run's matches): only those change. */
  photos?: string[];
}

/**
 * `POST /api/v1/client/events/{eventId}/hide-requests` with `{embedding, dry_run?, bib?}`,
 * checked against the contract before anything is sent.
 */
export async function requestHide(
  apiBase: string,
  eventId: number,
  descriptor: number[],
  options: HideOptions = {},
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<HideRequestAnswer> {
  const contract = await contractSchemas();
  const body = contract.hideRequestInput.parse({
    embedding: descriptor,
    ...(options.dryRun ? { dry_run: true } : {}),
    ...(options.bib ? { bib: options.bib } : {}),
    ...(options.photos ? { photos: options.photos } : {}),
  });
  let response: Response;
  try {
    response = await fetchImpl(buildUrl(apiBase, eventPath(eventId, '/hide-requests')), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiDownError();
  }
  if (response.status >= 500) throw new ApiDownError(response.status);
  if (!response.ok)
    throw new ProviderError(
      (await envelopeMessage(response)) ?? MESSAGES.httpError(response.status),
      response.status,
    );
  return readEnvelope(response, contract.hideRequestAnswer);
}
