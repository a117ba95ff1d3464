import { MAX_FRAME_BYTES } from '@eventsite/contract';
import { WATERMARK_TEXT as T } from '@/components/console/watermark/strings';
import { addFrame, removeFrame } from '@/provider/console-watermark';
import { toConsoleScreen } from '../../../../change';
import { eventChange, failureMessage } from '../../../act';
import { eventChanged, eventIdOf } from '../../../screen';

type Context = { params: Promise<{ domain: string; eventId: string }> };

/**
 * Adds a sponsor frame (a name and a PNG, multipart) or removes one (`frame_id`), through the
 * admin API; the API checks the PNG and says why it refuses one. Origin and CSRF checked first.
 */
export async function POST(request: Request, { params }: Context) {
  const { domain, eventId: idParam } = await params;
  const id = eventIdOf(idParam);
  const screen = (eventId: number | null) => `/console/events/${eventId ?? 0}/watermark` as const;
  if (
    id !== null &&
    Number(request.headers.get('content-length') ?? 0) > MAX_FRAME_BYTES + 64 * 1024
  )
    return toConsoleScreen(screen(id), { error: T.frameTooLarge });
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const { token, eventId, form } = change;
  const back = (query: Record<string, string>) => toConsoleScreen(screen(eventId), query);
  const remove = form.get('action') === 'remove';
  let answer;
  if (remove) {
    const frameId = Number(form.get('frame_id'));
    if (!Number.isSafeInteger(frameId) || frameId < 1)
      return new Response('Not found', { status: 404 });
    answer = await removeFrame(token, eventId, frameId);
  } else {
    const name = String(form.get('name') ?? '').trim();
    const file = form.get('frame');
    if (!name) return back({ error: T.frameNameMissing });
    if (!(file instanceof Blob) || file.size === 0) return back({ error: T.frameMissing });
    if (file.size > MAX_FRAME_BYTES) return back({ error: T.frameTooLarge });
    answer = await addFrame(token, eventId, name, { data: await file.arrayBuffer() });
  }
  if (!answer.ok) {
    if (answer.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return back({ error: failureMessage(answer) });
  }
  eventChanged(domain, eventId);
  return back({ notice: remove ? 'frame-removed' : 'frame' });
}
