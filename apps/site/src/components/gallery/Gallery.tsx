'use client';

// Longer than 400 lines: the one place where the gallery's parts meet (listing, searches,
// selfie, favourites, viewer, live photos, selection, zips); each part is a hook or component of
// its own, and this module only wires them.

import { MAX_ZIP_PHOTOS } from '@eventsite/contract/constants';
import type { FeatureFlags, PhotoListItem, SelfieMatch } from '@eventsite/contract';
import dynamic from 'next/dynamic';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { deepLinkPhoto, resultsText, searchFromParams, searchParamsFor, type GallerySearch } from '@/lib/gallery/search';
import { selectedInOrder } from '@/lib/gallery/selection';
import { stillReadingOf } from '@/lib/gallery/pages';
import { countEventStat } from '@/lib/event-stats';
import { fetchAllPhotoIds } from '@/provider/photos';
import { DownloadPanel } from './DownloadPanel';
import { GalleryStatus } from './GalleryStatus';
import { JustifiedGrid } from './JustifiedGrid';
import { RunnerLinks } from '@/components/runner/RunnerLinks';
import { runnerHref } from '@/components/runner/strings';
import { ResultActions } from './ResultActions';
import { ResultCard } from './ResultCard';
import { SearchBar } from './SearchBar';
import { SelectionBar } from './SelectionBar';
import { GALLERY_TEXT, LIVE_TEXT, RESULT_ACTIONS, SELFIE_RESULTS, photoCount } from './strings';
import { useMoreOfBib, useRaceResult } from './useBibExtras';
import { useFeed, type InitialPage } from './useFeed';
import { useUrlQuery, writeUrl } from './useGalleryUrl';
import { useGalleryViewer } from './useGalleryViewer';
import { useInfiniteScroll } from './useInfiniteScroll';
import { useLivePhotos } from './useLivePhotos';
import { useResultsScroll } from './useResultsScroll';
import { useSelection } from './useSelection';
import { loadSelfieEngine, useSelfieSearch, type SelfieEngine } from './useSelfieSearch';
import { useZipDownload } from './useZipDownload';
import { FeedMore } from './FeedMore';
import { withoutNotMe } from './notMe';
import { NotMeNotice, PhotoActions, SelfieRunnerLink } from './PhotoActions';
import { useNotMe } from './useNotMe';
import { collectionFromParams, collectionParams, encodePicks, MAX_PICKS } from '@/lib/gallery/favourites';
import { AddAllButton, CollectionHeader, CollectionStatus, FavouritesNotice, FavouritesToggle, ShareFavourites } from './Favourites';
import { TileHeart } from './FavouriteButton';
import { useCollection } from './useCollection';
import { useFavourites } from './useFavourites';
import { FAVOURITES_TEXT } from './strings';

export { DEEP_LINK_SCAN_LIMIT } from './useGalleryViewer';

/**
 * The viewer (the lightbox, its zoom and full-screen plugins, frames): not in the gallery's first
 * load; its code comes when a photo is first opened.
 */
