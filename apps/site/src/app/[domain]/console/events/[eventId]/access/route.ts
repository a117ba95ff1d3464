import {
  eventAccessLevel,
  MAX_GALLERY_PASSWORD_LENGTH,
  MIN_GALLERY_PASSWORD_LENGTH,
} from '@eventsite/contract';
import { ACCESS_SETTINGS_TEXT } from '@/components/console/events/access-strings';
import { changeConsoleEventAccess } from '@/provider/console-access';
import { toConsoleScreen } from '../../../change';
import { eventChange, failureMessage } from '../../act';
import { eventChanged } from '../../screen';

type Context = { params: Promise<{ domain: string; eventId: string }> };

/**
 * Saves the event's Access (docs/private-galleries.md): public, unlisted, or password with the
 * password typed (empty keeps the one set). Checked here first, then by the API; the public site
 * of this process shows the change on its next view (its cached lists and event expire).
 */
export async function POST(request: Request, { params }: Context) {
  const { domain, eventId: idParam } = await params;
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const { token, eventId } = change;
  const screen = `/console/events/${eventId}` as const;
  const refuse = (message: string) =>
    toConsoleScreen(screen, { access_error: message.slice(0, 300) });
  const level = eventAccessLevel.safeParse(change.form.get('access'));
  if (!level.success) return refuse(level.error.issues[0]?.message ?? 'Choose who may see it');
  const typed = change.form.get('password');
  const password = typeof typed === 'string' && typed !== '' ? typed : undefined;
  if (level.data === 'password' && password !== undefined) {
    if (password.length < MIN_GALLERY_PASSWORD_LENGTH) return refuse(ACCESS_SETTINGS_TEXT.tooShort);
    if (password.length > MAX_GALLERY_PASSWORD_LENGTH) return refuse(ACCESS_SETTINGS_TEXT.tooLong);
  }
  const saved = await changeConsoleEventAccess(token, eventId, {
    access: level.data,
    ...(level.data === 'password' && password !== undefined ? { password } : {}),
  });
  if (!saved.ok)
    return refuse(
      saved.status === 400 && /needs a password/.test(saved.message)
        ? ACCESS_SETTINGS_TEXT.needsPassword
        : failureMessage(saved),
    );
  eventChanged(domain, eventId);
  return toConsoleScreen(screen, { notice: `access-${saved.data.access}` });
}
