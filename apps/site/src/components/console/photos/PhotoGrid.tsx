import type { AdminPhoto, AdminPhotoPage } from '@eventsite/contract';
import { CSRF_FIELD } from '@/lib/console-security';
import { PHOTOS_TEXT } from './strings';

const T = PHOTOS_TEXT.manage;
/** Photos per page of the screen. */
export const PHOTO_PAGE_SIZE = 48;

interface Props {
  eventId: number;
  csrf: string;
  answer: AdminPhotoPage | null;
  page: number;
  /** The photo whose deletion is being confirmed, from `?confirm=`. */
  confirm: string | null;
  base: string;
  /** Uploaded photos are still being made ready: an empty list says they are coming. */
  preparing?: boolean;
}

function ChangeButton({
  eventId,
  csrf,
  page,
  action,
  uuid,
  label,
  describedBy,
  outline = true,
}: {
  eventId: number;
  csrf: string;
  page: number;
  action: string;
  uuid: string;
  label: string;
  describedBy: string;
  outline?: boolean;
}) {
  return (
    <form method="post" action={`/console/events/${eventId}/photos/change`}>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="uuid" value={uuid} />
      <input type="hidden" name="page" value={page} />
      <button
        type="submit"
        className={outline ? 'button button-outline button-small' : 'button button-small'}
        aria-describedby={describedBy}
      >
        {label}
      </button>
    </form>
  );
}

function PhotoCard({ photo, n, props }: { photo: AdminPhoto; n: number; props: Props }) {
  const { eventId, csrf, page, confirm, base } = props;
  const bibs = [...new Set(photo.bibs.map((b) => b.bib))].join(', ');
  const id = `photo-${photo.uuid}`;
  const name = T.name(photo.file_name, n);
  const common = { eventId, csrf, page, uuid: photo.uuid, describedBy: `${id}-label` };
  return (
    <li
      id={id}
      className={`photos-card${photo.hidden ? ' photos-card-hidden' : ''}`}
      data-uuid={photo.uuid}
    >
      <img
        src={`/console/photos/${photo.uuid}/preview`}
        alt={T.photoAlt(name, bibs)}
        width={photo.width}
        height={photo.height}
        loading={n - (props.page - 1) * PHOTO_PAGE_SIZE <= 16 ? 'eager' : 'lazy'}
        decoding="async"
        className="photos-thumb"
      />
      <div className="photos-card-body">
        <p id={`${id}-label`} className="photos-card-label">
          <span className="photos-card-name" title={name}>
            {name}
          </span>
          {photo.cover ? <span className="photos-badge photos-badge-cover">{T.cover}</span> : null}
          {photo.hidden ? (
            <span className="photos-badge photos-badge-hidden">{T.hidden}</span>
          ) : null}
        </p>
        <p className="photos-bibs">
          {bibs ? `${T.bibs}: ${bibs}` : <span className="console-hint">{T.noBibs}</span>}
        </p>
        {confirm === photo.uuid ? (
          <div className="photos-confirm" role="alertdialog" aria-labelledby={`${id}-confirm`}>
            <p id={`${id}-confirm`}>{T.confirmDelete}</p>
            <div className="photos-card-actions">
              <ChangeButton {...common} action="delete" label={T.confirm} outline={false} />
              <a className="button button-outline button-small" href={`${base}?page=${page}#${id}`}>
                {T.cancel}
              </a>
            </div>
          </div>
        ) : (
          <div className="photos-card-actions">
            {photo.hidden ? (
              <ChangeButton {...common} action="restore" label={T.restore} />
            ) : (
              <ChangeButton {...common} action="hide" label={T.hide} />
            )}
            {photo.cover ? (
              <ChangeButton {...common} action="uncover" label={T.removeCover} />
            ) : (
              <ChangeButton {...common} action="cover" label={T.makeCover} />
            )}
            <a
              className="button button-outline button-small photos-delete"
              href={`${base}?page=${page}&confirm=${photo.uuid}#${id}`}
              aria-describedby={`${id}-label`}
            >
              {T.delete}
            </a>
          </div>
        )}
      </div>
    </li>
  );
}

/** The event's photos, a page at a time: thumbnail, bibs read, state, and the changes. */
export function PhotoGrid(props: Props) {
  const { answer, page, base } = props;
  if (!answer) {
    return (
      <section className="photos-section" aria-labelledby="photos-manage">
        <h2 id="photos-manage" className="photos-heading">
          {T.heading}
        </h2>
        <p className="console-error" role="alert">
          {T.failed}
        </p>
      </section>
    );
  }
  const { total, total_pages: pages } = answer.pagination;
  const offset = (page - 1) * answer.pagination.page_size;
  return (
    <section className="photos-section" aria-labelledby="photos-manage">
      <h2 id="photos-manage" className="photos-heading">
        {T.heading} <span className="photos-total">({T.count(total)})</span>
      </h2>
      {total === 0 ? (
        <p className="console-hint" role="status">
          {props.preparing ? T.preparing : T.none}
        </p>
      ) : null}
      <ul className="photos-grid">
        {answer.photos.map((photo, i) => (
          <PhotoCard key={photo.uuid} photo={photo} n={offset + i + 1} props={props} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="photos-pages" aria-label={T.pagination}>
          {page > 1 ? (
            <a className="button button-outline" href={`${base}?page=${page - 1}`} rel="prev">
              {T.previous}
            </a>
          ) : null}
          <span>{T.page(Math.min(page, pages), pages)}</span>
          {page < pages ? (
            <a className="button button-outline" href={`${base}?page=${page + 1}`} rel="next">
              {T.next}
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
