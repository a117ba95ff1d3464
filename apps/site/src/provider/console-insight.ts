import { type EventStats, eventStats, type Findability, findability } from '@eventsite/contract';
import { type ConsoleCall, consoleCall } from './console';
import { apiUrl } from './env';
import { buildUrl, PROVIDER_TIMEOUT_MS } from './envelope';
import { requestForwardedFor, visitorHeaders } from './visitor';

/**
 * The organiser's insight into one event, from the admin API in the signed-in user's name: its
 * findability and its visitor analytics.
 */

/** The findability dashboard of one event (the admin API, in the signed-in user's name). */
export function eventFindability(
  token: string,
  eventId: number,
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<Findability>> {
  return consoleCall(
    `/api/v1/admin/events/${eventId}/findability`,
    findability,
    { token },
    fetchImpl,
  );
}

/** The event's visitor analytics per day, between two days (both included; default the last 30). */
export function eventStatsOf(
  token: string,
  eventId: number,
  span: { from?: string; to?: string },
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<EventStats>> {
  const query = new URLSearchParams(
    Object.entries(span).filter((e): e is [string, string] => typeof e[1] === 'string'),
  ).toString();
  return consoleCall(
    `/api/v1/admin/events/${eventId}/stats${query ? `?${query}` : ''}`,
    eventStats,
    { token },
    fetchImpl,
  );
}

/** The same counts as the API's CSV file: the response to hand on, or null when it failed. */
export async function eventStatsCsv(
  token: string,
  eventId: number,
  span: { from?: string; to?: string },
  fetchImpl: typeof fetch = fetch,
): Promise<
  | { ok: true; csv: string; filename: string }
  | { ok: false; status: number | null; message: string }
> {
  const query = new URLSearchParams(
    Object.entries(span).filter((e): e is [string, string] => typeof e[1] === 'string'),
  ).toString();
  let response: Response;
  try {
    response = await fetchImpl(
      buildUrl(apiUrl(), `/api/v1/admin/events/${eventId}/stats.csv${query ? `?${query}` : ''}`),
      {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'text/csv',
          ...visitorHeaders(await requestForwardedFor()),
        },
        cache: 'no-store',
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      },
    );
  } catch {
    return { ok: false, status: null, message: 'The provider did not answer' };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return {
      ok: false,
      status: response.status,
      message:
        typeof body?.message === 'string' ? body.message : `HTTP error! status: ${response.status}`,
    };
  }
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `event-${eventId}-stats.csv`;
  return { ok: true, csv: await response.text(), filename };
}
