import { BEACON_KINDS, type BeaconKind } from '@eventsite/contract/constants';
import { eventPath } from './browser-call';
import { buildUrl } from './envelope';

/**
 * Reports what only the browser sees (a visit, a photo opened, a share) to the provider's
 * analytics: `POST /api/v1/client/events/{eventId}/stats` as a beacon (text/plain, so no CORS
 * preflight; it survives the page being left). Best effort: a browser without beacons, or a
 * provider without the endpoint, loses the count and nothing else. Nothing identifies the visitor.
 */
export function reportStat(apiBase: string, eventId: number, kind: BeaconKind): boolean {
  if (!(BEACON_KINDS as readonly string[]).includes(kind)) return false;
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  try {
    const body = new Blob([JSON.stringify({ kind })], { type: 'text/plain' });
    return navigator.sendBeacon(buildUrl(apiBase, eventPath(eventId, '/stats')), body);
  } catch {
    return false;
  }
}
