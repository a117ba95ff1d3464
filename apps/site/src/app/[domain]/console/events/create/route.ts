import { inputOfValues, valuesOfForm } from '@/components/console/events/event-form';
import { consoleStash } from '@/components/console/events/stash';
import { createConsoleEvent } from '@/provider/console-events';
import { toConsoleScreen } from '../../change';
import { eventChange, failureMessage } from '../act';
import { eventChanged } from '../screen';

type Context = { params: Promise<{ domain: string }> };

/**
 * Creates an event (not published) and goes to its settings; a refusal goes back to the form
 * with the values as typed and each field's error.
 */
export async function POST(request: Request, { params }: Context) {
  const { domain } = await params;
  const change = await eventChange(request, null);
  if (!change.ok) return change.response;
  const values = valuesOfForm(change.form);
  const checked = inputOfValues(values);
  const back = (errors: Record<string, string>) =>
    toConsoleScreen('/console/events/new', {
      draft: consoleStash().put(change.token, 'event-draft', { values, errors }) ?? '',
    });
  if (!checked.ok) return back(checked.errors);
  const created = await createConsoleEvent(change.token, { ...checked.input, published: false });
  if (!created.ok) return back({ form: failureMessage(created) });
  eventChanged(domain, created.data.id);
  return toConsoleScreen(`/console/events/${created.data.id}`, { notice: 'created' });
}
