'use client';

// The one place where the gallery's parts meet (listing, searches, selfie, favourites, viewer,
// live photos, selection, zips); each part is a hook or component of its own, and this module
// only wires them. What a visitor does not use on arrival comes from ./onFirstUse.

import { MAX_ZIP_PHOTOS } from '@eventsite/contract/constants';
import type { FeatureFlags, PhotoListItem } from '@eventsite/contract';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { collectionFromParams, collectionParams } from '@/lib/gallery/favourites';
import { stillReadingOf } from '@/lib/gallery/pages';
import { deepLinkPhoto, resultsText, searchFromParams, type GallerySearch } from '@/lib/gallery/search';
import { countEventStat } from '@/lib/event-stats';
import { runnerHref } from '@/components/runner/links';
import { FavouritesNotice } from './FavouriteButton';
import { countLine } from './countLine';
import { FeedMore } from './FeedMore';
import { GalleryExtra } from './GalleryExtra';
import { GalleryStatus } from './GalleryStatus';
import { GalleryToolbar } from './GalleryToolbar';
import { JustifiedGrid } from './JustifiedGrid';
import { withoutNotMe } from './notMe';
import { CollectionHeader, CollectionStatus, DownloadPanel, NotMeNotice, PhotoViewer, preloadLaterParts, ResultActions, ResultCard, RunnerLinks, SelectionBar, SelfieRunnerLink } from './onFirstUse';
import { SearchBar } from './SearchBar';
import { LIVE_TEXT, SELFIE_RESULTS, photoCount } from './strings';
import { useMoreOfBib, useRaceResult } from './useBibExtras';
import { useCollection } from './useCollection';
import { useFavourites } from './useFavourites';
import { useFavouritesView } from './useFavouritesView';
import { useFeed, type InitialPage } from './useFeed';
import { useGalleryDownloads } from './useGalleryDownloads';
import { useUrlQuery, writeUrl } from './useGalleryUrl';
import { useGalleryViewer } from './useGalleryViewer';
import { useInfiniteScroll } from './useInfiniteScroll';
import { useLivePhotos } from './useLivePhotos';
import { useNotMe } from './useNotMe';
import { useResultsScroll } from './useResultsScroll';
import { loadSelfieEngine, useSelfieSearch, type SelfieEngine } from './useSelfieSearch';
import { useTileActions } from './useTileActions';

export { DEEP_LINK_SCAN_LIMIT } from './useGalleryViewer';

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
    preloadLaterParts(); // a search's answer comes with its parts (result card, actions)
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
      preloadLaterParts();
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

  /* ---------- Favourites: a heart on each tile and in the viewer ---------- */
  const { tileActions, extraTileActions, viewerFavourites } = useTileActions({
    eventSlug,
    favourites,
    selfie: selfieAnswer !== null,
    onNotMe: notMe.remove,
    viewerPhotos,
  });
  const { showFavourites, favouritesLink } = useFavouritesView(eventSlug, favourites.list, closeForSearch, gridTop);
  const favouriteCount = favourites.list?.length ?? 0;

  /* ---------- Selection and downloads ---------- */
  const canDownload = flags.bulk_download;
  const downloads = useGalleryDownloads({
    apiBase,
    eventId,
    eventSlug,
    viewerPhotos,
    photos,
    total,
    listingKey: searchKey,
    search,
    selfie: selfieAnswer !== null,
    collection,
    favourites: favourites.list,
    collectionPhotos: shown.photos,
    feedDone: feed.done,
    onView,
  });
  const { select, zip, busy } = downloads, { selectMode, selection, uuids, onActivate } = downloads.select;

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

  const counted = countLine({
    collection,
    favourites: favouriteCount,
    selfie: selfieAnswer !== null,
    search,
    started: feed.started,
    photos: photos.length,
    total,
    showTotal: flags.show_total_photos_count,
  });

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
      {!selfieAnswer && search?.kind === 'name' ? <RunnerLinks eventId={eventId} eventSlug={eventSlug} apiBase={apiBase} search={search} flags={flags} /> : null}
      {selfieAnswer ? <SelfieRunnerLink photos={selfieMatches} eventSlug={eventSlug} /> : null}
      {(selfieAnswer || (search && feedIsCurrent)) && !collection && showGrid ? (
        <ResultActions
          count={total}
          onDownload={canDownload ? () => void downloads.downloadResults() : null}
          busy={busy}
          runnerHref={search?.kind === 'bib' && bibFound && !result ? runnerHref(eventSlug, search.value) : null}
          share={search && !selfieAnswer ? { results: resultsText(search, total), eventName, apiBase, eventId } : null}
        />
      ) : null}
      {collection?.kind === 'picks' && shown.phase === 'ready' && photos.length > 0 ? (
        <CollectionHeader count={photos.length} missing={shown.missing} />
      ) : null}
      <GalleryToolbar
        countLine={showGrid ? counted : null}
        stillReading={stillReading}
        showGrid={showGrid}
        collection={collection}
        searching={Boolean(search || selfieAnswer)}
        privacy={privacy}
        canDownload={canDownload}
        downloadAllShown={canDownload && flags.show_all_images && !search && !selfieAnswer && !collection}
        busy={busy}
        selectMode={selectMode}
        favouriteCount={favourites.list ? favouriteCount : null}
        onToggleSelect={select.toggleSelectMode}
        onShowAll={() => runSearch(null)}
        onShowFavourites={showFavourites}
        onAddAll={() => favourites.addAll(photos)}
        favouritesLink={favouritesLink}
        onShared={onShared}
        onDownloadAll={downloads.downloadAll}
        onDownloadCollection={downloads.downloadCollection}
      />
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
      <GalleryExtra
        eventId={eventId}
        apiBase={apiBase}
        photos={extra}
        selfie={selfieAnswer !== null}
        listingKey={searchKey}
        selectMode={selectMode}
        selected={selection.ids}
        onActivate={(i, e) => onActivate(photos.length + i, e)}
        handle={extraGrid}
        tileActions={extraTileActions}
      />
      {selectMode ? (
        <SelectionBar
          count={selection.ids.size}
          loaded={uuids.length}
          total={selfieAnswer ? uuids.length : total + extra.length}
          limit={MAX_ZIP_PHOTOS}
          busy={busy}
          selectingAll={select.selectingAll}
          onSelectLoaded={select.selectLoaded}
          onSelectEvery={() => void select.selectEverything()}
          onClear={select.clear}
          onDownload={downloads.downloadSelected}
          onDone={select.endSelectMode}
        />
      ) : null}
      {/* Its live region is there before the first "Not me", which only photos found by face offer. */}
      {selfieAnswer || moreOfBib.length > 0 || notMe.last ? <NotMeNotice last={notMe.last} onUndo={notMe.undo} onClose={notMe.dismiss} /> : null}
      <FavouritesNotice text={favourites.notice} />
      {zip.download.phase === 'idle' ? null : <DownloadPanel state={zip.download} onCancel={zip.cancelDownload} onDismiss={zip.dismissDownload} />}
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
