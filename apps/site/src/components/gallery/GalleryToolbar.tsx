'use client';

import type { ReactNode } from 'react';
import { MAX_PICKS, type Collection } from '@/lib/gallery/favourites';
import { AddAllButton, FavouritesToggle, ShareFavourites } from './onFirstUse';
import { FAVOURITES_TEXT, GALLERY_TEXT } from './strings';

export interface GalleryToolbarProps {
  /** The photos' count line (none while there is nothing to count). */
  countLine: string | null;
  /** Photos the search cannot find yet. */
  stillReading: number;
  showGrid: boolean;
  collection: Collection | null;
  /** A bib, name or selfie search's results are showing. */
  searching: boolean;
  /** The gallery shows nothing without a search (show_all_images off). */
  privacy: boolean;
  /** The event offers zips (bulk_download); `showAll`: every photo listed without a search. */
  canDownload: boolean;
  downloadAllShown: boolean;
  busy: boolean;
  selectMode: boolean;
  /** The visitor's favourites (null until read). */
  favouriteCount: number | null;
  onToggleSelect: () => void;
  onShowAll: () => void;
  onShowFavourites: (on: boolean) => void;
  onAddAll: () => number;
  favouritesLink: () => string;
  onShared: () => void;
  onDownloadAll: () => void;
  onDownloadCollection: () => void;
}

/** Above the grid: the count, and what can be done with the photos shown. */
export function GalleryToolbar(p: GalleryToolbarProps): ReactNode {
  const { collection, showGrid, countLine } = p;
  const favourites = p.favouriteCount ?? 0;
  const toggleShown = p.favouriteCount !== null && (favourites > 0 || collection !== null);
  if (!showGrid && !toggleShown) return null;
  return (
    <div className="gallery-toolbar">
      <p className="gallery-count" aria-live="polite">
        {showGrid ? countLine : null}
        {showGrid && countLine && p.stillReading > 0 ? <span className="gallery-still-reading"> {GALLERY_TEXT.stillReadingMore(p.stillReading)}</span> : null}
      </p>
      <div className="gallery-actions">
        {toggleShown ? <FavouritesToggle count={favourites} on={collection?.kind === 'favourites'} onToggle={p.onShowFavourites} /> : null}
        {collection?.kind === 'picks' && showGrid ? <AddAllButton onAdd={p.onAddAll} /> : null}
        {collection?.kind === 'favourites' && favourites > 0 ? <ShareFavourites link={p.favouritesLink} count={favourites} max={MAX_PICKS} onShared={p.onShared} /> : null}
        {collection && p.canDownload && showGrid && (collection.kind === 'picks' || favourites > 0) ? (
          <button type="button" className="button" onClick={p.onDownloadCollection} disabled={p.busy}>
            {collection.kind === 'favourites' ? FAVOURITES_TEXT.download : FAVOURITES_TEXT.downloadPicked}
          </button>
        ) : null}
        {(collection?.kind === 'picks' || (!collection && p.searching)) && !p.privacy ? (
          <button type="button" className="button button-ghost" onClick={p.onShowAll}>
            {GALLERY_TEXT.showAll}
          </button>
        ) : null}
        {p.canDownload && !collection ? (
          <button type="button" className="button button-outline" aria-pressed={p.selectMode} onClick={p.onToggleSelect}>
            {p.selectMode ? 'Done' : 'Select'}
          </button>
        ) : null}
        {p.downloadAllShown ? (
          <button type="button" className="button" onClick={p.onDownloadAll} disabled={p.busy}>
            Download all
          </button>
        ) : null}
      </div>
    </div>
  );
}
