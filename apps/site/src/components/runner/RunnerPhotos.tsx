'use client';

import { MAX_ZIP_PHOTOS } from '@eventsite/contract/constants';
import type { PhotoPage } from '@eventsite/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { DownloadPanel } from '@/components/gallery/DownloadPanel';
import { JustifiedGrid, type GridHandle } from '@/components/gallery/JustifiedGrid';
import { PhotoViewer } from '@/components/gallery/PhotoViewer';
import { photoCount } from '@/components/gallery/strings';
import { useFeed } from '@/components/gallery/useFeed';
import { useInfiniteScroll } from '@/components/gallery/useInfiniteScroll';
import { useZipDownload } from '@/components/gallery/useZipDownload';
import { galleryQuery, type GallerySearch } from '@/lib/gallery/search';
import { fetchAllPhotoIds } from '@/provider/photos';
import { RUNNER_TEXT } from './strings';
import { FeedMore } from '@/components/gallery/FeedMore';

export interface RunnerPhotosProps {
  eventId: number;
  eventSlug: string;
  eventName: string;
  apiBase: string;
  bib: string;
  /** The bib's first page of photos, from the server (in the HTML). */
  initialPage: PhotoPage;
  /** The event's bulk_download: 'Download all mine'. */
  canDownload: boolean;
}

const NO_SELECTION: ReadonlySet<string> = new Set();

/**
 * A runner's photos: the gallery's bib search, in the gallery's own grid and viewer, with one zip
 * of them all ('Download all mine').
 */
export function RunnerPhotos({ eventId, eventSlug, eventName, apiBase, bib, initialPage, canDownload }: RunnerPhotosProps) {
  const search = useMemo<GallerySearch>(() => ({ kind: 'bib', value: bib }), [bib]);
  const initial = useMemo(() => ({ key: `bib:${bib}`, page: initialPage }), [bib, initialPage]);
  const { feed, status, loadMore, retry } = useFeed(apiBase, eventId, search, true, initial);
  const photos = feed.photos;
  const total = Math.max(feed.total ?? 0, photos.length);
  const [open, setOpen] = useState(-1);
  const grid = useRef<GridHandle>(null);
  const sentinel = useInfiniteScroll(feed.cursor, status, loadMore);
  const { download, startDownload, cancelDownload, dismissDownload } = useZipDownload(apiBase, eventId, eventSlug);

  const onView = useCallback(
    (index: number) => {
      setOpen(index);
      // The viewer goes on through every page of the runner's photos.
      if (index >= photos.length - 3 && feed.cursor && status === 'idle') loadMore();
    },
    [photos.length, feed.cursor, status, loadMore],
  );
  const onClose = useCallback(() => {
    const last = open;
    setOpen(-1);
    window.setTimeout(() => grid.current?.reveal(last), 0);
  }, [open]);
  const shareUrl = useCallback(
    (uuid: string) => `${window.location.origin}/events/${encodeURIComponent(eventSlug)}/photos${galleryQuery(null, uuid)}`,
    [eventSlug],
  );

  const downloadAll = async () => {
    // Every photo of the bib, not only those loaded: the ids are fetched without drawing them.
    const ids = feed.done ? photos.map((p) => p.uuid) : await fetchAllPhotoIds(apiBase, eventId, { bib }, MAX_ZIP_PHOTOS).catch(() => photos.map((p) => p.uuid));
    if (ids.length === 0) return;
    void startDownload({ photo_ids: ids.slice(0, MAX_ZIP_PHOTOS) }, ids.length, photoCount(ids.length));
  };

  return (
    <section className="runner-photos gallery" aria-labelledby="runner-photos-title">
      <div className="gallery-toolbar">
        <h2 id="runner-photos-title" className="runner-section-title">
          {RUNNER_TEXT.photosTitle} <span className="runner-count">{`· ${photoCount(total)}`}</span>
        </h2>
        {canDownload ? (
          <div className="gallery-actions">
            <button type="button" className="button" onClick={() => void downloadAll()} disabled={download.phase === 'running'}>
              {RUNNER_TEXT.downloadAll(photoCount(total))}
            </button>
          </div>
        ) : null}
      </div>
      <JustifiedGrid
        photos={photos}
        total={total}
        apiBase={apiBase}
        selectMode={false}
        selected={NO_SELECTION}
        onActivate={(index) => onView(index)}
        handle={grid}
        tileLabel={RUNNER_TEXT.photoLabel}
      />
      <div ref={sentinel} className="gallery-sentinel" aria-hidden="true" />
      <FeedMore status={status} hasMore={Boolean(feed.cursor)} onRetry={retry} onLoadMore={loadMore} />
      <DownloadPanel state={download} onCancel={cancelDownload} onDismiss={dismissDownload} />
      <PhotoViewer
        photos={photos}
        total={total}
        index={Math.max(0, open)}
        open={open >= 0 && photos.length > 0}
        apiBase={apiBase}
        eventName={eventName}
        shareUrl={shareUrl}
        onView={onView}
        onClose={onClose}
        eventId={eventId}
      />
    </section>
  );
}
