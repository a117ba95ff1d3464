import { eraseConsoleFaceData } from '@/provider/console-faces';
import { toConsoleScreen } from '../../../../change';
import { eventChange, failureMessage } from '../../../act';

type Context = { params: Promise<{ domain: string; eventId: string }> };

/**
 * Erases the event's face data, once confirmed on its settings screen (the confirmation is the
 * button under what goes and what stays): every face template, at once. Back to the screen,
 * which then shows zero, with how many were deleted.
 */
export async function POST(request: Request, { params }: Context) {
  const { eventId: idParam } = await params;
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const { token, eventId } = change;
  const screen = `/console/events/${eventId}` as const;
  const erased = await eraseConsoleFaceData(token, eventId);
  if (!erased.ok) return toConsoleScreen(screen, { error: failureMessage(erased) });
  return toConsoleScreen(screen, { notice: 'faces-erased', erased: String(erased.data.deleted) });
}
