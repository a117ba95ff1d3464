'use client';

import type { PhotoListItem } from '@eventsite/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Collection } from '@/lib/gallery/favourites';
import type { Feed } from '@/lib/gallery/pages';
import { fetchPhotosByIds } from '@/provider/photos';

export type CollectionPhase = 'loading' | 'ready' | 'error';

export interface CollectionState {
  photos: readonly PhotoListItem[];
  phase: CollectionPhase;
  /** Photos of a shared link that the event no longer has. */
  missing: number;
  retry: () => void;
  /** The photos as a finished feed (what the viewer's deep link looks in). */
  feed: Feed;
}

const NONE: readonly PhotoListItem[] = [];

/**
 * The photos of a collection: the visitor's favourites (from the device: no request, so private
 * galleries show them too), or a shared selection (asked of the API by id). Un-hearting a photo
 * in the favourites view keeps it in place, its heart empty, until the view is left: nothing
 * moves under the visitor's finger, and a slip is undone with one more tap.
 */
export function useCollection(apiBase: string, eventId: number, collection: Collection | null, favourites: readonly PhotoListItem[] | null): CollectionState {
  const kind = collection?.kind ?? null;
  const pickIds = collection?.kind === 'picks' ? collection.ids.join(',') : '';

  /* ---------- Favourites ---------- */
  const [shown, setShown] = useState<readonly PhotoListItem[] | null>(null);
  useEffect(() => {
    if (kind !== 'favourites') {
      setShown(null);
      return;
    }
    if (!favourites) return;
    setShown((prev) => {
      if (!prev) return favourites;
      const have = new Set(prev.map((p) => p.uuid));
      const fresh = favourites.filter((p) => !have.has(p.uuid));
      return fresh.length ? [...prev, ...fresh] : prev;
    });
  }, [kind, favourites]);

  /* ---------- A shared selection ---------- */
  const [picked, setPicked] = useState<{ key: string; photos: readonly PhotoListItem[] | null; failed: boolean }>({ key: '', photos: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (kind !== 'picks') return;
    const ids = pickIds ? pickIds.split(',') : [];
    if (ids.length === 0) {
      setPicked({ key: pickIds, photos: [], failed: false });
      return;
    }
    const abort = new AbortController();
    setPicked({ key: pickIds, photos: null, failed: false });
    fetchPhotosByIds(apiBase, eventId, ids, abort.signal).then(
      (photos) => setPicked({ key: pickIds, photos, failed: false }),
      () => {
        if (!abort.signal.aborted) setPicked({ key: pickIds, photos: null, failed: true });
      },
    );
    return () => abort.abort();
  }, [apiBase, eventId, kind, pickIds, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  let photos: readonly PhotoListItem[] = NONE;
  let phase: CollectionPhase = 'loading';
  let missing = 0;
  if (kind === 'favourites') {
    const list = shown ?? favourites;
    if (list) {
      photos = list;
      phase = 'ready';
    }
  } else if (kind === 'picks' && picked.key === pickIds) {
    if (picked.failed) phase = 'error';
    else if (picked.photos) {
      photos = picked.photos;
      phase = 'ready';
      missing = Math.max(0, (pickIds ? pickIds.split(',').length : 0) - picked.photos.length);
    }
  }
  const ready = phase === 'ready';
  const feed = useMemo<Feed>(() => ({ photos: [...photos], total: photos.length, cursor: null, started: ready, done: ready, stillReading: 0 }), [photos, ready]);
  return { photos, phase, missing, retry, feed };
}
