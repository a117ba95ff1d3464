import type { FaceDataRecord } from '@eventsite/contract';
import { CSRF_FIELD } from '@/lib/console-security';
import { FACE_DATA_TEXT as TEXT } from './face-data-strings';

/** The id of the erase form: its button sits in the settings form, beside the retention. */
export const ERASE_FORM_ID = 'events-erase-faces';

/** A day as the console writes it: 2 July 2025 (the API's dates are UTC). */
export function consoleDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * What face data the event holds (counts, never a face), how many photos are still to be
 * described again with the current face model, and the erase of it, behind a
 * confirmation that says what goes and what stays. Works without script: the confirmation is a
 * disclosure, the erase a plain form post (`…/faces/erase`).
 */
export function FaceData({ record }: { record: FaceDataRecord | null }) {
  if (!record)
    return (
      <p className="console-error" role="alert">
        {TEXT.unavailable}
      </p>
    );
  return (
    <div className="events-face-data" role="group" aria-labelledby="events-face-data-title">
      <h3 id="events-face-data-title" className="events-subtitle">
        {TEXT.held}
      </h3>
      <dl className="events-face-counts" data-testid="face-data-record">
        <dt>{TEXT.templates}</dt>
        <dd>{record.faces}</dd>
        <dt>{TEXT.photos}</dt>
        <dd>{record.photos}</dd>
        <dt>{TEXT.hideRequests}</dt>
        <dd>{record.hide_requests}</dd>
        <dt>{TEXT.deletedOn}</dt>
        <dd>{consoleDay(record.expires_at)}</dd>
        {record.erased_at ? (
          <>
            <dt>{TEXT.erasedOn}</dt>
            <dd>{consoleDay(record.erased_at)}</dd>
          </>
        ) : null}
      </dl>
      {record.photos_to_describe_again > 0 ? (
        <div className="events-face-updating" role="status">
          <p>
            <strong>{TEXT.updating(record.photos_to_describe_again, record.photos)}</strong>
          </p>
          <p>{TEXT.updatingWhy}</p>
        </div>
      ) : null}
      {record.faces === 0 ? (
        <p>{TEXT.none}</p>
      ) : (
        <details className="events-erase">
          <summary className="button button-outline">{TEXT.erase}</summary>
          <div className="events-erase-body">
            <p>{TEXT.eraseWhat(record.faces, record.photos)}</p>
            <p>{TEXT.eraseAfter}</p>
            <button type="submit" form={ERASE_FORM_ID} className="button events-button-danger">
              {TEXT.eraseConfirm(record.faces)}
            </button>
          </div>
        </details>
      )}
    </div>
  );
}

/** The erase's form, outside the settings form (a form cannot hold another). */
export function FaceEraseForm({ eventId, csrf }: { eventId: number; csrf: string }) {
  return (
    <form id={ERASE_FORM_ID} method="post" action={`/console/events/${eventId}/faces/erase`}>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
    </form>
  );
}
