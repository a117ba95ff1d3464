import { eventPath } from './browser-call';
import { buildUrl } from './envelope';

/**
 * Live galleries: `GET /api/v1/client/events/{eventId}/photos/live`, server-sent events telling
 * an open gallery that the event's findable photos changed (`event: photos`, `data: {"version"}`,
 * `id`: the version). Our extension of the provider contract: a provider without it answers 404,
 * and the gallery simply shows no live updates.
 */

/** The message naming a change; `ready` is the first message when nothing was missed. */
export const LIVE_CHANGE_EVENT = 'photos';
export const LIVE_READY_EVENT = 'ready';

/**
 * The EventSource URL of an event's live stream. `lastEventId`: the last message id seen, for
 * a new connection (a browser sends Last-Event-ID only when it reconnects by itself).
 */
export function livePhotosUrl(
  apiBase: string,
  eventId: number,
  lastEventId?: string | null,
): string {
  return buildUrl(
    apiBase,
    eventPath(eventId, '/photos/live'),
    lastEventId && /^\d{1,15}$/.test(lastEventId) ? { last_event_id: lastEventId } : {},
  );
}
