import type { RunnerMatches } from '@eventsite/contract';
import { browserEnvelope, eventPath } from './browser-call';
import { ProviderError, buildUrl } from './envelope';

/**
 * `GET /api/v1/client/events/{eventId}/results?name=` (our extension, optional): the runners whose
 * name matches, for a name search to offer their runner pages. Null when the provider does not
 * have it (404, 405, 501) or the event shows no results (403): nothing is offered then.
 */
export async function fetchRunnersByName(
  apiBase: string,
  eventId: number,
  name: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<RunnerMatches | null> {
  try {
    return await browserEnvelope(
      buildUrl(apiBase, eventPath(eventId, '/results'), { name }),
      (c) => c.runnerMatches,
      fetchImpl,
      signal,
    );
  } catch (error) {
    if (
      error instanceof ProviderError &&
      error.status !== null &&
      [403, 404, 405, 501].includes(error.status)
    )
      return null;
    throw error;
  }
}
