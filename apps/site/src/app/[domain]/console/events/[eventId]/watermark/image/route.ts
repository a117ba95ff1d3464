import { MAX_WATERMARK_IMAGE_BYTES } from '@eventsite/contract';
import { WATERMARK_TEXT as T } from '@/components/console/watermark/strings';
import { removeWatermarkImage, uploadWatermarkImage } from '@/provider/console-watermark';
import { toConsoleScreen } from '../../../../change';
import { eventChange, failureMessage } from '../../../act';
import { eventChanged, eventIdOf } from '../../../screen';

type Context = { params: Promise<{ domain: string; eventId: string }> };

/**
 * Uploads (or removes) the watermark image: the form's file goes to the admin API's
 * `POST /events/{id}/watermark/image` as the body; the API decodes it and refuses what is not a
 * picture. Origin and CSRF checked first.
 */
export async function POST(request: Request, { params }: Context) {
  const { domain, eventId: idParam } = await params;
  const id = eventIdOf(idParam);
  const screen = (eventId: number | null) => `/console/events/${eventId ?? 0}/watermark` as const;
  // A body far over the limit is not read at all.
  if (
    id !== null &&
    Number(request.headers.get('content-length') ?? 0) > MAX_WATERMARK_IMAGE_BYTES + 64 * 1024
  )
    return toConsoleScreen(screen(id), { error: T.imageTooLarge });
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const { token, eventId, form } = change;
  const back = (query: Record<string, string>) => toConsoleScreen(screen(eventId), query);
  const remove = form.get('action') === 'remove';
  let answer;
  if (remove) {
    answer = await removeWatermarkImage(token, eventId);
  } else {
    const file = form.get('image');
    if (!(file instanceof Blob) || file.size === 0) return back({ error: T.imageMissing });
    if (file.size > MAX_WATERMARK_IMAGE_BYTES) return back({ error: T.imageTooLarge });
    answer = await uploadWatermarkImage(token, eventId, {
      type: file.type,
      data: await file.arrayBuffer(),
    });
  }
  if (!answer.ok) {
    if (answer.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return back({ error: failureMessage(answer) });
  }
  eventChanged(domain, eventId);
  return back({ notice: remove ? 'image-removed' : 'image' });
}
