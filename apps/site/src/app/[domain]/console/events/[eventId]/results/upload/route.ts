import { CONSOLE_RESULTS_MAX_BYTES, uploadProblem } from '@/components/console/events/results-file';
import { consoleStash } from '@/components/console/events/stash';
import { EVENTS_TEXT } from '@/components/console/events/strings';
import { toConsoleScreen } from '../../../../change';
import { eventChange } from '../../../act';
import { eventIdOf } from '../../../screen';
import { type StashedFile, UPLOAD_KIND } from '../stashed';

type Context = { params: Promise<{ eventId: string }> };

/** The multipart request around a file of the largest size taken. */
const MAX_REQUEST_BYTES = CONSOLE_RESULTS_MAX_BYTES + 64 * 1024;

/**
 * Takes a results file: checked (size, not a workbook, PDF or binary), kept for 30 minutes for
 * this session, then its preview. A request too large is refused before its body is read.
 */
export async function POST(request: Request, { params }: Context) {
  const { eventId: idParam } = await params;
  const screen = `/console/events/${eventIdOf(idParam) ?? 0}/results` as const;
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > MAX_REQUEST_BYTES)
    return toConsoleScreen(screen, { error: EVENTS_TEXT.tooLargeRequest });
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const file = change.form.get('file');
  if (!(file instanceof File) || (file.size === 0 && file.name === ''))
    return toConsoleScreen(screen, { error: EVENTS_TEXT.noFile });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const problem = uploadProblem(bytes, file.name);
  if (problem) return toConsoleScreen(screen, { error: problem });
  const stashed: StashedFile = {
    eventId: change.eventId,
    filename: file.name.slice(0, 200) || 'results.csv',
    bytes,
  };
  const id = consoleStash().put(change.token, UPLOAD_KIND, stashed);
  if (!id) return toConsoleScreen(screen, { error: EVENTS_TEXT.tooLargeRequest });
  return toConsoleScreen(screen, { file: id });
}
