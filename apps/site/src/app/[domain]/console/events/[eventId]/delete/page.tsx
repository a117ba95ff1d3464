import type { Metadata } from 'next';
import { ConsoleFrame, EventNav } from '@/components/console/ConsoleFrame';
import { EventDelete } from '@/components/console/events/EventDelete';
import { EVENTS_TEXT } from '@/components/console/events/strings';
import '@/components/console/console.css';
import '@/components/console/events/events.css';
import { eventScreen, one } from '../../screen';

export const metadata: Metadata = {
  title: 'Delete the event',
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ eventId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const ERRORS: Record<string, string> = {
  unconfirmed: EVENTS_TEXT.deleteUnconfirmed,
  changed: EVENTS_TEXT.deleteChanged,
};

/** The confirmation step of an event's deletion, naming what goes. */
export default async function DeleteEventPage({ params, searchParams }: Props) {
  const [{ eventId: idParam }, query] = await Promise.all([params, searchParams]);
  const { session, eventId, event, error } = await eventScreen(idParam);
  const code = one(query.error) ?? '';
  const shown = ERRORS[code] ?? (code ? code.slice(0, 300) : null);
  return (
    <div className="container page console">
      <ConsoleFrame
        who={session.who}
        csrf={session.csrf}
        current="events"
        title={event ? EVENTS_TEXT.deleteTitle(event.name) : 'Delete the event'}
      >
        <EventNav
          who={session.who}
          eventId={eventId}
          eventName={event?.name ?? String(eventId)}
          current="settings"
        />
        {event ? (
          <EventDelete event={event} csrf={session.csrf} error={shown} />
        ) : (
          <p className="console-error" role="alert">
            {error}
          </p>
        )}
      </ConsoleFrame>
    </div>
  );
}
