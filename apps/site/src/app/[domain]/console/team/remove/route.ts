import { removeUser } from '@/provider/console-branding';
import { checkedChange, toConsoleScreen } from '../../change';
import { sessionTokenOfChange } from '../../session';

/**
 * Removes a console user (Team screen): the admin API's `DELETE /users/:id` with the owner's own
 * password typed again (a script in their browser has the session, not the password); never the
 * last owner.
 */
export async function POST(request: Request) {
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const token = await sessionTokenOfChange();
  if (!token) return toConsoleScreen('/console');
  const id = Number(change.form.get('user_id'));
  if (!Number.isSafeInteger(id) || id <= 0)
    return toConsoleScreen('/console/team', { error: 'not-found' });
  const password = change.form.get('password');
  if (typeof password !== 'string' || password === '' || password.length > 200)
    return toConsoleScreen('/console/team', { error: 'password' });
  const removed = await removeUser(token, id, password);
  if (!removed.ok) {
    if (removed.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return toConsoleScreen('/console/team', {
      error:
        removed.status === 409
          ? 'last-owner'
          : removed.status === 404 || removed.status === 400
            ? 'not-found'
            : removed.status === 429
              ? 'limited'
              : removed.status === 403
                ? /password/i.test(removed.message)
                  ? 'password'
                  : 'owners-only'
                : 'unavailable',
    });
  }
  return toConsoleScreen('/console/team', { removed: removed.data.removed });
}
