import { ProviderError, buildUrl, requestEnvelope } from './envelope';
import { apiUrl } from './env';
import { REVALIDATE_SECONDS } from './organiser';

export const EVENT_DATA_FAILURE = 'Failed to fetch event data';

/**
 * `GET /api/v1/client/events/{eventId}/config`, unmapped: mapping is its own step, whose failure
 * the gallery reports differently ('Error Loading Event'). A non-OK status fails with
 * 'Failed to fetch event data: {status text}'.
 */
export async function fetchEventConfig(
  eventId: number,
  fetchImpl: typeof fetch = fetch,
  /** A password event's grant (./access.ts): the call is then the visitor's, never cached. */
  grant: string | null = null,
): Promise<unknown> {
  const url = buildUrl(
    apiUrl(),
    `/api/v1/client/events/${encodeURIComponent(String(eventId))}/config`,
  );
  const statusText = new Map<number, string>();
  const remembering: typeof fetch = async (input, init) => {
    const response = await fetchImpl(input, init);
    if (!response.ok) statusText.set(response.status, response.statusText);
    return response;
  };
  try {
    return await requestEnvelope(
      url,
      grant ? { grant } : { revalidate: REVALIDATE_SECONDS, tags: [`event:${eventId}`] },
      remembering,
    );
  } catch (error) {
    if (error instanceof ProviderError && error.status !== null && statusText.has(error.status)) {
      const text = statusText.get(error.status) || String(error.status);
      throw new ProviderError(`${EVENT_DATA_FAILURE}: ${text}`, error.status);
    }
    throw error;
  }
}
