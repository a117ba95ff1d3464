import { BIBS_TEXT } from '@/components/console/bibs/strings';
import { MAX_BIBS_PER_PHOTO, parseBibs } from '@/components/console/bibs/parse';
import { NO_INDEX } from '@/lib/console-security';
import { setPhotoBibs } from '@/provider/console-bibs';
import { checkedChange, toConsoleScreen } from '../../../../change';
import { sessionTokenOfChange } from '../../../../session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function json(status: number, body: object): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'x-robots-tag': NO_INDEX,
    },
  });
}

/**
 * Saves a photo's bibs by hand (the admin API's `PUT /photos/{uuid}/bibs`): the form of Bibs by hand
 * without JavaScript (303 to the next photo, or back to this one with the error and what was
 * typed), or its fetch call (`Accept: application/json`: `{ ok, bibs }` or `{ ok: false, message }`).
 * Origin and CSRF are checked first either way.
 */
export async function POST(request: Request, { params }: { params: Promise<{ eventId: string }> }) {
  // The bibs screen saves with fetch (and, without JavaScript, its plain form).
  const change = await checkedChange(request, { scripted: true });
  if (!change.ok) return change.response;
  const { eventId: rawId } = await params;
  const eventId = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  const { form } = change;
  const uuid = String(form.get('uuid') ?? '');
  const typed = String(form.get('bibs') ?? '').slice(0, 2000);
  const after = String(form.get('after') ?? '');
  const screen = `/console/events/${eventId}/bibs` as const;
  const back = (message: string, status: number) =>
    wantsJson
      ? json(status, { ok: false, message })
      : toConsoleScreen(screen, {
          ...(UUID.test(after) ? { after } : {}),
          error: message,
          typed,
        });
  const token = await sessionTokenOfChange();
  if (!token)
    return wantsJson
      ? json(401, { ok: false, message: 'Sign in again' })
      : toConsoleScreen('/console');
  if (!UUID.test(uuid) || eventId === 0) return back('this photo is not known', 400);
  const parsed = parseBibs(typed);
  if (!parsed.ok) return back(BIBS_TEXT.badBibs(parsed.bad), 400);
  if (parsed.bibs.length > MAX_BIBS_PER_PHOTO)
    return back(BIBS_TEXT.tooMany(MAX_BIBS_PER_PHOTO), 400);
  const saved = await setPhotoBibs(token, uuid, parsed.bibs);
  if (!saved.ok) {
    if (saved.status === 401 && !wantsJson)
      return toConsoleScreen('/console', { notice: 'expired' });
    return back(saved.message, saved.status === null ? 502 : saved.status);
  }
  if (wantsJson) return json(200, { ok: true, bibs: saved.data.bibs });
  // The photo saved leaves the list when it has tags; either way the next one is after it.
  return toConsoleScreen(screen, { after: uuid, saved: saved.data.bibs.join(' ') || '-' });
}
