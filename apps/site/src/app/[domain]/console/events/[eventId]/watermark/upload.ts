import type { ConsoleCall } from '@/provider/console';
import { toConsoleScreen } from '../../../change';
import { eventChange, failureMessage } from '../../act';
import { eventChanged, eventIdOf } from '../../screen';

type Context = { params: Promise<{ domain: string; eventId: string }> };

/** What a form of the watermark screen sent, once its origin, CSRF and session are checked. */
interface Upload {
  token: string;
  eventId: number;
  form: FormData;
  /** Back to the watermark screen, saying something (`error` or `notice`). */
  back: (query: Record<string, string>) => Response;
}

/** An admin API answer, or the page's own answer (a refusal before any call). */
type Outcome = ConsoleCall<unknown> | Response;

/**
 * The one way the watermark screen's file forms post (the watermark image, the sponsor frames):
 * a body far over `maxBytes` is not read at all; the origin, CSRF and session are checked; the
 * action calls the admin API; a signed-out session goes to sign-in, a refusal back to the screen
 * with the API's reason, a change back with `notice` and the event's public pages refreshed.
 */
export async function watermarkUpload(
  request: Request,
  { params }: Context,
  options: {
    maxBytes: number;
    tooLarge: string;
    act: (upload: Upload) => Promise<Outcome>;
    notice: (form: FormData) => string;
  },
): Promise<Response> {
  const { domain, eventId: idParam } = await params;
  const id = eventIdOf(idParam);
  const screen = (eventId: number) => `/console/events/${eventId}/watermark` as const;
  if (
    id !== null &&
    Number(request.headers.get('content-length') ?? 0) > options.maxBytes + 64 * 1024
  )
    return toConsoleScreen(screen(id), { error: options.tooLarge });
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const { token, eventId, form } = change;
  const back = (query: Record<string, string>) => toConsoleScreen(screen(eventId), query);
  const answer = await options.act({ token, eventId, form, back });
  if (answer instanceof Response) return answer;
  if (!answer.ok) {
    if (answer.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return back({ error: failureMessage(answer) });
  }
  eventChanged(domain, eventId);
  return back({ notice: options.notice(form) });
}
