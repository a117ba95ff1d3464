import type { z } from 'zod';
import { contractSchemas } from './contract-schemas';
import { MESSAGES, ProviderError, readEnvelope } from './envelope';

/** The path of one event's client endpoint, e.g. `eventPath(7, '/photos')`. */
export const eventPath = (eventId: number, rest: string) =>
  `/api/v1/client/events/${encodeURIComponent(String(eventId))}${rest}`;

/** The envelope's message (or null) of any JSON body. */
export async function envelopeMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown } | null;
    return body && typeof body.message === 'string' && body.message.trim() !== ''
      ? body.message
      : null;
  } catch {
    return null;
  }
}

/**
 * A call from the browser (the gallery, the promo editor): like the server's requestEnvelope,
 * except that a refusal keeps the server's words (e.g. 403 'This gallery is private: search for
 * your photos'), so the page can show them. The data is checked against the contract.
 */
export async function browserEnvelope<T extends z.ZodType>(
  url: string,
  schemaOf: (contract: Awaited<ReturnType<typeof contractSchemas>>) => T,
  fetchImpl: typeof fetch,
  signal?: AbortSignal,
): Promise<z.infer<T>> {
  const contract = contractSchemas();
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ProviderError(MESSAGES.unknown);
  }
  if (!response.ok) {
    throw new ProviderError(
      (await envelopeMessage(response)) ?? MESSAGES.httpError(response.status),
      response.status,
    );
  }
  return readEnvelope(response, schemaOf(await contract));
}
