import { draftOfForm, encodeDraft, inputOfDraft } from '@/components/console/watermark/form';
import { consoleWatermark, saveWatermark } from '@/provider/console-watermark';
import { toConsoleScreen } from '../../../../change';
import { eventChange, failureMessage } from '../../../act';
import { eventChanged } from '../../../screen';

type Context = { params: Promise<{ domain: string; eventId: string }> };

/**
 * Saves the watermark's settings: the form is checked as the API checks it (the contract's
 * schema and rule), then `PUT /events/{id}/watermark`. A refusal comes back with the field, its
 * message and the form as typed. Origin and CSRF checked first.
 */
export async function POST(request: Request, { params }: Context) {
  const { domain, eventId: idParam } = await params;
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const { token, eventId, form } = change;
  const screen = `/console/events/${eventId}/watermark` as const;
  const draft = draftOfForm(form);
  const back = (field: string, message: string) =>
    toConsoleScreen(screen, { field, error: message, draft: encodeDraft(draft) });
  const current = await consoleWatermark(token, eventId);
  if (!current.ok) {
    if (current.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return back('form', failureMessage(current));
  }
  const checked = inputOfDraft(draft, current.data.image_url !== '');
  if (!checked.ok) return back(checked.field, checked.message);
  const saved = await saveWatermark(token, eventId, checked.input);
  if (!saved.ok) {
    if (saved.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return back('form', failureMessage(saved));
  }
  eventChanged(domain, eventId);
  return toConsoleScreen(screen, { notice: 'saved' });
}
