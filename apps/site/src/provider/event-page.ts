import { cache } from 'react';
import { eventIdFromSlug } from '@/lib/slug';
import { ProviderError, describeFailure, isTransient, messageOf } from './envelope';
import { EVENT_DATA_FAILURE, fetchEventConfig } from './event';
import { requestEventsPage, walkEvents } from './events';
import type { EventPage } from './model';
import { getOrganiser } from './organiser';
import { EventMappingError, readEventConfig } from './wire';
import { eventGrant, fetchEventAccess } from './access';

export type EventLoad =
  /**
   * `grant`: the visitor's grant of a password event (./access.ts), for what the page hands to
   * the browser (eventApiBase); `listed`: on the organiser's lists (an unlisted or password event
   * reached by its link is not, and is not indexed).
   */
  | { kind: 'ok'; event: EventPage; grant: string | null; listed: boolean }
  /**
   * A password event of the organiser, not open to this visitor: no grant (`password`), or one
   * that no longer opens it (`expired`). Its password page is shown, and nothing else of it.
   */
  | { kind: 'locked'; eventId: number; slug: string; reason: 'password' | 'expired' }
  /** The slug names no event id. */
  | { kind: 'no-id' }
  /** No such event, or not one of this organiser's: a 404, and nothing of it is shown. */
  | { kind: 'not-found' }
  /** The config call (or the check of whose event it is) failed. */
  | { kind: 'fetch-failed'; message: string; transient: boolean }
  /** The config came but could not be mapped ('Error Loading Event'). */
  | { kind: 'mapping-failed'; message: string };

/**
 * Whether the event is one of the organiser's, and how: `listed` on its lists, `link` reached by
 * its link only (an unlisted or password event, ./access.ts), null not the organiser's.
 */
export const eventOwnership = cache(
  async (domain: string, eventId: number): Promise<'listed' | 'link' | null> => {
    if (await listedEvent(domain, eventId)) return 'listed';
    // Asked only of an event the lists leave out: a provider without access levels is asked
    // nothing more for its events.
    return (await fetchEventAccess(domain, eventId)) === null ? null : 'link';
  },
);

/**
 * Whether the event is one of the organiser's. The event config call names no organiser, so the
 * organiser's own lists decide: its recent events, then its events list, walked page after page
 * at the lists' own size (./events.ts walkEvents, each page cached like any other call); an event
 * they leave out is the organiser's when the provider says so of it (an unlisted or password
 * event, ./access.ts). An event further than the walk goes counts as not listed. A failed call
 * is thrown: whose event it is could not be told.
 */
export const isOrganisersEvent = cache(
  async (domain: string, eventId: number): Promise<boolean> =>
    (await eventOwnership(domain, eventId)) !== null,
);

/** Whether the organiser's lists name the event (recent events, then the events list). */
const listedEvent = cache(async (domain: string, eventId: number): Promise<boolean> => {
  // The first list page is asked for with the organiser (not after it): the page is then ready
  // as soon as the layout is, and is sent with it rather than after it.
  const first = requestEventsPage(domain, 1);
  first.catch(() => undefined);
  const organiser = await getOrganiser(domain);
  if (organiser.error === null && organiser.recentEvents.some((e) => e.id === eventId))
    return true;
  return walkEvents(domain, (events) => events.some((e) => e.id === eventId), first);
});

/**
 * The event behind a gallery or promo-editor URL on an organiser's host, once per request.
 * Every lookup is scoped to that organiser: an event of another one is 'not-found', exactly
 * like an id that names no event, so nothing of it (name, photos) can reach this host's pages.
 */
export const loadEvent = cache(async (domain: string, slug: string): Promise<EventLoad> => {
  const eventId = eventIdFromSlug(slug);
  if (eventId === null) return { kind: 'no-id' };
  // The visitor's grant of a password event, when they have one (./access.ts).
  const grant = await eventGrant(eventId);
  const ownership = eventOwnership(domain, eventId);
  ownership.catch(() => undefined);
  const failed = (error: unknown): EventLoad => {
    const message = messageOf(error);
    console.error(
      message.startsWith(EVENT_DATA_FAILURE) ? message : describeFailure(EVENT_DATA_FAILURE, error),
    );
    return { kind: 'fetch-failed', message, transient: isTransient(error) };
  };
  let raw: unknown;
  try {
    raw = await fetchEventConfig(eventId, fetch, grant);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) {
      console.error(messageOf(error));
      return { kind: 'not-found' };
    }
    // A password event: its page asks for the password, when it is the organiser's.
    const locked = lockedReason(error, grant);
    if (!locked) return failed(error);
    try {
      if ((await ownership) === null) return { kind: 'not-found' };
      return { kind: 'locked', eventId, slug, reason: locked };
    } catch (failure) {
      return failed(failure);
    }
  }
  // A config that cannot be mapped shows 'Error Loading Event', whoever's event it is: nothing of
  // the event is shown.
  let event: EventPage;
  try {
    event = readEventConfig(raw);
    // The config must be of the event asked for.
    if (event.details.id !== eventId)
      throw new EventMappingError(`the configuration is of event ${event.details.id}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Error mapping the event configuration of event ${eventId}: ${message}`);
    return { kind: 'mapping-failed', message };
  }
  let ours: 'listed' | 'link' | null;
  try {
    ours = await ownership;
  } catch (error) {
    return failed(error);
  }
  if (ours === null) return { kind: 'not-found' };
  return { kind: 'ok', event, grant, listed: ours === 'listed' };
});

/**
 * Why the event's config was refused to this visitor, when it was for want of a grant: 401 (a
 * password event, no grant sent), or 403 with a grant sent (it no longer opens the event).
 */
function lockedReason(error: unknown, grant: string | null): 'password' | 'expired' | null {
  if (!(error instanceof ProviderError)) return null;
  if (error.status === 401) return 'password';
  if (error.status === 403 && grant) return 'expired';
  return null;
}

/**
 * Whether an event id names one of the organiser's events, as far as the provider tells within
 * `waitMs`: false for an event the provider does not know or that is another organiser's; null
 * when that could not be told in time (a slow or failing provider), and the page decides.
 */
export async function eventKnownWithin(
  domain: string,
  eventId: number,
  waitMs: number,
  /** The visitor's grant of the event, if any (an unlisted event is not found without one). */
  grant: string | null = null,
): Promise<boolean | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const ours = isOrganisersEvent(domain, eventId);
  ours.catch(() => undefined);
  const known = Promise.all([fetchEventConfig(eventId, fetch, grant), ours]).then(
    ([, mine]) => mine,
    (error: unknown) => {
      if (error instanceof ProviderError && error.status === 404) return false;
      // A password event: known when it is the organiser's (its page asks for the password).
      if (lockedReason(error, null)) return ours.catch(() => null);
      return null;
    },
  );
  try {
    return await Promise.race([known, late]);
  } finally {
    clearTimeout(timer);
  }
}
