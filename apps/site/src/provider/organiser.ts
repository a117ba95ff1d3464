import { cache } from 'react';
import {
  LABELS,
  MESSAGES,
  ProviderError,
  buildUrl,
  describeFailure,
  isTransient,
  requestEnvelope,
} from './envelope';
import { apiUrl } from './env';
import type { EventCardData, Organiser } from './model';
import { fallbackOrganiser, isObj, readEventSummaries, readOrganiser } from './wire';

/** Organiser data is revalidated every 30 s, tagged per organiser. */
export const REVALIDATE_SECONDS = 30;
export const organiserTag = (domain: string) => `organiser:${domain}`;

export { fallbackOrganiser };

export interface OrganiserResult {
  organiser: Organiser;
  recentEvents: EventCardData[];
  /** The failure's message when the call failed (the fallback is then in use). */
  error: string | null;
  /** The API does not know this host name. */
  unknown: boolean;
  /** The call failed in a way that may go away by itself (see isTransient). */
  transient: boolean;
}

/** The home data call (organiser config and recent events), once per request. */
export const getOrganiser = cache(async (domain: string): Promise<OrganiserResult> => {
  const url = buildUrl(apiUrl(), '/api/v1/client/events/organiser/data', { app_domain: domain });
  try {
    const data = await requestEnvelope(url, {
      revalidate: REVALIDATE_SECONDS,
      tags: [organiserTag(domain)],
    });
    if (!isObj(data)) throw new ProviderError(MESSAGES.invalidResponse, 200);
    return {
      organiser: readOrganiser(data),
      recentEvents: readEventSummaries(data.recent_events),
      error: null,
      unknown: false,
      transient: false,
    };
  } catch (error) {
    const message = describeFailure(LABELS.organiser, error);
    console.error(message);
    return {
      organiser: fallbackOrganiser(),
      recentEvents: [],
      error: message,
      unknown: error instanceof ProviderError && error.status === 404,
      transient: isTransient(error),
    };
  }
});
