import { consoleStash } from '@/components/console/events/stash';
import { consoleEvent, deleteConsoleEvent } from '@/provider/console-events';
import { toConsoleScreen } from '../../../../change';
import { eventChange, failureMessage } from '../../../act';
import { eventChanged } from '../../../screen';

type Context = { params: Promise<{ domain: string; eventId: string }> };

/**
 * Deletes the event once confirmed: the box ticked, and the photo count the person saw still the
 * event's (photos uploaded meanwhile mean asking again). Nothing is deleted otherwise.
 */
export async function POST(request: Request, { params }: Context) {
  const { domain, eventId: idParam } = await params;
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const { token, eventId, form } = change;
  const screen = `/console/events/${eventId}/delete` as const;
  if (form.get('confirm') !== 'yes') return toConsoleScreen(screen, { error: 'unconfirmed' });
  const current = await consoleEvent(token, eventId);
  if (!current.ok) return toConsoleScreen(screen, { error: failureMessage(current) });
  if (String(current.data.total_images) !== form.get('photos'))
    return toConsoleScreen(screen, { error: 'changed' });
  const deleted = await deleteConsoleEvent(token, eventId);
  if (!deleted.ok) return toConsoleScreen(screen, { error: failureMessage(deleted) });
  eventChanged(domain, eventId);
  const done = consoleStash().put(token, 'event-deleted', {
    name: current.data.name,
    photos: deleted.data.photos,
  });
  return toConsoleScreen('/console/events/deleted', done ? { done } : {});
}
