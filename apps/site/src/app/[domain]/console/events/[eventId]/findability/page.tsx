import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ConsoleFrame, EventNav } from '@/components/console/ConsoleFrame';
import { FindabilityDashboard } from '@/components/console/insight/FindabilityDashboard';
import { FINDABILITY_TEXT } from '@/components/console/insight/findability-strings';
import { CONSOLE_TEXT } from '@/components/console/strings';
import '@/components/console/console.css';
import '@/components/console/insight/insight.css';
import { consoleEvent } from '@/provider/console-events';
import { eventFindability } from '@/provider/console-insight';
import { consoleSessionOrSignIn } from '../../../session';
import { eventIdOf } from '../../screen';

export const metadata: Metadata = {
  title: `${FINDABILITY_TEXT.title} | ${CONSOLE_TEXT.title}`,
  robots: { index: false, follow: false },
};

type Props = { params: Promise<{ domain: string; eventId: string }> };

/** The findability dashboard of one event (owner and editor). */
export default async function FindabilityPage({ params }: Props) {
  const { eventId: raw } = await params;
  const eventId = eventIdOf(raw);
  if (eventId === null) notFound();
  const session = await consoleSessionOrSignIn();
  const [event, data] = await Promise.all([
    consoleEvent(session.token, eventId),
    eventFindability(session.token, eventId),
  ]);
  if (!event.ok && event.status === 404) notFound();
  const name = event.ok ? event.data.name : FINDABILITY_TEXT.title;
  return (
    <div className="container page console">
      <ConsoleFrame who={session.who} csrf={session.csrf} current="events" title={name}>
        <p className="console-back">
          <a className="text-link" href="/console">
            {CONSOLE_TEXT.backToEvents}
          </a>
        </p>
        <EventNav who={session.who} eventId={eventId} eventName={name} current="findability" />
        {data.ok ? (
          <FindabilityDashboard eventId={eventId} data={data.data} />
        ) : (
          <p className="console-error" role="alert">
            {data.status === 403 ? data.message : FINDABILITY_TEXT.failed}
          </p>
        )}
      </ConsoleFrame>
    </div>
  );
}
