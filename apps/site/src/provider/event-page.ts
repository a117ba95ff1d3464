import { cache } from 'react';
import { eventIdFromSlug } from '@/lib/slug';
import { describeFailure, isTransient, messageOf } from './envelope';
import { EVENT_DATA_FAILURE, fetchEventConfig } from './event';
import type { EventPage } from './model';
import type { OrganiserResult } from './organiser';
import { reshapeEventConfig } from './reshape';

export type EventLoad =
  | { kind: 'ok'; event: EventPage }
  /** The slug names no event id (spec §5). */
  | { kind: 'no-id' }
  /** The config call failed (spec §8). */
  | { kind: 'fetch-failed'; message: string; transient: boolean }
  /** The config came but could not be mapped (spec §2: 'Error Loading Event'). */
  | { kind: 'mapping-failed'; message: string };

/** The event behind a gallery or promo-editor URL, once per request. */
export const loadEvent = cache(async (slug: string): Promise<EventLoad> => {
  const eventId = eventIdFromSlug(slug);
  if (eventId === null) return { kind: 'no-id' };
  let raw: unknown;
  try {
    raw = await fetchEventConfig(eventId);
  } catch (error) {
    const message = messageOf(error);
    console.error(message.startsWith(EVENT_DATA_FAILURE) ? message : describeFailure(EVENT_DATA_FAILURE, error));
    return { kind: 'fetch-failed', message, transient: isTransient(error) };
  }
  try {
    return { kind: 'ok', event: reshapeEventConfig(raw) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Error mapping the event configuration of event ${eventId}: ${message}`);
    return { kind: 'mapping-failed', message };
  }
});

/**
 * One organiser per host: an event of another organiser is not shown under this one's brand.
 * The config call takes no app_domain, so the organiser's name is what ties them; when the
 * organiser could not be loaded there is nothing to compare with, and the event is shown.
 */
export function belongsToOrganiser(event: EventPage, organiser: Pick<OrganiserResult, 'organiser' | 'error'>): boolean {
  const owner = event.details.organiser_name.trim();
  if (organiser.error !== null || owner === '') return true;
  return owner === organiser.organiser.name;
}
