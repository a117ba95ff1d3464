import type { Metadata } from 'next';
import { ConsoleFrame } from '@/components/console/ConsoleFrame';
import { consoleStash } from '@/components/console/events/stash';
import { EVENTS_TEXT } from '@/components/console/events/strings';
import '@/components/console/console.css';
import '@/components/console/events/events.css';
import { consoleSessionOrSignIn } from '../../session';
import { one } from '../screen';

export const metadata: Metadata = {
  title: EVENTS_TEXT.deletedTitle,
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** After an event's deletion: what was deleted, and the way back to the events. */
export default async function EventDeletedPage({ searchParams }: Props) {
  const query = await searchParams;
  const session = await consoleSessionOrSignIn();
  const done = consoleStash().get<{ name: string; photos: number }>(
    session.token,
    'event-deleted',
    one(query.done),
  );
  return (
    <div className="container page console">
      <ConsoleFrame
        who={session.who}
        csrf={session.csrf}
        current="events"
        title={EVENTS_TEXT.deletedTitle}
      >
        <div className="events-screen">
          {done ? (
            <p className="console-notice" role="status">
              {EVENTS_TEXT.deleted(done.name, done.photos)}
            </p>
          ) : null}
          <p>
            <a className="text-link" href="/console">
              {EVENTS_TEXT.backToEvents}
            </a>
          </p>
        </div>
      </ConsoleFrame>
    </div>
  );
}
