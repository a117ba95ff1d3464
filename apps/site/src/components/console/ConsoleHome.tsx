import type { AdminEventList, Whoami } from '@eventsite/contract';
import { eventHref } from '@/components/events/strings';
import { CSRF_FIELD } from '@/lib/console-security';
import { formatEventDate } from '@/lib/date';
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
}

/** The signed-in console: who is signed in, the organiser's events, and the ways out. */
export function ConsoleHome({ who, events, csrf, origin, signOutFailed = false }: Props) {
  return (
    <div className="console-home">
      <div className="console-bar">
        <div>
          <h1 className="page-title">{CONSOLE_TEXT.title}</h1>
          <p className="console-who">{CONSOLE_TEXT.signedInAs(who.user.email, who.user.role)}</p>
        </div>
        <div className="console-sign-out">
          <form method="post" action="/console/sign-out">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <button type="submit" className="button button-outline">
              {CONSOLE_TEXT.signOut}
            </button>
          </form>
          <form method="post" action="/console/sign-out">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <input type="hidden" name="everywhere" value="1" />
            <button
              type="submit"
              className="button button-outline"
              aria-describedby="console-everywhere-hint"
            >
              {CONSOLE_TEXT.signOutEverywhere}
            </button>
            <p id="console-everywhere-hint" className="console-hint">
              {CONSOLE_TEXT.signOutEverywhereHint}
            </p>
          </form>
        </div>
      </div>
      {signOutFailed ? (
        <p className="console-error" role="alert">
          {CONSOLE_TEXT.signOutFailed}
        </p>
      ) : null}
      <section aria-labelledby="console-events-title">
        <h2 id="console-events-title" className="console-section-title">
          {CONSOLE_TEXT.events}
        </h2>
        {events === null ? (
          <p className="console-error" role="alert">
            {CONSOLE_TEXT.eventsFailed}
          </p>
        ) : events.length === 0 ? (
          <p>{CONSOLE_TEXT.noEvents}</p>
        ) : (
          <ul className="console-events">
            {events.map((event) => {
              const url = new URL(eventHref(event.slug, 'photos'), origin).toString();
              return (
                <li key={event.id} className="console-event">
                  <h3 className="console-event-name">{event.name}</h3>
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
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
