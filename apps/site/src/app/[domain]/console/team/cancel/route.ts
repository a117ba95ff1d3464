import { cancelInvite } from '@/provider/console-branding';
import { checkedChange, toConsoleScreen } from '../../change';
import { sessionTokenOfChange } from '../../session';

/** Cancels a pending invitation (Team screen): its link stops working. */
export async function POST(request: Request) {
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const token = await sessionTokenOfChange();
  if (!token) return toConsoleScreen('/console');
  const id = Number(change.form.get('invite_id'));
  if (!Number.isSafeInteger(id) || id <= 0)
    return toConsoleScreen('/console/team', { error: 'not-found' });
  const cancelled = await cancelInvite(token, id);
  if (!cancelled.ok) {
    if (cancelled.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return toConsoleScreen('/console/team', {
      error:
        cancelled.status === 404
          ? 'not-found'
          : cancelled.status === 403
            ? 'owners-only'
            : 'unavailable',
    });
  }
  return toConsoleScreen('/console/team', { notice: 'cancelled' });
}
