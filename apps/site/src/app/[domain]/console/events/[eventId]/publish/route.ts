import { changeConsoleEvent } from '@/provider/console-events';
import { toConsoleScreen } from '../../../change';
import { eventChange, failureMessage } from '../../act';
import { eventChanged } from '../../screen';

type Context = { params: Promise<{ domain: string; eventId: string }> };

/**
 * Publishes or unpublishes the event. The site's cached events list and event pages expire at
 * once, so the public site of this process shows the change on its next view.
 */
export async function POST(request: Request, { params }: Context) {
  const { domain, eventId: idParam } = await params;
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const { token, eventId } = change;
  const published = change.form.get('published') === '1';
  const saved = await changeConsoleEvent(token, eventId, { published });
  if (!saved.ok)
    return toConsoleScreen(`/console/events/${eventId}`, { error: failureMessage(saved) });
  eventChanged(domain, eventId);
  return toConsoleScreen(`/console/events/${eventId}`, {
    notice: published ? 'published' : 'unpublished',
  });
}
