'use client';

import type { RaceResult, SelfieMatch } from '@eventsite/contract';
import { useEffect, useState } from 'react';
import type { GallerySearch } from '@/lib/gallery/search';
import { fetchRaceResult } from '@/provider/photos';

/**
 * "More photos of you": the photos of the bib's wearer found by face, once the bib's own came.
 * Sure matches only: the section says they are of you, and a "maybe" face (a little below the
 * event's threshold) is as often someone else's (docs/selfie-search.md).
 */
export function useMoreOfBib(apiBase: string, eventId: number, bibFound: string | null, enabled: boolean): readonly SelfieMatch[] {
  const [moreOfBib, setMoreOfBib] = useState<{ bib: string; photos: SelfieMatch[] } | null>(null);
  useEffect(() => {
    setMoreOfBib(null);
    if (!bibFound || !enabled) return;
    const abort = new AbortController();
    // The call is loaded with the first bib found (the selfie search's calls are not in the first load).
    import('@/provider/selfie')
      .then(({ fetchMoreOfBib }) => fetchMoreOfBib(apiBase, eventId, bibFound, abort.signal))
      .then((answer) => {
        if (!abort.signal.aborted) setMoreOfBib({ bib: bibFound, photos: answer.photos.filter((p) => p.tier === 'match') });
      })
      .catch(() => {
        /* No extra section: the bib's own photos are what was asked for. */
      });
    return () => abort.abort();
  }, [apiBase, eventId, bibFound, enabled]);
  return moreOfBib && moreOfBib.bib === bibFound ? moreOfBib.photos : [];
}

/**
 * The race result of a bib search, when the event shows timing data. Only ever the searched bib's:
 * right after a new search the last bib's result is not shown under the new bib, even for a moment.
 */
export function useRaceResult(apiBase: string, eventId: number, search: GallerySearch | null, enabled: boolean): RaceResult | null {
  const [found, setFound] = useState<{ bib: string; result: RaceResult | null } | null>(null);
  useEffect(() => {
    setFound(null);
    if (!enabled || search?.kind !== 'bib') return;
    const abort = new AbortController();
    const bib = search.value;
    fetchRaceResult(apiBase, eventId, bib, fetch, abort.signal)
      .then((result) => {
        if (!abort.signal.aborted) setFound({ bib, result });
      })
      .catch(() => {
        /* No result card: the photos are what matters. */
      });
    return () => abort.abort();
  }, [apiBase, eventId, search, enabled]);
  return found && search?.kind === 'bib' && found.bib === search.value ? found.result : null;
}
