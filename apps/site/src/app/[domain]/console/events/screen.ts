import type { AdminEvent } from '@eventsite/contract';
import { revalidateTag } from 'next/cache';
import { notFound } from 'next/navigation';
import { EVENTS_TEXT } from '@/components/console/events/strings';
import { eventHref } from '@/components/events/strings';
import { siteOrigin } from '@/lib/seo';
import { organiserTag } from '@/provider/organiser';
import { consoleEvent } from '@/provider/console-events';
import { type ConsoleSession, consoleSessionOrSignIn } from '../session';

/** The event id of a console URL (`/console/events/{id}`), or null. */
export function eventIdOf(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/**
 * The signed-in user and the event of an event screen: signed out, the sign-in form; an id that
 * is not one of the organiser's events, 404; the API down, the event is null with the reason.
 */
export async function eventScreen(idParam: string): Promise<{
  session: ConsoleSession;
  eventId: number;
  event: AdminEvent | null;
  error: string | null;
}> {
  const session = await consoleSessionOrSignIn();
  const eventId = eventIdOf(idParam);
  if (eventId === null) notFound();
  const call = await consoleEvent(session.token, eventId);
  if (call.ok) return { session, eventId, event: call.data, error: null };
  if (call.status === 404) notFound();
  return {
    session,
    eventId,
    event: null,
    error: call.status === 403 ? call.message : EVENTS_TEXT.unavailable,
  };
}

/** The public gallery address of an event on the organiser's site. */
export function publicUrlOf(domain: string, slug: string): string {
  return `${siteOrigin(domain)}${eventHref(slug, 'photos')}`;
}

/**
 * After an event changed, the site's cached answers about it and the organiser's events list
 * expire at once, so the public pages of this site process show the change on their next view
 * (not up to 30 s later). Another site process still keeps its own cache up to 30 s.
 */
export function eventChanged(domain: string, eventId: number): void {
  revalidateTag(`events:${domain}`, { expire: 0 });
  revalidateTag(`event:${eventId}`, { expire: 0 });
  revalidateTag(organiserTag(domain), { expire: 0 });
}

/** The first value of a page's query parameter. */
export function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
