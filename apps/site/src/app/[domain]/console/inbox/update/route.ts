import type { InboxMessagePatch } from '@eventsite/contract';
import { updateMessage } from '@/provider/console-inbox';
import { checkedChange, toConsoleScreen } from '../../change';
import { sessionTokenOfChange } from '../../session';

const PATCHES: Record<string, InboxMessagePatch> = {
  read: { read: true },
  unread: { read: false },
  archived: { archived: true },
  unarchived: { archived: false },
};

/** Where to go back to: a page of the inbox only. */
function backOf(value: FormDataEntryValue | null): `/console${string}` {
  const back = typeof value === 'string' ? value : '';
  return /^\/console\/inbox(\?(archived=1)?(&?page=\d{1,5})?)?$/.test(back)
    ? (back as `/console${string}`)
    : '/console/inbox';
}

/**
 * Marks a message read or unread, archives it or brings it back (the admin API's
 * `PATCH /messages/{id}`): Origin and CSRF checked, then 303 back to the page it came from
 * with what happened.
 */
export async function POST(request: Request) {
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const { form } = change;
  const back = backOf(form.get('back'));
  const [path, search = ''] = back.split('?') as [`/console${string}`, string?];
  const query = Object.fromEntries(new URLSearchParams(search));
  const token = await sessionTokenOfChange();
  if (!token) return toConsoleScreen('/console');
  const action = String(form.get('action') ?? '');
  const id = String(form.get('id') ?? '');
  const patch = Object.hasOwn(PATCHES, action) ? PATCHES[action] : undefined;
  if (!patch || !/^\d{1,9}$/.test(id))
    return toConsoleScreen(path, { ...query, error: 'this was not a change the inbox knows' });
  const done = await updateMessage(token, Number(id), patch);
  if (!done.ok) {
    if (done.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return toConsoleScreen(path, { ...query, error: done.message });
  }
  return toConsoleScreen(path, { ...query, notice: action });
}
