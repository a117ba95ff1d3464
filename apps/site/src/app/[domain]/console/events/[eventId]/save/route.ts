import { patchOfValues, valuesOfEvent, valuesOfForm } from '@/components/console/events/event-form';
import { consoleStash } from '@/components/console/events/stash';
import { changeConsoleEvent, consoleEvent } from '@/provider/console-events';
import { toConsoleScreen } from '../../../change';
import { eventChange, failureMessage } from '../../act';
import { eventChanged } from '../../screen';

type Context = { params: Promise<{ domain: string; eventId: string }> };

/**
 * Saves the event's settings form: every field checked here first, then by the API; a refusal
 * goes back to the form with the values as typed. A new name gives a new public address: the
 * screen says so.
 */
export async function POST(request: Request, { params }: Context) {
  const { domain, eventId: idParam } = await params;
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const { token, eventId } = change;
  const screen = `/console/events/${eventId}` as const;
  const values = valuesOfForm(change.form);
  const back = (errors: Record<string, string>) =>
    toConsoleScreen(screen, {
      draft: consoleStash().put(token, 'event-draft', { values, errors }) ?? '',
    });
  const before = await consoleEvent(token, eventId);
  if (!before.ok) return back({ form: failureMessage(before) });
  const checked = patchOfValues(values, valuesOfEvent(before.data));
  if (!checked.ok) return back(checked.errors);
  const saved = await changeConsoleEvent(token, eventId, checked.patch);
  if (!saved.ok) return back({ form: failureMessage(saved) });
  eventChanged(domain, eventId);
  const renamed = before.data.slug !== saved.data.slug;
  return toConsoleScreen(screen, { notice: renamed ? 'renamed' : 'saved' });
}
