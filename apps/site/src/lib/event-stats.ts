import { BEACON_KINDS, type BeaconKind, type StatKind } from '@eventsite/contract/constants';
import { reportStat } from '@/provider/stats';

type TagWindow = { dataLayer?: unknown[] };

/**
 * One thing a visitor did at an event, counted: what only the browser sees goes to the
 * provider's analytics as a beacon (searches, downloads and zips the provider counts as it
 * answers them). Where the organiser has Google Tag Manager on the site, every kind is also pushed
 * to its dataLayer as `eventsite_{kind}` with the event's id, and nothing about the visitor.
 */
export function countEventStat(apiBase: string, eventId: number, kind: StatKind): void {
  if ((BEACON_KINDS as readonly string[]).includes(kind))
    reportStat(apiBase, eventId, kind as BeaconKind);
  if (typeof window === 'undefined') return;
  const layer = (window as unknown as TagWindow).dataLayer;
  if (Array.isArray(layer)) layer.push({ event: `eventsite_${kind}`, eventsite_event_id: eventId });
}
