import type { Metadata } from 'next';
import type { ResultsImportAnswer, ResultsPreview } from '@eventsite/contract';
import { ConsoleFrame, EventNav } from '@/components/console/ConsoleFrame';
import { ResultsScreen } from '@/components/console/events/ResultsScreen';
import { mapOfChoices } from '@/components/console/events/results-file';
import { consoleStash } from '@/components/console/events/stash';
import { EVENTS_TEXT } from '@/components/console/events/strings';
import '@/components/console/console.css';
import '@/components/console/events/events.css';
import { previewResults } from '@/provider/console-events';
import { failureMessage } from '../../act';
import { eventScreen, one } from '../../screen';
import { type StashedFile, UPLOAD_KIND, REPORT_KIND } from './stashed';

export const metadata: Metadata = {
  title: 'Results',
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ eventId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * An event's results import (owner and editor): upload, then a preview with the columns (a GET
 * form: choosing columns changes nothing), then the import and its report.
 */
export default async function ResultsPage({ params, searchParams }: Props) {
  const [{ eventId: idParam }, query] = await Promise.all([params, searchParams]);
  const { session, eventId, event, error: loadError } = await eventScreen(idParam);
  const stash = consoleStash();
  let error = one(query.error)?.slice(0, 400) ?? loadError;
  let preview: { fileId: string; filename: string; data: ResultsPreview } | null = null;
  const fileId = one(query.file);
  if (event && fileId !== undefined) {
    const file = stash.get<StashedFile>(session.token, UPLOAD_KIND, fileId);
    if (!file || file.eventId !== eventId) error = EVENTS_TEXT.fileExpired;
    else {
      const first = await previewResults(session.token, eventId, file.bytes, '');
      const map = first.ok ? mapOfChoices(query as Record<string, string>, first.data.headers) : '';
      const call = map ? await previewResults(session.token, eventId, file.bytes, map) : first;
      if (call.ok) preview = { fileId, filename: file.filename, data: call.data };
      else error = failureMessage(call);
    }
  }
  const report = stash.get<ResultsImportAnswer>(session.token, REPORT_KIND, one(query.report));
  return (
    <div className="container page console">
      <ConsoleFrame
        who={session.who}
        csrf={session.csrf}
        current="events"
        title={EVENTS_TEXT.resultsTitle(event?.name ?? String(eventId))}
      >
        <EventNav
          who={session.who}
          eventId={eventId}
          eventName={event?.name ?? String(eventId)}
          current="results"
        />
        {event ? (
          <ResultsScreen
            eventId={eventId}
            csrf={session.csrf}
            error={error}
            preview={preview}
            report={report}
          />
        ) : (
          <p className="console-error" role="alert">
            {error}
          </p>
        )}
      </ConsoleFrame>
    </div>
  );
}
