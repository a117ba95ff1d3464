import { mapOfChoices } from '@/components/console/events/results-file';
import { consoleStash } from '@/components/console/events/stash';
import { EVENTS_TEXT } from '@/components/console/events/strings';
import { importResults, previewResults } from '@/provider/console-events';
import { toConsoleScreen } from '../../../../change';
import { eventChange, failureMessage } from '../../../act';
import { eventChanged } from '../../../screen';
import { REPORT_KIND, type StashedFile, UPLOAD_KIND } from '../stashed';

type Context = { params: Promise<{ domain: string; eventId: string }> };

/**
 * Imports the previewed file with the columns chosen: the event's results are replaced (a bib
 * already there is updated), its runner pages refreshed at once, and the report (counts, each
 * row's problem) shown.
 */
export async function POST(request: Request, { params }: Context) {
  const { domain, eventId: idParam } = await params;
  const change = await eventChange(request, idParam);
  if (!change.ok) return change.response;
  const { token, eventId, form } = change;
  const screen = `/console/events/${eventId}/results` as const;
  const stash = consoleStash();
  const fileId = form.get('file');
  const file = stash.get<StashedFile>(token, UPLOAD_KIND, fileId);
  if (!file || file.eventId !== eventId)
    return toConsoleScreen(screen, { error: EVENTS_TEXT.fileExpired });
  const headers = await previewResults(token, eventId, file.bytes, '');
  if (!headers.ok) return toConsoleScreen(screen, { error: failureMessage(headers) });
  const map = mapOfChoices(form, headers.data.headers);
  const imported = await importResults(token, eventId, file.bytes, map);
  if (!imported.ok)
    return toConsoleScreen(screen, { error: failureMessage(imported), file: String(fileId) });
  eventChanged(domain, eventId);
  stash.drop(String(fileId));
  const report = stash.put(token, REPORT_KIND, imported.data);
  return toConsoleScreen(screen, report ? { report } : {});
}
