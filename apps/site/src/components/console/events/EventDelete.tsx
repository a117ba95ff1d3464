import type { AdminEvent } from '@eventsite/contract';
import { CSRF_FIELD } from '@/lib/console-security';
import { EVENTS_TEXT } from './strings';

/** The confirmation step of an event's deletion: what goes, how many photos, a box to tick. */
export function EventDelete({
  event,
  csrf,
  error,
}: {
  event: AdminEvent;
  csrf: string;
  error: string | null;
}) {
  const photos = event.total_images;
  return (
    <section className="events-screen events-danger">
      {error ? (
        <p className="console-error" role="alert">
          {error}
        </p>
      ) : null}
      <p>{EVENTS_TEXT.deleteWhat(photos)}</p>
      <form
        method="post"
        action={`/console/events/${event.id}/delete/confirm`}
        className="events-form"
      >
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="photos" value={String(photos)} />
        <div className="events-check">
          <input id="confirm" name="confirm" type="checkbox" value="yes" required />
          <label htmlFor="confirm">{EVENTS_TEXT.deleteConfirm(photos)}</label>
        </div>
        <div className="events-actions">
          <button type="submit" className="button events-button-danger">
            {EVENTS_TEXT.deleteButton(photos)}
          </button>
          <a className="text-link" href={`/console/events/${event.id}`}>
            {EVENTS_TEXT.deleteCancel}
          </a>
        </div>
      </form>
    </section>
  );
}
