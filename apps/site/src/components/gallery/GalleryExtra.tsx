'use client';

import type { PhotoListItem } from '@eventsite/contract';
import type { MouseEvent, ReactNode, Ref } from 'react';
import { JustifiedGrid, type GridHandle } from './JustifiedGrid';
import { SELFIE_RESULTS } from './strings';

export interface GalleryExtraProps {
  eventId: number;
  apiBase: string;
  /** The photos under the results: a selfie's less sure matches, or more of a bib's wearer by face. */
  photos: readonly PhotoListItem[];
  selfie: boolean;
  /** The results' key: a new search draws a new grid. */
  listingKey: string;
  selectMode: boolean;
  selected: ReadonlySet<string>;
  onActivate: (index: number, event: MouseEvent<HTMLButtonElement>) => void;
  handle: Ref<GridHandle>;
  tileActions: (photo: PhotoListItem, index: number, label: string) => ReactNode;
}

/** Under the results, a section of their own: photos that may be the visitor, found by face. */
export function GalleryExtra({ eventId, apiBase, photos, selfie, listingKey, selectMode, selected, onActivate, handle, tileActions }: GalleryExtraProps) {
  if (photos.length === 0) return null;
  return (
    <section className="gallery-extra" aria-labelledby={`gallery-extra-${eventId}`}>
      <h2 id={`gallery-extra-${eventId}`} className="gallery-extra-title">
        {selfie ? SELFIE_RESULTS.maybeTitle : SELFIE_RESULTS.moreTitle}
      </h2>
      <p className="gallery-extra-text">{selfie ? SELFIE_RESULTS.maybeText : SELFIE_RESULTS.moreText}</p>
      <JustifiedGrid
        key={`extra-${listingKey}`}
        photos={photos}
        total={photos.length}
        apiBase={apiBase}
        selectMode={selectMode}
        selected={selected}
        onActivate={onActivate}
        handle={handle}
        tileLabel={selfie ? SELFIE_RESULTS.maybeLabel : SELFIE_RESULTS.moreLabel}
        tileActions={tileActions}
      />
    </section>
  );
}
