import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ConsoleFrame, EventNav } from '@/components/console/ConsoleFrame';
import { EventAnalytics } from '@/components/console/insight/EventAnalytics';
import { ANALYTICS_TEXT } from '@/components/console/insight/analytics-strings';
import { CONSOLE_TEXT } from '@/components/console/strings';
import '@/components/console/console.css';
import '@/components/console/insight/insight.css';
import { consoleEvent } from '@/provider/console-events';
import { eventStatsOf } from '@/provider/console-insight';
import { consoleSessionOrSignIn } from '../../../session';
import { eventIdOf } from '../../screen';
import { statsSpan } from './span';

export const metadata: Metadata = {
  title: `${ANALYTICS_TEXT.title} | ${CONSOLE_TEXT.title}`,
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ domain: string; eventId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** An event's visitor analytics per day (owner and editor), and their CSV. */
export default async function AnalyticsPage({ params, searchParams }: Props) {
  const [{ eventId: raw }, query] = await Promise.all([params, searchParams]);
  const eventId = eventIdOf(raw);
  if (eventId === null) notFound();
  const span = statsSpan(query);
  const session = await consoleSessionOrSignIn();
  const [event, stats] = await Promise.all([
    consoleEvent(session.token, eventId),
    eventStatsOf(session.token, eventId, span),
  ]);
  if (!event.ok && event.status === 404) notFound();
  const name = event.ok ? event.data.name : ANALYTICS_TEXT.title;
  const error = stats.ok
    ? null
    : stats.status === 400 || stats.status === 403
      ? stats.message
      : ANALYTICS_TEXT.failed;
  return (
    <div className="container page console">
      <ConsoleFrame who={session.who} csrf={session.csrf} current="events" title={name}>
        <p className="console-back">
          <a className="text-link" href="/console">
            {CONSOLE_TEXT.backToEvents}
          </a>
        </p>
        <EventNav who={session.who} eventId={eventId} eventName={name} current="analytics" />
        <EventAnalytics
          eventId={eventId}
          stats={stats.ok ? stats.data : null}
          span={span}
          error={error}
        />
      </ConsoleFrame>
    </div>
  );
}
