import type { Metadata } from 'next';
import { ConsoleFrame, EventNav, eventScreenHref } from '@/components/console/ConsoleFrame';
import '@/components/console/console.css';
import { HideRequests } from '@/components/console/photos/HideRequests';
import { PhotoGrid, PHOTO_PAGE_SIZE } from '@/components/console/photos/PhotoGrid';
import { PhotoUploader } from '@/components/console/photos/PhotoUploader';
import { ProcessingStatus } from '@/components/console/photos/ProcessingStatus';
import { PHOTOS_TEXT } from '@/components/console/photos/strings';
import '@/components/console/photos/photos.css';
import { consoleEvent } from '@/provider/console-events';
import { consoleHideRequests, consoleJobs, consolePhotoPage } from '@/provider/console-photos';
import { consoleSessionOrSignIn } from '../../../session';
import { eventIdOf } from '../../screen';

export const metadata: Metadata = {
  title: 'Photos · Console',
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ eventId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Query parameters the change route leaves: what happened, or the API's refusal. */
function outcomeOf(query: Record<string, string | string[] | undefined>) {
  const notice = one(query.notice);
  const error = one(query.error);
  return {
    notice: notice && PHOTOS_TEXT.notices[notice] ? PHOTOS_TEXT.notices[notice] : null,
    error: error ? error.slice(0, 300) : null,
  };
}

/**
 * An event's Photos screen (docs/console.md, "Photos"): upload (every role that may open it),
 * the processing progress, and for editors and owners the photos themselves (hide, restore,
 * delete, cover).
 */
export default async function PhotosPage({ params, searchParams }: Props) {
  const [{ eventId: raw }, query, session] = await Promise.all([
    params,
    searchParams,
    consoleSessionOrSignIn(),
  ]);
  const { who, token, csrf } = session;
  const eventId = eventIdOf(raw) ?? 0;
  const event = eventId > 0 ? await consoleEvent(token, eventId) : null;
  if (!event || !event.ok) {
    return (
      <div className="container page console">
        <ConsoleFrame who={who} csrf={csrf} current="events" title={PHOTOS_TEXT.manage.heading}>
          <p className="console-error" role="alert">
            {event && !event.ok && event.status !== 404
              ? PHOTOS_TEXT.eventsFailed
              : PHOTOS_TEXT.noEvent}
          </p>
        </ConsoleFrame>
      </div>
    );
  }
  const manages = who.user.role !== 'photographer';
  const page = Math.max(1, Math.min(10_000, Number(one(query.page)) || 1));
  const [jobs, photos, hides] = await Promise.all([
    consoleJobs(token, eventId),
    manages ? consolePhotoPage(token, eventId, page, PHOTO_PAGE_SIZE) : Promise.resolve(null),
    manages ? consoleHideRequests(token, eventId) : Promise.resolve(null),
  ]);
  const { notice, error } = outcomeOf(query);
  const working = jobs.ok && jobs.data.counts.queued + jobs.data.counts.running > 0;
  const listEmpty = photos?.ok === true && photos.data.pagination.total === 0;
  const confirm = one(query.confirm);
  return (
    <div className="container page console">
      <ConsoleFrame
        who={who}
        csrf={csrf}
        current="events"
        title={PHOTOS_TEXT.title(event.data.name)}
      >
        <EventNav who={who} eventId={eventId} eventName={event.data.name} current="photos" />
        {notice ? (
          <p className="console-notice" role="status">
            {notice}
          </p>
        ) : null}
        {error ? (
          <p className="console-error" role="alert">
            {error}
          </p>
        ) : null}
        <PhotoUploader eventId={eventId} csrf={csrf} />
        <noscript>
          <p className="console-hint">{PHOTOS_TEXT.upload.noScript}</p>
        </noscript>
        <ProcessingStatus
          eventId={eventId}
          initial={jobs.ok ? jobs.data : null}
          csrf={csrf}
          canRetry={manages}
          listEmpty={listEmpty}
        />
        {photos ? (
          <PhotoGrid
            eventId={eventId}
            csrf={csrf}
            answer={photos.ok ? photos.data : null}
            page={page}
            confirm={confirm ?? null}
            base={eventScreenHref(eventId, 'photos')}
            preparing={working}
          />
        ) : null}
        {hides ? (
          <HideRequests eventId={eventId} csrf={csrf} items={hides.ok ? hides.data.items : null} />
        ) : null}
      </ConsoleFrame>
    </div>
  );
}
