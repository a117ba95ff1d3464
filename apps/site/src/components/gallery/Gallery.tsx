'use client';

import { MAX_ZIP_PHOTOS } from '@eventsite/contract/constants';
import type { DownloadRequest, FeatureFlags, RaceResult } from '@eventsite/contract';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { likelyLarge, type Progress } from '@/lib/gallery/download';
import { indexOfPhoto } from '@/lib/gallery/pages';
import {
  deepLinkPhoto,
  galleryQuery,
  noResultsText,
  resultsText,
  searchFromParams,
  searchParamsFor,
  type GallerySearch,
} from '@/lib/gallery/search';
import {
  EMPTY_SELECTION,
  clearSelection,
  selectAll,
  selectEvery,
  selectRange,
  selectedInOrder,
  togglePhoto,
  type Selection,
} from '@/lib/gallery/selection';
import { DownloadError, downloadZip, fetchAllPhotoIds, fetchRaceResult, type ZipSink } from '@/provider/photos';
import { DownloadPanel, type DownloadState } from './DownloadPanel';
import { GallerySkeleton } from './GallerySkeleton';
import { JustifiedGrid, type GridHandle } from './JustifiedGrid';
import { PhotoViewer } from './PhotoViewer';
import { PrivacyPrompt } from './PrivacyPrompt';
import { ResultCard } from './ResultCard';
import { SearchBar } from './SearchBar';
import { SelectionBar } from './SelectionBar';
import { GALLERY_TEXT, photoCount } from './strings';
import { useFeed } from './useFeed';

export interface GalleryProps {
  eventId: number;
  eventSlug: string;
  eventName: string;
  apiBase: string;
  flags: FeatureFlags;
  bibPlaceholder: string;
}

/** How far a deep link's photo is looked for in the listing before the gallery gives up. */
export const DEEP_LINK_SCAN_LIMIT = 1_000;

