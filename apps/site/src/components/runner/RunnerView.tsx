import type { PhotoPage, RaceResult } from '@eventsite/contract';
import Link from 'next/link';
import { ResultCard } from '@/components/gallery/ResultCard';
import { GALLERY_TEXT } from '@/components/gallery/strings';
import { eventHref } from '@/components/events/strings';
import { formatEventDate, isoDay } from '@/lib/date';
import { stillReadingOf } from '@/lib/gallery/pages';
import type { EventPage } from '@/provider/model';
import { RunnerPhotos } from './RunnerPhotos';
import { RunnerPrivatePhotos } from './RunnerPrivatePhotos';
import { RunnerShare } from './RunnerShare';
import { RunnerVideo } from './RunnerVideo';
import { RUNNER_TEXT, certificateHref, posterHref } from './strings';

export interface RunnerViewProps {
  event: EventPage;
  eventSlug: string;
  bib: string;
  /** The bib's first page of photos; 'missing' when the provider lists none; null when it failed. */
  page: PhotoPage | 'missing' | null;
  result: RaceResult | null;
  apiBase: string;
  /** The organiser's theme colour and logo, for the race video. */
  brand?: { colour: string; logo: string | null; logoPlate?: string | null };
  /**
   * A private event (show_all_images off): no photos from the server (`page` is not used); the
   * visitor asks for them in the browser.
   */
  privatePhotos?: boolean;
}

/**
 * The runner's page as rendered: who (name or bib) and the event, the result card, the
 * certificate, poster and share actions, then their photos, or a friendly word when there are
 * none yet.
 */
export function RunnerView({ event, eventSlug, bib, page, result, apiBase, brand, privatePhotos = false }: RunnerViewProps) {
  const { details } = event;
  const flags = event.config.feature_flag;
  const photos = page && page !== 'missing' && !privatePhotos ? page.photos : [];
  // Photos of the event still being read: theirs may be among them (never a bare "no photos").
  const stillReading = page && page !== 'missing' ? stillReadingOf(page.still_reading) : 0;
  const name = result?.name.trim() || null;
  const gallery = eventHref(eventSlug, 'photos');
  return (
    <div className="container page runner-page">
      <Link href={gallery} className="text-link back-link" prefetch={false}>
        <span aria-hidden="true">←</span> {RUNNER_TEXT.backToGallery}
      </Link>
      <header className="runner-header">
        <p className="event-kicker">
          {details.name || RUNNER_TEXT.kicker}
          {details.event_date ? (
            <>
              {' · '}
              <time dateTime={isoDay(details.event_date)}>{formatEventDate(details.event_date)}</time>
            </>
          ) : null}
        </p>
        <h1 className="page-title">{name ?? RUNNER_TEXT.bibTitle(bib)}</h1>
      </header>
      {result ? <ResultCard result={result} certificateHref={null} showName={false} /> : null}
      <div className="runner-actions">
        {flags.download_certificate ? (
          <a className="button" href={certificateHref(eventSlug, bib)}>
            {RUNNER_TEXT.certificate}
          </a>
        ) : null}
        {photos[0] ? (
          <a className="button button-outline" href={posterHref(eventSlug, bib, photos[0].uuid)}>
            {RUNNER_TEXT.poster}
          </a>
        ) : null}
        <RunnerShare
          title={RUNNER_TEXT.title(name ?? RUNNER_TEXT.bibTitle(bib), details.name)}
          apiBase={apiBase}
          eventId={details.id}
        />
      </div>
      {privatePhotos ? (
        <RunnerPrivatePhotos
          eventId={details.id}
          eventSlug={eventSlug}
          eventName={details.name}
          apiBase={apiBase}
          bib={bib}
          canDownload={flags.bulk_download}
          video={{ who: name ?? RUNNER_TEXT.bibTitle(bib), time: result?.net_time ?? result?.gun_time ?? null, colour: brand?.colour ?? '#1f6feb', logoUrl: brand?.logo ?? null, logoPlate: brand?.logoPlate ?? null }}
        />
      ) : null}
      {photos.length > 0 ? (
        <RunnerVideo
          apiBase={apiBase}
          photos={photos.map(({ uuid, width, height }) => ({ uuid, width, height }))}
          eventName={details.name}
          colour={brand?.colour ?? '#1f6feb'}
          logoUrl={brand?.logo ?? null}
          logoPlate={brand?.logoPlate ?? null}
          who={name ?? RUNNER_TEXT.bibTitle(bib)}
          bib={bib}
          time={result?.net_time ?? result?.gun_time ?? null}
        />
      ) : null}
      {page && page !== 'missing' && photos.length > 0 ? (
        <RunnerPhotos
          eventId={details.id}
          eventSlug={eventSlug}
          eventName={details.name}
          apiBase={apiBase}
          bib={bib}
          initialPage={page}
          canDownload={flags.bulk_download}
        />
      ) : privatePhotos ? null : (
        <div className="empty-state runner-empty" role="status">
          <h2>{page === 'missing' || !flags.bib_search || page === null || stillReading > 0 ? RUNNER_TEXT.photosTitle : RUNNER_TEXT.noPhotosTitle(bib)}</h2>
          <p>
            {page === 'missing' || !flags.bib_search
              ? RUNNER_TEXT.noListingText
              : page === null
                ? RUNNER_TEXT.photosFailed
                : stillReading > 0
                  ? GALLERY_TEXT.stillReading(stillReading)
                  : RUNNER_TEXT.noPhotosText}
          </p>
          <Link href={gallery} className="button button-outline" prefetch={false}>
            {RUNNER_TEXT.backToGallery}
          </Link>
        </div>
      )}
    </div>
  );
}
