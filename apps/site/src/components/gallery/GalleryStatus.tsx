'use client';

import type { FeatureFlags } from '@eventsite/contract';
import type { ReactNode } from 'react';
import { noResultsText, type GallerySearch } from '@/lib/gallery/search';
import { GallerySkeleton } from './GallerySkeleton';
import { PrivacyPrompt } from './PrivacyPrompt';
import { GALLERY_TEXT, SELFIE_RESULTS } from './strings';

interface GalleryStatusProps {
  flags: FeatureFlags;
  search: GallerySearch | null;
  /** A selfie's answer is showing; `extra` is how many maybes it has. */
  selfie: boolean;
  extra: number;
  photos: number;
  /** Photos of the event the search cannot find yet (the provider's `still_reading`), or 0. */
  stillReading: number;
  /** The listing may be shown (a search, or an event whose photos are public). */
  enabled: boolean;
  /** The API refused the listing (403): the event is private. */
  forbidden: boolean;
  started: boolean;
  firstPageFailed: boolean;
  errorMessage: string | undefined;
  onRetry: () => void;
  onShowAll: () => void;
}

/** What the gallery shows in place of photos: loading, a refusal, an error, or no photos. */
export function GalleryStatus(p: GalleryStatusProps): ReactNode {
  const privacy = !p.flags.show_all_images;
  if (p.selfie) {
    if (p.photos > 0) return null;
    return (
      <div className="empty-state gallery-empty" role="status">
        <h2>{p.extra ? SELFIE_RESULTS.noSureMatch : SELFIE_RESULTS.none}</h2>
        <p>{p.extra ? SELFIE_RESULTS.seeMaybe : p.stillReading > 0 ? GALLERY_TEXT.stillReading(p.stillReading) : SELFIE_RESULTS.noneHelp}</p>
      </div>
    );
  }
  if (!p.enabled || p.forbidden) {
    return <PrivacyPrompt bib={p.flags.bib_search} name={p.flags.name_search} selfie={p.flags.selfie_search} message={p.forbidden ? p.errorMessage : undefined} />;
  }
  if (!p.started && !p.firstPageFailed) return <GallerySkeleton />;
  if (p.firstPageFailed) {
    return (
      <div className="state state-error" role="alert">
        <h2 className="state-title">{GALLERY_TEXT.loadFailed}</h2>
        <p className="state-text">{p.errorMessage}</p>
        <button type="button" className="button" onClick={p.onRetry}>
          Try Again
        </button>
      </div>
    );
  }
  if (p.photos === 0 && p.search) {
    return (
      <div className="empty-state gallery-empty" role="status">
        <h2>{noResultsText(p.search)}</h2>
        <p>
          {p.stillReading > 0
            ? GALLERY_TEXT.stillReading(p.stillReading)
            : p.search.kind === 'bib'
              ? 'Check the number on your bib. New photos are matched as they are uploaded, so try again later too.'
              : 'Check the spelling, or search by bib number if you know it.'}
        </p>
        {!privacy ? (
          <button type="button" className="button button-outline" onClick={p.onShowAll}>
            {GALLERY_TEXT.showAll}
          </button>
        ) : null}
      </div>
    );
  }
  if (p.photos === 0) {
    return (
      <div className="empty-state gallery-empty" role="status">
        <h2>{GALLERY_TEXT.emptyTitle}</h2>
        <p>{GALLERY_TEXT.emptyText}</p>
      </div>
    );
  }
  return null;
}
