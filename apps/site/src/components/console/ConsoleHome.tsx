import type { AdminEventList, Whoami } from '@eventsite/contract';
import { eventHref } from '@/components/events/strings';
import { formatEventDate } from '@/lib/date';
import { ConsoleFrame, eventScreenHref } from './ConsoleFrame';
import { CONSOLE_TEXT } from './strings';

interface Props {
  who: Whoami;
  /** null when the events could not be loaded. */
  events: AdminEventList | null;
  csrf: string;
  /** The organiser's public site, for each event's public URL. */
  origin: string;
  /** A sign-out that did not reach the API: the visitor is still signed in, and is told so. */
  signOutFailed?: boolean;
  /** The events were refused for this visitor's address (429): said plainly, not "not loaded". */
  eventsHeld?: boolean;
}

/** The signed-in console's first screen: the organiser's events, each with its screens. */
export function ConsoleHome({
  who,
  events,
  csrf,
  origin,
  signOutFailed = false,
  eventsHeld = false,
}: Props) {
  const mayEdit = who.user.role !== 'photographer';
  return (
    <ConsoleFrame
      who={who}
      csrf={csrf}
      current="events"
      title={CONSOLE_TEXT.title}
      signOutFailed={signOutFailed}
    >
      <section aria-labelledby="console-events-title">
        <div className="console-section-bar">
          <h2 id="console-events-title" className="console-section-title">
            {CONSOLE_TEXT.events}
          </h2>
          {mayEdit ? (
            <a className="button" href="/console/events/new">
              {CONSOLE_TEXT.newEvent}
            </a>
          ) : null}
        </div>
        {events === null ? (
          <p className="console-error" role="alert">
            {eventsHeld ? CONSOLE_TEXT.errors.held : CONSOLE_TEXT.eventsFailed}
          </p>
        ) : events.length === 0 ? (
          <p>{CONSOLE_TEXT.noEvents}</p>
        ) : (
          <ul className="console-events">
            {events.map((event) => {
              const url = new URL(eventHref(event.slug, 'photos'), origin).toString();
              return (
                <li key={event.id} className="console-event">
                  <h3 className="console-event-name">
                    <a
                      className="text-link"
                      href={eventScreenHref(event.id, mayEdit ? 'settings' : 'photos')}
                    >
                      {event.name}
                    </a>
                  </h3>
                  <p className="console-event-meta">
                    <time dateTime={event.event_date}>{formatEventDate(event.event_date)}</time>
                    {event.city ? <span>{event.city}</span> : null}
                    <span>{CONSOLE_TEXT.photos(event.total_images)}</span>
                  </p>
                  <p>
                    <span
                      className={
                        event.published ? 'console-state console-state-on' : 'console-state'
                      }
                    >
                      {event.published ? CONSOLE_TEXT.published : CONSOLE_TEXT.draft}
                    </span>
                  </p>
                  <p className="console-event-url">
                    {event.published ? (
                      <a className="text-link" href={url}>
                        <span className="visually-hidden">{CONSOLE_TEXT.publicUrl}: </span>
                        {url}
                      </a>
                    ) : (
                      <>
                        {CONSOLE_TEXT.notPublicYet} <span className="console-url-text">{url}</span>
                      </>
                    )}
                  </p>
                  <p className="console-event-links">
                    <a className="text-link" href={eventScreenHref(event.id, 'photos')}>
                      {CONSOLE_TEXT.eventNav.photos}
                      <span className="visually-hidden"> ({event.name})</span>
                    </a>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </ConsoleFrame>
  );
}