const PhotoViewer = dynamic(() => import('./PhotoViewer').then((m) => m.PhotoViewer), { ssr: false });

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
  /** The event's call-to-action (the route's, drawn on the server): under the search, above the results. */
  cta?: ReactNode;
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
  cta = null,
  params,
}: GalleryProps & { params: Params }) {
  /* ---------- A collection instead of a listing: the visitor's favourites, or a shared selection ---------- */
  const collectionKey = `${params.get('favourites') ?? ''}\u0000${params.get('picks') ?? ''}`;
  const collection = useMemo(() => collectionFromParams(params), [collectionKey]);
  const favourites = useFavourites(eventId);
  const shown = useCollection(apiBase, eventId, collection, favourites.list);
  const collectionQuery = useMemo(() => collectionParams(collection), [collection]);

  const searchKeyParams = `${params.get('bib') ?? ''}\u0000${params.get('name') ?? ''}`;
  const search = useMemo(
    () => (collection ? null : searchFromParams(params, flags)),
    // Only the search's own parameters make a new search (not ?photo=).
    [searchKeyParams, collection, flags.bib_search, flags.name_search],
  );
  const privacy = !flags.show_all_images;

  /* ---------- Selfie search (not in the URL: a selfie cannot be shared) ---------- */
  const selfie = useSelfieSearch(apiBase, eventId, selfieLoader);
  // Its results show while the URL has no bib or name search (the search that started it).
  const [selfieOn, setSelfieOn] = useState(false);
  const selfieAnswer = selfieOn && search === null && !collection && selfie.state.phase === 'done' ? selfie.state.answer : null;
  // "Not me": photos found by face that the visitor took out, kept for the visit.
  const notMe = useNotMe(eventId);
  const selfieMatches = useMemo(() => withoutNotMe((selfieAnswer?.photos ?? []).filter((p) => p.tier === 'match'), notMe.removed), [selfieAnswer, notMe.removed]);
  const selfieMaybes = useMemo(() => withoutNotMe((selfieAnswer?.photos ?? []).filter((p) => p.tier === 'maybe'), notMe.removed), [selfieAnswer, notMe.removed]);

  const enabled = (search !== null || !privacy) && !selfieAnswer && !collection;
  const { feed, status, error, loadMore, retry, reload } = useFeed(apiBase, eventId, search, enabled, initialPage);
  const photos: readonly PhotoListItem[] = collection ? shown.photos : selfieAnswer ? selfieMatches : feed.photos;
  const total = collection ? shown.photos.length : selfieAnswer ? selfieMatches.length : Math.max(feed.total ?? 0, photos.length);
  const searchKey = collection ? `collection:${collection.kind}` : selfieAnswer ? 'selfie' : search ? `${search.kind}:${search.value}` : 'all';

  /* ---------- "More photos of you": the bib's wearer, found by face ---------- */
  // Right after a new search the feed still holds the last one's photos (until its effect runs):
  // they must not make the new bib look found, even for a moment.
  const feedOf = useRef({ feed, key: searchKey });
  if (feedOf.current.feed !== feed) feedOf.current = { feed, key: searchKey };
  const feedIsCurrent = feedOf.current.key === searchKey;
  const bibFound = search?.kind === 'bib' && feedIsCurrent && feed.started && feed.photos.length > 0 ? search.value : null;
  const moreOfBibFound = useMoreOfBib(apiBase, eventId, bibFound, flags.selfie_search && flags.bib_search);
  const moreOfBib = useMemo(() => withoutNotMe(moreOfBibFound, notMe.removed), [moreOfBibFound, notMe.removed]);
  const extra: readonly PhotoListItem[] = collection ? [] : selfieAnswer ? selfieMaybes : moreOfBib;
  // The viewer pages through both sections: the results, then the extra ones.
  const viewerPhotos = useMemo(() => (extra.length ? [...photos, ...extra] : photos), [photos, extra]);

  /* ---------- Viewer and deep links ---------- */
  const viewer = useGalleryViewer({
    eventSlug,
    photoParam: deepLinkPhoto(params.get('photo')),
    feed: collection ? shown.feed : feed,
    status: collection ? 'idle' : status,
    loadMore,
    search,
    viewerPhotos,
    listed: photos.length,
    selfie: selfieAnswer !== null,
    extraQuery: collectionQuery,
  });
  const { open, onView, onClose, shareUrl, grid, extraGrid, closeForSearch } = viewer;

  /* ---------- Analytics: a visit, each photo opened, each share (nothing of the visitor) ---------- */
  useEffect(() => countEventStat(apiBase, eventId, 'visit'), [apiBase, eventId]);
  const viewedUuid = open >= 0 ? viewerPhotos[open]?.uuid : undefined;
  useEffect(() => {
    if (viewedUuid) countEventStat(apiBase, eventId, 'photo_view');
  }, [apiBase, eventId, viewedUuid]);
  const onShared = useCallback(() => countEventStat(apiBase, eventId, 'share'), [apiBase, eventId]);

  /* ---------- Search ---------- */
  const gridTop = useRef<HTMLDivElement>(null);
  // The visitor's search: its answer is the next thing they see, once drawn.
  const toResults = useResultsScroll(gridTop, searchKey, selfieOn ? selfie.state.phase !== 'done' : status === 'loading');
  const resetSelfie = selfie.reset;
  const runSearch = useCallback((next: GallerySearch | null) => {
    if (next) countEventStat(apiBase, eventId, next.kind === 'bib' ? 'search_bib' : 'search_name');
    closeForSearch();
    setSelfieOn(false);
    resetSelfie();
    writeUrl(next, null, 'push');
    if (next) return toResults(`${next.kind}:${next.value}`);
    // Every photo again: from the top of the grid, if the visitor had scrolled past it.
    const anchor = gridTop.current;
    if (anchor && anchor.getBoundingClientRect().top < 0 && typeof anchor.scrollIntoView === 'function') anchor.scrollIntoView({ block: 'start' });
  }, [resetSelfie, closeForSearch, apiBase, eventId, toResults]);

  /* ---------- Live: photos that came since the listing was loaded (not for a selfie's answer) ---------- */
  const live = useLivePhotos({ apiBase, eventId, search, enabled, started: feed.started, shown: feed.photos, total: feed.total });
  const dismissLive = live.dismiss;
  // Only the visitor's click moves the gallery: the listing again from its start, at its top.
  const showFresh = useCallback(() => {
    dismissLive();
    reload();
    const anchor = gridTop.current;
    if (anchor && typeof anchor.scrollIntoView === 'function') anchor.scrollIntoView({ block: 'start' });
  }, [dismissLive, reload]);

  const runSelfie = selfie.search;
  const onSelfie = useCallback(
    (file: File) => {
      countEventStat(apiBase, eventId, 'search_selfie');
      closeForSearch();
      setSelfieOn(true);
      // The selfie's results replace any bib or name search; the URL says no more than that.
      writeUrl(null, null, 'push');
      runSelfie(file);
      toResults('selfie', false);
    },
    [runSelfie, closeForSearch, apiBase, eventId, toResults],
  );

  const result = useRaceResult(apiBase, eventId, search, flags.show_timing_data);

  /* ---------- "Not me" and "This is me" over the photos found by face ---------- */
  const removeNotMe = notMe.remove;
  const faceActions = useCallback(
    (photo: PhotoListItem, _index: number, label: string) => (
      // "This is me" on a selfie's photos only: after a bib search the runner page is linked above.
      <PhotoActions label={label} bib={selfieAnswer ? (photo as SelfieMatch).bib : null} eventSlug={eventSlug} onNotMe={() => removeNotMe(photo.uuid)} />
    ),
    [selfieAnswer, eventSlug, removeNotMe],
  );

  /* ---------- Favourites: a heart on each tile and in the viewer ---------- */
  const toggleFavourite = favourites.toggle;
  const heartsShown = favourites.list !== null;
  const tileActions = useCallback(
    (photo: PhotoListItem, index: number, label: string) => (
      <>
        {selfieAnswer ? faceActions(photo, index, label) : null}
        {heartsShown ? <TileHeart on={favourites.ids.has(photo.uuid)} photoLabel={label} onToggle={() => toggleFavourite(photo)} /> : null}
      </>
    ),
    [selfieAnswer, faceActions, heartsShown, favourites.ids, toggleFavourite],
  );
  const extraTileActions = useCallback(
    (photo: PhotoListItem, index: number, label: string) => (
      <>
        {faceActions(photo, index, label)}
        {heartsShown ? <TileHeart on={favourites.ids.has(photo.uuid)} photoLabel={label} onToggle={() => toggleFavourite(photo)} /> : null}
      </>
    ),
    [faceActions, heartsShown, favourites.ids, toggleFavourite],
  );
  const viewerFavourites = useMemo(
    () =>
      heartsShown
        ? {
            has: (uuid: string) => favourites.ids.has(uuid),
            toggle: (uuid: string) => {
              const photo = viewerPhotos.find((p) => p.uuid === uuid);
              if (photo) toggleFavourite(photo);
            },
          }
        : undefined,
    [heartsShown, favourites.ids, viewerPhotos, toggleFavourite],
  );
  /** Into the favourites view, or out of it (Back returns). */
  const showFavourites = useCallback(
    (on: boolean) => {
      closeForSearch();
      writeUrl(null, null, 'push', on ? { favourites: '1' } : {});
      const anchor = gridTop.current;
      if (anchor && anchor.getBoundingClientRect().top < 0 && typeof anchor.scrollIntoView === 'function') anchor.scrollIntoView({ block: 'start' });
    },
    [closeForSearch],
  );
  const favouriteCount = favourites.list?.length ?? 0;
  const favouritesToggle =
    favourites.list !== null && (favouriteCount > 0 || collection) ? (
      <FavouritesToggle count={favouriteCount} on={collection?.kind === 'favourites'} onToggle={showFavourites} />
    ) : null;
  const favouritesLink = useCallback(
    () => `${window.location.origin}/events/${encodeURIComponent(eventSlug)}/photos?picks=${encodePicks((favourites.list ?? []).map((p) => p.uuid))}`,
    [eventSlug, favourites.list],
  );

  /* ---------- Selection and downloads ---------- */
  const canDownload = flags.bulk_download;
  const select = useSelection({
    photos: viewerPhotos,
    listingKey: searchKey,
    onView,
    fetchAllIds: selfieAnswer || collection ? null : () => fetchAllPhotoIds(apiBase, eventId, searchParamsFor(search), MAX_ZIP_PHOTOS),
  });
  const { selectMode, selection, uuids, onActivate } = select;
  const { download, startDownload, cancelDownload, dismissDownload } = useZipDownload(apiBase, eventId, eventSlug);
  const downloadSelected = () => {
    const ids = selectedInOrder(selection, uuids);
    if (ids.length === 0) return;
    void startDownload({ photo_ids: ids.slice(0, MAX_ZIP_PHOTOS) }, ids.length, photoCount(ids.length));
  };
  const downloadAll = () => void startDownload({ all: true }, total, `All ${photoCount(total)}`);
  // A search's results, all in one zip: their ids fetched without drawing them, once not all are here.
  const downloadResults = async () => {
    const listed = photos.map((p) => p.uuid);
    const ids = selfieAnswer || feed.done ? listed : await fetchAllPhotoIds(apiBase, eventId, searchParamsFor(search), MAX_ZIP_PHOTOS).catch(() => listed);
    void startDownload({ photo_ids: ids.slice(0, MAX_ZIP_PHOTOS) }, ids.length, photoCount(ids.length));
  };
  const downloadCollection = () => {
    // The favourites still hearted (one un-hearted in this view stays shown, but is not zipped).
    const list = collection?.kind === 'favourites' ? (favourites.list ?? []) : shown.photos;
    const ids = list.map((p) => p.uuid).slice(0, MAX_ZIP_PHOTOS);
    if (ids.length === 0) return;
    void startDownload({ photo_ids: ids }, ids.length, collection?.kind === 'favourites' ? FAVOURITES_TEXT.zipLabel(ids.length) : photoCount(ids.length));
  };

  const sentinel = useInfiniteScroll(feed.cursor, status, loadMore);

  /* ---------- What to show ---------- */
  const forbidden = !search && error?.status === 403;
  const firstPageFailed = status === 'error' && !feed.started;
  const searchable = flags.bib_search || flags.name_search || flags.selfie_search;
  const showGrid = photos.length > 0;
  // Photos the search cannot find yet (the provider's count, when it gives one).
  const stillReading = collection ? 0 : selfieAnswer ? stillReadingOf(selfieAnswer.still_reading) : search ? feed.stillReading : 0;
  const body = collection ? (
    <CollectionStatus kind={collection.kind} phase={shown.phase} photos={photos.length} onRetry={shown.retry} />
  ) : (
    <GalleryStatus
      flags={flags}
      search={search}
      selfie={selfieAnswer !== null}
      extra={extra.length}
      photos={photos.length}
      stillReading={stillReading}
      enabled={enabled}
      forbidden={forbidden}
      started={feed.started}
      firstPageFailed={firstPageFailed}
      errorMessage={error?.message}
      onRetry={retry}
      onShowAll={() => runSearch(null)}
    />
  );

  const selectedCount = selection.ids.size;
  const countLine = collection
    ? collection.kind === 'favourites'
      ? FAVOURITES_TEXT.count(favouriteCount)
      : null
    : selfieAnswer
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
          selfie={flags.selfie_search ? { state: selfie.state, onOpen: selfie.prepare, onPick: onSelfie } : undefined}
          selfieActive={selfieOn}
        />
      ) : null}
      {cta}
      {selfieAnswer ? <p className="gallery-note">{SELFIE_RESULTS.notShareable}</p> : null}
      <div ref={gridTop} className="gallery-anchor" />
      <div className="gallery-live" aria-live="polite">
        {live.fresh > 0 ? (
          <button type="button" className="gallery-live-button" onClick={showFresh} title={LIVE_TEXT.freshHint}>
            <span aria-hidden="true">↑ </span>
            {LIVE_TEXT.fresh(live.fresh)}
          </button>
        ) : null}
      </div>
      {search && result ? (
        <ResultCard
          result={result}
          runnerHref={runnerHref(eventSlug, search.value)}
          certificateHref={flags.download_certificate ? `/events/${encodeURIComponent(eventSlug)}/promo?bib=${encodeURIComponent(search.value)}` : null}
        />
      ) : null}
      {/* A result card links the runner page itself; a bib found without one, the actions below. */}
      <RunnerLinks eventId={eventId} eventSlug={eventSlug} apiBase={apiBase} search={selfieAnswer || search?.kind !== 'name' ? null : search} flags={flags} />
      {selfieAnswer ? <SelfieRunnerLink photos={selfieMatches} eventSlug={eventSlug} /> : null}
      {(selfieAnswer || (search && feedIsCurrent)) && !collection && showGrid ? (
        <ResultActions
          count={total}
          onDownload={canDownload ? () => void downloadResults() : null}
          busy={download.phase === 'running'}
          runnerHref={search?.kind === 'bib' && bibFound && !result ? runnerHref(eventSlug, search.value) : null}
          share={search && !selfieAnswer ? { title: RESULT_ACTIONS.shareTitle(resultsText(search, total), eventName), apiBase, eventId } : null}
        />
      ) : null}
      {collection?.kind === 'picks' && shown.phase === 'ready' && photos.length > 0 ? (
        <CollectionHeader count={photos.length} missing={shown.missing} />
      ) : null}
      {showGrid || favouritesToggle ? (
        <div className="gallery-toolbar">
          <p className="gallery-count" aria-live="polite">
            {showGrid ? countLine : null}
            {showGrid && countLine && stillReading > 0 ? <span className="gallery-still-reading"> {GALLERY_TEXT.stillReadingMore(stillReading)}</span> : null}
          </p>
          <div className="gallery-actions">
            {favouritesToggle}
            {collection?.kind === 'picks' && showGrid ? <AddAllButton onAdd={() => favourites.addAll(photos)} /> : null}
            {collection?.kind === 'favourites' && favouriteCount > 0 ? <ShareFavourites link={favouritesLink} count={favouriteCount} max={MAX_PICKS} onShared={onShared} /> : null}
            {collection && canDownload && showGrid && (collection.kind === 'picks' || favouriteCount > 0) ? (
              <button type="button" className="button" onClick={downloadCollection} disabled={download.phase === 'running'}>
                {collection.kind === 'favourites' ? FAVOURITES_TEXT.download : FAVOURITES_TEXT.downloadPicked}
              </button>
            ) : null}
            {collection?.kind === 'picks' && !privacy ? (
              <button type="button" className="button button-ghost" onClick={() => runSearch(null)}>
                {GALLERY_TEXT.showAll}
              </button>
            ) : null}
            {(search || selfieAnswer) && !privacy ? (
              <button type="button" className="button button-ghost" onClick={() => runSearch(null)}>
                {GALLERY_TEXT.showAll}
              </button>
            ) : null}
            {canDownload && !collection ? (
              <button
                type="button"
                className="button button-outline"
                aria-pressed={selectMode}
                onClick={select.toggleSelectMode}
              >
                {selectMode ? 'Done' : 'Select'}
              </button>
            ) : null}
            {canDownload && flags.show_all_images && !search && !selfieAnswer && !collection ? (
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
          tileActions={tileActions}
        />
      ) : null}
      <div ref={sentinel} className="gallery-sentinel" aria-hidden="true" />
      {showGrid && !collection ? <FeedMore status={status} hasMore={Boolean(feed.cursor)} onRetry={retry} onLoadMore={loadMore} /> : null}
      {showGrid && !collection && feed.done && photos.length > 24 ? <p className="gallery-end">{`That’s all ${photoCount(photos.length)}`}</p> : null}
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
            tileActions={extraTileActions}
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
          selectingAll={select.selectingAll}
          onSelectLoaded={select.selectLoaded}
          onSelectEvery={() => void select.selectEverything()}
          onClear={select.clear}
          onDownload={downloadSelected}
          onDone={select.endSelectMode}
        />
      ) : null}
      <NotMeNotice last={notMe.last} onUndo={notMe.undo} onClose={notMe.dismiss} />
      <FavouritesNotice text={favourites.notice} />
      <DownloadPanel state={download} onCancel={cancelDownload} onDismiss={dismissDownload} />
      {open < 0 ? null : (
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
          onShared={onShared}
          favourites={viewerFavourites}
          eventId={eventId}
        />
      )}
    </section>
  );
}
