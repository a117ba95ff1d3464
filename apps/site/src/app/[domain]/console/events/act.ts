import { EVENTS_TEXT } from '@/components/console/events/strings';
import { whoIsSignedIn } from '@/provider/console';
import { checkedChange, toConsoleScreen } from '../change';
import { sessionTokenOfChange } from '../session';
import { eventIdOf } from './screen';

/**
 * A checked change of an event's screen: Origin and CSRF checked, the session's token, the
 * event's id; else the answer to give (403, back to sign-in, 404). The session is asked of the
 * API before anything is done: a change may keep what was sent in the site's memory (the stash),
 * and nothing is kept for a visitor who is not signed in (a made-up cookie).
 */
export async function eventChange(
  request: Request,
  idParam: string | null,
): Promise<
  { ok: true; form: FormData; token: string; eventId: number } | { ok: false; response: Response }
> {
  const change = await checkedChange(request);
  if (!change.ok) return change;
  const token = await sessionTokenOfChange();
  if (!token) return { ok: false, response: toConsoleScreen('/console', { notice: 'expired' }) };
  const who = await whoIsSignedIn(token);
  if (!who.ok)
    return {
      ok: false,
      response: toConsoleScreen('/console', {
        notice: who.status === 401 ? 'expired' : who.status === 429 ? 'held' : 'unavailable',
      }),
    };
  let eventId = 0;
  if (idParam !== null) {
    const id = eventIdOf(idParam);
    if (id === null) return { ok: false, response: new Response('Not found', { status: 404 }) };
    eventId = id;
  }
  return { ok: true, form: change.form, token, eventId };
}

/** The message for a failed call: the API's own words, or that it did not answer. */
export function failureMessage(call: { status: number | null; message: string }): string {
  return call.status === null || call.status >= 500 ? EVENTS_TEXT.apiDown : call.message;
}
