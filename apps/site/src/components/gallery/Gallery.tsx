'use client';

import { MAX_ZIP_PHOTOS } from '@eventsite/contract/constants';
import type {
  DownloadRequest,
  FeatureFlags,
  PhotoListItem,
  RaceResult,
  SelfieMatch,
} from '@eventsite/contract';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
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
import { fetchMoreOfBib } from '@/provider/selfie';
import { DownloadPanel, type DownloadState } from './DownloadPanel';
import { GallerySkeleton } from './GallerySkeleton';
import { JustifiedGrid, type GridHandle } from './JustifiedGrid';
import { PhotoViewer } from './PhotoViewer';
import { PrivacyPrompt } from './PrivacyPrompt';
import { ResultCard } from './ResultCard';
import { SearchBar } from './SearchBar';
import { SelectionBar } from './SelectionBar';
import { GALLERY_TEXT, SELFIE_RESULTS, photoCount } from './strings';
import { useFeed, type InitialPage } from './useFeed';
import { loadSelfieEngine, useSelfieSearch, type SelfieEngine } from './useSelfieSearch';

export interface GalleryProps {
  eventId: number;
  eventSlug: string;
  eventName: string;
  apiBase: string;
  flags: FeatureFlags;
  bibPlaceholder: string;
  /** The selfie engine's loader (the browser build of the face model, imported on demand). */
  loadSelfieEngine?: () => Promise<SelfieEngine>;
  /** The first page of photos, from the server (rendered in its HTML): the feed starts from it. */
  initialPage?: InitialPage | null;
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

/** Fired on the window when the gallery writes its URL (history.pushState fires no event). */
const URL_CHANGED = 'gallery:url';

/** The URL of the gallery with this search and photo, keeping the path. */
function writeUrl(search: GallerySearch | null, photo: string | null, mode: 'push' | 'replace') {
  const url = `${window.location.pathname}${galleryQuery(search, photo)}${window.location.hash}`;
  if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
  window.dispatchEvent(new Event(URL_CHANGED));
}

function subscribeToUrl(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(URL_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(URL_CHANGED, onChange);
  };
}

/**
 * The URL's query, read without useSearchParams: a prerendered page cannot read the query on the
 * server, and useSearchParams would make the whole gallery client-rendered there. The server (and
 * hydration) use the query the server was asked (`serverQuery`), the browser then the URL's.
 */
function useUrlQuery(serverQuery: string): URLSearchParams {
  const query = useSyncExternalStore(subscribeToUrl, () => window.location.search, () => serverQuery);
  return useMemo(() => new URLSearchParams(query), [query]);
}

/**
 * The event gallery: search, justified virtualised grid, viewer, selection and zip downloads.
 * Its state lives in the URL (`?bib=`, `?name=`, `?photo=`), so it can be shared and Back works.
 */
export default function Gallery({ query = '', ...props }: GalleryProps & { query?: string }) {
  const params = useUrlQuery(query);
  return <GalleryView {...props} params={params} />;
}

type Params = { get(name: string): string | null };

/** The gallery for the query `params` (the URL's, see useUrlQuery). */
export function GalleryView({
  eventId,
  eventSlug,
  eventName,
  apiBase,
  flags,
  bibPlaceholder,
  loadSelfieEngine: selfieLoader = loadSelfieEngine,
  initialPage = null,
  params,
}: GalleryProps & { params: Params }) {
  const searchKeyParams = `${params.get('bib') ?? ''}\u0000${params.get('name') ?? ''}`;
  const search = useMemo(
    () => searchFromParams(params, flags),
    // Only the search's own parameters make a new search (not ?photo=).
    [searchKeyParams, flags.bib_search, flags.name_search],
  );
  const photoParam = deepLinkPhoto(params.get('photo'));
  const privacy = !flags.show_all_images;

  /* ---------- Selfie search (not in the URL: a selfie cannot be shared) ---------- */
  const selfie = useSelfieSearch(apiBase, eventId, selfieLoader);
  // Its results show while the URL has no bib or name search (the search that started it).
  const [selfieOn, setSelfieOn] = useState(false);
  const selfieAnswer = selfieOn && search === null && selfie.state.phase === 'done' ? selfie.state.answer : null;
  const selfieMatches = useMemo(() => (selfieAnswer?.photos ?? []).filter((p) => p.tier === 'match'), [selfieAnswer]);
  const selfieMaybes = useMemo(() => (selfieAnswer?.photos ?? []).filter((p) => p.tier === 'maybe'), [selfieAnswer]);

  const enabled = (search !== null || !privacy) && !selfieAnswer;
  const { feed, status, error, loadMore, retry } = useFeed(apiBase, eventId, search, enabled, initialPage);
  const photos: readonly PhotoListItem[] = selfieAnswer ? selfieMatches : feed.photos;
  const total = selfieAnswer ? selfieMatches.length : Math.max(feed.total ?? 0, photos.length);
  const searchKey = selfieAnswer ? 'selfie' : search ? `${search.kind}:${search.value}` : 'all';

  /* ---------- "More photos of you": the bib's wearer, found by face ---------- */
  const [moreOfBib, setMoreOfBib] = useState<{ bib: string; photos: SelfieMatch[] } | null>(null);
  const bibFound = search?.kind === 'bib' && feed.started && feed.photos.length > 0 ? search.value : null;
  useEffect(() => {
    setMoreOfBib(null);
    if (!bibFound || !flags.selfie_search || !flags.bib_search) return;
    const abort = new AbortController();
    fetchMoreOfBib(apiBase, eventId, bibFound, abort.signal)
      .then((answer) => {
        if (!abort.signal.aborted) setMoreOfBib({ bib: bibFound, photos: answer.photos });
      })
      .catch(() => {
        /* No extra section: the bib's own photos are what was asked for. */
      });
    return () => abort.abort();
  }, [apiBase, eventId, bibFound, flags.selfie_search, flags.bib_search]);
  const extra: readonly PhotoListItem[] = selfieAnswer ? selfieMaybes : moreOfBib && moreOfBib.bib === bibFound ? moreOfBib.photos : [];
  // The viewer pages through both sections: the results, then the extra ones.
  const viewerPhotos = useMemo(() => (extra.length ? [...photos, ...extra] : photos), [photos, extra]);

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
      const photo = viewerPhotos[i];
      if (photo && !selfieAnswer) writeUrl(search, photo.uuid, 'replace');
      if (!selfieAnswer && i < photos.length && i >= photos.length - 3 && feed.cursor && status === 'idle') loadMore();
    },
    [viewerPhotos, photos.length, selfieAnswer, search, feed.cursor, status, loadMore],
  );
  const grid = useRef<GridHandle>(null);
  const extraGrid = useRef<GridHandle>(null);
  const photosCount = useRef(photos.length);
  photosCount.current = photos.length;
  const openRef = useRef(open);
  openRef.current = open;
  const onClose = useCallback(() => {
    const last = openRef.current;
    setOpen(-1);
    writeUrl(search, null, 'replace');
    // Back in the grid where the viewer was: that photo in view, and focused.
    window.setTimeout(() => (last < photosCount.current ? grid.current?.reveal(last) : extraGrid.current?.reveal(last - photosCount.current)), 0);
  }, [search]);
  const shareUrl = useCallback(
    (uuid: string) => `${window.location.origin}/events/${encodeURIComponent(eventSlug)}/photos${galleryQuery(null, uuid)}`,
    [eventSlug],
  );

  /* ---------- Search ---------- */
  const gridTop = useRef<HTMLDivElement>(null);
  const resetSelfie = selfie.reset;
  const runSearch = useCallback((next: GallerySearch | null) => {
    pending.current = null;
    setOpen(-1);
    setSelfieOn(false);
    resetSelfie();
    writeUrl(next, null, 'push');
    // Results start at the top of the grid, if the visitor had scrolled past it.
    const anchor = gridTop.current;
    if (anchor && anchor.getBoundingClientRect().top < 0 && typeof anchor.scrollIntoView === 'function') anchor.scrollIntoView({ block: 'start' });
  }, [resetSelfie]);

  const runSelfie = selfie.search;
  const onSelfie = useCallback(
    (file: File) => {
      pending.current = null;
      setOpen(-1);
      setSelfieOn(true);
      // The selfie's results replace any bib or name search; the URL says no more than that.
      writeUrl(null, null, 'push');
      runSelfie(file);
    },
    [runSelfie],
  );
  const onSelfieUpload = useCallback(() => {
    setSelfieOn(true);
    selfie.upload();
  }, [selfie]);

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
  const uuids = useMemo(() => viewerPhotos.map((p) => p.uuid), [viewerPhotos]);
  useEffect(() => {
    setSelectMode(false);
    setSelection(clearSelection());
  }, [searchKey]);

  const onActivate = useCallback(
    (index: number, event: MouseEvent<HTMLButtonElement>) => {
      const photo = viewerPhotos[index];
      if (!photo) return;
      if (!selectMode) {
        onView(index);
        return;
      }
      setSelection((s) => (event.shiftKey ? selectRange(s, uuids, index) : togglePhoto(s, photo.uuid, index)));
    },
    [viewerPhotos, selectMode, uuids, onView],
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
    if (selfieAnswer) {
      // A selfie's answer is all here already.
      setSelection((s) => selectAll(s, uuids, MAX_ZIP_PHOTOS));
      return;
    }
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
  const searchable = flags.bib_search || flags.name_search || flags.selfie_search;
  const showGrid = photos.length > 0;

  let body: React.ReactNode = null;
  if (selfieAnswer) {
    if (photos.length === 0)
      body = (
        <div className="empty-state gallery-empty" role="status">
          <h2>{extra.length ? SELFIE_RESULTS.noSureMatch : SELFIE_RESULTS.none}</h2>
          <p>{extra.length ? SELFIE_RESULTS.seeMaybe : SELFIE_RESULTS.noneHelp}</p>
        </div>
      );
  } else if (!enabled || forbidden) {
    body = <PrivacyPrompt bib={flags.bib_search} name={flags.name_search} selfie={flags.selfie_search} message={forbidden ? error?.message : undefined} />;
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
  const countLine = selfieAnswer
    ? photos.length > 0
      ? SELFIE_RESULTS.count(photos.length)
      : null
    : search
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
          onClear={privacy && !selfieAnswer ? undefined : () => runSearch(null)}
          selfie={flags.selfie_search ? { state: selfie.state, onOpen: selfie.prepare, onPick: onSelfie, onUpload: onSelfieUpload } : undefined}
          selfieActive={selfieOn}
        />
      ) : null}
      {selfieAnswer ? <p className="gallery-note">{SELFIE_RESULTS.notShareable}</p> : null}
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
            {(search || selfieAnswer) && !privacy ? (
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
            {canDownload && flags.show_all_images && !search && !selfieAnswer ? (
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
      {extra.length > 0 ? (
        <section className="gallery-extra" aria-labelledby={`gallery-extra-${eventId}`}>
          <h2 id={`gallery-extra-${eventId}`} className="gallery-extra-title">
            {selfieAnswer ? SELFIE_RESULTS.maybeTitle : SELFIE_RESULTS.moreTitle}
          </h2>
          <p className="gallery-extra-text">{selfieAnswer ? SELFIE_RESULTS.maybeText : SELFIE_RESULTS.moreText}</p>
          <JustifiedGrid
            key={`extra-${searchKey}`}
            photos={extra}
            total={extra.length}
            apiBase={apiBase}
            selectMode={selectMode}
            selected={selection.ids}
            onActivate={(i, e) => onActivate(photos.length + i, e)}
            handle={extraGrid}
            tileLabel={selfieAnswer ? SELFIE_RESULTS.maybeLabel : SELFIE_RESULTS.moreLabel}
          />
        </section>
      ) : null}
      {selectMode ? (
        <SelectionBar
          count={selectedCount}
          loaded={uuids.length}
          total={selfieAnswer ? uuids.length : total + extra.length}
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
        photos={viewerPhotos}
        total={Math.max(total, photos.length) + extra.length}
        index={Math.max(0, open)}
        open={open >= 0 && viewerPhotos.length > 0}
        apiBase={apiBase}
        eventName={eventName}
        shareUrl={shareUrl}
        onView={onView}
        onClose={onClose}
      />
    </section>
  );
}