type SaveFilePicker = (options: {
  suggestedName?: string;
  types?: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<{ write(c: Uint8Array): Promise<void>; close(): Promise<void>; abort(): Promise<void> }> }>;

function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The URL of the gallery with this search and photo, keeping the path. */
function writeUrl(search: GallerySearch | null, photo: string | null, mode: 'push' | 'replace') {
  const url = `${window.location.pathname}${galleryQuery(search, photo)}${window.location.hash}`;
  if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}

/**
 * The event gallery: search, justified virtualised grid, viewer, selection and zip downloads.
 * Its state lives in the URL (`?bib=`, `?name=`, `?photo=`), so it can be shared and Back works.
 */
export default function Gallery({ eventId, eventSlug, eventName, apiBase, flags, bibPlaceholder }: GalleryProps) {
  const params = useSearchParams() ?? new URLSearchParams();
  const searchKeyParams = `${params.get('bib') ?? ''}\u0000${params.get('name') ?? ''}`;
  const search = useMemo(
    () => searchFromParams(params, flags),
    // Only the search's own parameters make a new search (not ?photo=).
    [searchKeyParams, flags.bib_search, flags.name_search],
  );
  const photoParam = deepLinkPhoto(params.get('photo'));
  const privacy = !flags.show_all_images;
  const enabled = search !== null || !privacy;
  const { feed, status, error, loadMore, retry } = useFeed(apiBase, eventId, search, enabled);
  const photos = feed.photos;
  const total = Math.max(feed.total ?? 0, photos.length);
  const searchKey = search ? `${search.kind}:${search.value}` : 'all';

  /* ---------- Viewer and deep links ---------- */
  const [open, setOpen] = useState(-1);
  const pending = useRef<string | null>(photoParam);

  useEffect(() => {
    const wanted = pending.current;
    if (!wanted || !feed.started) return;
    const at = indexOfPhoto(feed, wanted);
    if (at >= 0) {
      pending.current = null;
      setOpen(at);
    } else if (feed.cursor && photos.length < DEEP_LINK_SCAN_LIMIT && status === 'idle') {
      loadMore();
    } else if (status !== 'loading') {
      // Not this event's (or too deep to find): the gallery opens as usual.
      pending.current = null;
      writeUrl(search, null, 'replace');
    }
  }, [feed, photos.length, status, loadMore, search]);

  const onView = useCallback(
    (i: number) => {
      setOpen(i);
      const photo = photos[i];
      if (photo) writeUrl(search, photo.uuid, 'replace');
      if (i >= photos.length - 3 && feed.cursor && status === 'idle') loadMore();
    },
    [photos, search, feed.cursor, status, loadMore],
  );
  const grid = useRef<GridHandle>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const onClose = useCallback(() => {
    const last = openRef.current;
    setOpen(-1);
    writeUrl(search, null, 'replace');
    // Back in the grid where the viewer was: that photo in view, and focused.
    window.setTimeout(() => grid.current?.reveal(last), 0);
  }, [search]);
  const shareUrl = useCallback(
    (uuid: string) => `${window.location.origin}/events/${encodeURIComponent(eventSlug)}/photos${galleryQuery(null, uuid)}`,
    [eventSlug],
  );

  /* ---------- Search ---------- */
  const gridTop = useRef<HTMLDivElement>(null);
  const runSearch = useCallback((next: GallerySearch | null) => {
    pending.current = null;
    setOpen(-1);
    writeUrl(next, null, 'push');
    // Results start at the top of the grid, if the visitor had scrolled past it.
    const anchor = gridTop.current;
    if (anchor && anchor.getBoundingClientRect().top < 0 && typeof anchor.scrollIntoView === 'function') anchor.scrollIntoView({ block: 'start' });
  }, []);

  const [result, setResult] = useState<RaceResult | null>(null);
  useEffect(() => {
    setResult(null);
    if (!flags.show_timing_data || search?.kind !== 'bib') return;
    const abort = new AbortController();
    fetchRaceResult(apiBase, eventId, search.value, fetch, abort.signal)
      .then((r) => {
        if (!abort.signal.aborted) setResult(r);
      })
      .catch(() => {
        /* No result card: the photos are what matters. */
      });
    return () => abort.abort();
  }, [apiBase, eventId, search, flags.show_timing_data]);

  /* ---------- Selection ---------- */
  const canDownload = flags.bulk_download;
  const [selectMode, setSelectMode] = useState(false);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const uuids = useMemo(() => photos.map((p) => p.uuid), [photos]);
  useEffect(() => {
    setSelectMode(false);
    setSelection(clearSelection());
  }, [searchKey]);

  const onActivate = useCallback(
    (index: number, event: MouseEvent<HTMLButtonElement>) => {
      const photo = photos[index];
      if (!photo) return;
      if (!selectMode) {
        onView(index);
        return;
      }
      setSelection((s) => (event.shiftKey ? selectRange(s, uuids, index) : togglePhoto(s, photo.uuid, index)));
    },
    [photos, selectMode, uuids, onView],
  );

  /* ---------- Downloads ---------- */
  const [download, setDownload] = useState<DownloadState>({ phase: 'idle' });
  const downloadAbort = useRef<AbortController | null>(null);

  const startDownload = useCallback(
    async (request: DownloadRequest, count: number, label: string) => {
      if (downloadAbort.current) return;
      const abort = new AbortController();
      downloadAbort.current = abort;
      let sink: ZipSink | undefined;
      const picker = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
      if (likelyLarge(count) && typeof picker === 'function') {
        // A big zip goes straight to a file on disk rather than through memory.
        try {
          const handle = await picker({ suggestedName: `${eventSlug}-photos.zip`, types: [{ description: 'Zip archive', accept: { 'application/zip': ['.zip'] } }] });
          const writable = await handle.createWritable();
          sink = { write: (c) => writable.write(c), close: () => writable.close(), abort: () => writable.abort() };
        } catch (e) {
          if ((e as Error).name === 'AbortError') {
            downloadAbort.current = null;
            return;
          }
        }
      }
      let last = 0;
      const progress = (p: Progress) => {
        const now = Date.now();
        if (now - last < 120 && p.received !== p.total) return;
        last = now;
        setDownload({ phase: 'running', label, progress: p });
      };
      setDownload({ phase: 'running', label, progress: { received: 0, total: null } });
      try {
        const zip = await downloadZip(apiBase, eventId, request, { signal: abort.signal, onProgress: progress, sink });
        if (zip.blob) saveBlob(zip.blob, zip.filename);
        setDownload({ phase: 'done', label, filename: zip.filename, bytes: zip.bytes });
      } catch (e) {
        if (abort.signal.aborted) setDownload({ phase: 'idle' });
        else setDownload({ phase: 'error', label, message: e instanceof DownloadError ? e.message : 'The download failed. Please try again.' });
      } finally {
        downloadAbort.current = null;
      }
    },
    [apiBase, eventId, eventSlug],
  );
  const cancelDownload = useCallback(() => downloadAbort.current?.abort(), []);
  useEffect(() => () => downloadAbort.current?.abort(), []);

  const downloadSelected = () => {
    const ids = selectedInOrder(selection, uuids);
    if (ids.length === 0) return;
    void startDownload({ photo_ids: ids.slice(0, MAX_ZIP_PHOTOS) }, ids.length, photoCount(ids.length));
  };
  const [selectingAll, setSelectingAll] = useState(false);
  const selectEverything = async () => {
    setSelectingAll(true);
    try {
      const ids = await fetchAllPhotoIds(apiBase, eventId, searchParamsFor(search), MAX_ZIP_PHOTOS);
      setSelection(selectEvery(ids, MAX_ZIP_PHOTOS));
    } catch {
      setSelection((s) => selectAll(s, uuids, MAX_ZIP_PHOTOS));
    } finally {
      setSelectingAll(false);
    }
  };
  const downloadAll = () => void startDownload({ all: true }, total, `All ${photoCount(total)}`);

  /* ---------- Infinite scroll ---------- */
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !feed.cursor || status !== 'idle' || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    }, { rootMargin: '1200px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [feed.cursor, status, loadMore]);

  /* ---------- What to show ---------- */
  const forbidden = !search && error?.status === 403;
  const firstPageFailed = status === 'error' && !feed.started;
  const searchable = flags.bib_search || flags.name_search;
  const showGrid = photos.length > 0;

  let body: React.ReactNode = null;
  if (!enabled || forbidden) {
    body = <PrivacyPrompt bib={flags.bib_search} name={flags.name_search} message={forbidden ? error?.message : undefined} />;
  } else if (!feed.started && !firstPageFailed) {
    body = <GallerySkeleton />;
  } else if (firstPageFailed) {
    body = (
      <div className="state state-error" role="alert">
        <h2 className="state-title">{GALLERY_TEXT.loadFailed}</h2>
        <p className="state-text">{error?.message}</p>
        <button type="button" className="button" onClick={retry}>
          Try Again
        </button>
      </div>
    );
  } else if (photos.length === 0 && search) {
    body = (
      <div className="empty-state gallery-empty" role="status">
        <h2>{noResultsText(search)}</h2>
        <p>
          {search.kind === 'bib'
            ? 'Check the number on your bib. New photos are matched as they are uploaded, so try again later too.'
            : 'Check the spelling, or search by bib number if you know it.'}
        </p>
        {!privacy ? (
          <button type="button" className="button button-outline" onClick={() => runSearch(null)}>
            {GALLERY_TEXT.showAll}
          </button>
        ) : null}
      </div>
    );
  } else if (photos.length === 0) {
    body = (
      <div className="empty-state gallery-empty" role="status">
        <h2>{GALLERY_TEXT.emptyTitle}</h2>
        <p>{GALLERY_TEXT.emptyText}</p>
      </div>
    );
  }

  const selectedCount = selection.ids.size;
  const countLine = search
    ? feed.started && photos.length > 0
      ? resultsText(search, total)
      : null
    : flags.show_total_photos_count && feed.started && total > 0
      ? photoCount(total)
      : null;

  return (
    <section className="gallery" aria-label="Photos" data-select-mode={selectMode || undefined}>
      {searchable ? (
        <SearchBar
          bib={flags.bib_search}
          name={flags.name_search}
          bibPlaceholder={bibPlaceholder}
          current={search}
          onSearch={runSearch}
          onClear={privacy ? undefined : () => runSearch(null)}
        />
      ) : null}
      <div ref={gridTop} className="gallery-anchor" />
      {search && result ? (
        <ResultCard
          result={result}
          certificateHref={flags.download_certificate ? `/events/${encodeURIComponent(eventSlug)}/promo?bib=${encodeURIComponent(search.value)}` : null}
        />
      ) : null}
      {showGrid ? (
        <div className="gallery-toolbar">
          <p className="gallery-count" aria-live="polite">
            {countLine}
          </p>
          <div className="gallery-actions">
            {search && !privacy ? (
              <button type="button" className="button button-ghost" onClick={() => runSearch(null)}>
                {GALLERY_TEXT.showAll}
              </button>
            ) : null}
            {canDownload ? (
              <button
                type="button"
                className="button button-outline"
                aria-pressed={selectMode}
                onClick={() => {
                  setSelectMode((m) => !m);
                  if (selectMode) setSelection(clearSelection());
                }}
              >
                {selectMode ? 'Done' : 'Select'}
              </button>
            ) : null}
            {canDownload && flags.show_all_images && !search ? (
              <button type="button" className="button" onClick={downloadAll} disabled={download.phase === 'running'}>
                Download all
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      {body}
      {showGrid ? (
        <JustifiedGrid
          key={searchKey}
          photos={photos}
          total={total}
          apiBase={apiBase}
          selectMode={selectMode}
          selected={selection.ids}
          onActivate={onActivate}
          handle={grid}
        />
      ) : null}
      <div ref={sentinel} className="gallery-sentinel" aria-hidden="true" />
      {showGrid && status === 'loading' ? (
        <p className="gallery-more-status" role="status">
          <span className="spinner spinner-small" aria-hidden="true" /> Loading more photos…
        </p>
      ) : null}
      {showGrid && status === 'error' ? (
        <div className="gallery-more gallery-more-error" role="alert">
          <p>{GALLERY_TEXT.moreFailed}</p>
          <button type="button" className="button button-outline" onClick={retry}>
            Try again
          </button>
        </div>
      ) : null}
      {showGrid && status === 'idle' && feed.cursor ? (
        <div className="gallery-more">
          <button type="button" className="button button-outline" onClick={loadMore}>
            {GALLERY_TEXT.loadMore}
          </button>
        </div>
      ) : null}
      {showGrid && feed.done && photos.length > 24 ? <p className="gallery-end">{`That’s all ${photoCount(photos.length)}`}</p> : null}
      {selectMode ? (
        <SelectionBar
          count={selectedCount}
          loaded={photos.length}
          total={total}
          limit={MAX_ZIP_PHOTOS}
          busy={download.phase === 'running'}
          selectingAll={selectingAll}
          onSelectLoaded={() => setSelection((s) => selectAll(s, uuids, MAX_ZIP_PHOTOS))}
          onSelectEvery={() => void selectEverything()}
          onClear={() => setSelection(clearSelection())}
          onDownload={downloadSelected}
          onDone={() => {
            setSelectMode(false);
            setSelection(clearSelection());
          }}
        />
      ) : null}
      <DownloadPanel state={download} onCancel={cancelDownload} onDismiss={() => setDownload({ phase: 'idle' })} />
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
      />
    </section>
  );
}
