import type { HideRequestItem } from '@eventsite/contract';
import { CSRF_FIELD } from '@/lib/console-security';
import { HIDE_REQUESTS_TEXT as T } from './strings';

const WHEN = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

interface Props {
  eventId: number;
  csrf: string;
  /** The requests, newest first, or null when they could not be loaded. */
  items: readonly HideRequestItem[] | null;
}

/**
 * The event's "Hide me" requests for its organiser: when each came and what it blurred (never a
 * face), each with an Undo (a plain form: it works without JavaScript).
 */
export function HideRequests({ eventId, csrf, items }: Props) {
  return (
    <section className="photos-section" aria-labelledby="hide-requests-heading">
      <h2 id="hide-requests-heading" className="photos-heading">
        {T.heading}
      </h2>
      <p className="console-hint">{T.explain}</p>
      {items === null ? (
        <p className="console-error" role="alert">
          {T.failed}
        </p>
      ) : items.length === 0 ? (
        <p className="console-hint">{T.none}</p>
      ) : (
        <table className="hide-requests-table" data-testid="hide-requests">
          <thead>
            <tr>
              <th scope="col">{T.when}</th>
              <th scope="col">{T.what}</th>
              <th scope="col">
                <span className="visually-hidden">{T.undo}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const when = `${WHEN.format(new Date(item.created_at))} UTC`;
              return (
                <tr key={item.id}>
                  <td>{when}</td>
                  <td>{T.blurred(item.hidden_faces, item.hidden_photos)}</td>
                  <td>
                    <form method="post" action={`/console/events/${eventId}/photos/change`}>
                      <input type="hidden" name={CSRF_FIELD} value={csrf} />
                      <input type="hidden" name="action" value="undo-hide" />
                      <input type="hidden" name="request_id" value={item.id} />
                      <button
                        type="submit"
                        className="button button-outline"
                        aria-label={T.undoLabel(when)}
                      >
                        {T.undo}
                      </button>
                    </form>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
