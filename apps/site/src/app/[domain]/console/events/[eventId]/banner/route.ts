import { MAX_BANNER_BYTES } from '@eventsite/contract';
import { EVENTS_TEXT } from '@/components/console/events/strings';
import { removeBanner, uploadBanner } from '@/provider/console-events';
import { toConsoleScreen } from '../../../change';
import { eventChange, failureMessage } from '../../act';
import { eventChanged, eventIdOf } from '../../screen';

type Context = { params: Promise<{ domain: string; eventId: string }> };

/**
 * Uploads (or removes) the event's banner: the form's file (multipart) goes to
 * the admin API's `POST /events/{id}/banner` as the body; the API decodes it and refuses what is not
 * a picture. Origin and CSRF checked first; the event's cached public pages expire at once.
 */
export async function POST(request: Request, { params }: Context) {
  const { domain, eventId: idParam } = await params;
  const id = eventIdOf(idParam);
  // A body far over the limit is not read at all.
  if (
    id !== null &&
    Number(request.headers.get('content-length') ?? 0) > MAX_BANNER_BYTES + 64 * 1024
  )
    return toConsoleScreen(`/console/events/${id}`, { error: EVENTS_TEXT.bannerTooLarge });
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const { token, eventId, form } = change;
  const back = (query: Record<string, string>) =>
    toConsoleScreen(`/console/events/${eventId}`, query);
  let answer;
  if (form.get('action') === 'remove') {
    answer = await removeBanner(token, eventId);
  } else {
    const file = form.get('banner');
    if (!(file instanceof Blob) || file.size === 0)
      return back({ error: EVENTS_TEXT.bannerMissing });
    if (file.size > MAX_BANNER_BYTES) return back({ error: EVENTS_TEXT.bannerTooLarge });
    answer = await uploadBanner(token, eventId, {
      type: file.type,
      data: await file.arrayBuffer(),
    });
  }
  if (!answer.ok) {
    if (answer.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return back({ error: failureMessage(answer) });
  }
  eventChanged(domain, eventId);
  return back({ notice: form.get('action') === 'remove' ? 'banner-removed' : 'banner' });
}
