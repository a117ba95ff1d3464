import { FALLBACK_THEME_COLOUR, PROVIDER_NAME } from '@eventsite/contract/constants';
import { organiserData } from '@eventsite/contract';
import { cache } from 'react';
import { LABELS, ProviderError, buildUrl, describeFailure, isTransient, requestEnvelope } from './envelope';
import { apiUrl } from './env';
import type { EventCardData, Organiser } from './model';
import { reshapeEventSummary, reshapeOrganiser } from './reshape';

/** Spec §9: organiser data is revalidated every 30 s, tagged per organiser. */
export const REVALIDATE_SECONDS = 30;
export const organiserTag = (domain: string) => `organiser:${domain}`;

export interface OrganiserResult {
  organiser: Organiser;
  recentEvents: EventCardData[];
  /** The spec §8 message when the call failed (the fallback is then in use). */
  error: string | null;
  /** The API does not know this host name. */
  unknown: boolean;
  /** The call failed in a way that may go away by itself (see isTransient). */
  transient: boolean;
}

/** Spec §8: default logo, theme #FF5733, empty lists, the provider's name. */
export function fallbackOrganiser(): Organiser {
  return {
    name: PROVIDER_NAME,
    logo: null,
    themeColour: FALLBACK_THEME_COLOUR,
    headerDesign: 'default',
    cta: null,
    gtmId: null,
    footer: { text: '', socialLinks: [], showBranding: true },
  };
}

/** The home data call (organiser config and recent events), once per request. */
export const getOrganiser = cache(async (domain: string): Promise<OrganiserResult> => {
  const url = buildUrl(apiUrl(), '/api/v1/client/events/organiser/data', { app_domain: domain });
  try {
    const data = await requestEnvelope(url, organiserData, {
      revalidate: REVALIDATE_SECONDS,
      tags: [organiserTag(domain)],
    });
    return {
      organiser: reshapeOrganiser(data),
      recentEvents: data.recent_events.map(reshapeEventSummary),
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
