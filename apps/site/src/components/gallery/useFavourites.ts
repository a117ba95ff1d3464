'use client';

import type { PhotoListItem } from '@eventsite/contract';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { addFavourites, favouritesKey, toggleFavourite } from '@/lib/gallery/favourites';
import { createFavouritesStore } from '@/lib/gallery/favourites-store';
import { FAVOURITES_TEXT } from './strings';

/** One store for the page: every gallery of the event shares its favourites. */
const store = createFavouritesStore(() => (typeof window === 'undefined' ? null : window.localStorage));

const subscribe = (onChange: () => void) => store.subscribe(onChange);

/**
 * The visitor's favourites of an event, on this device. Null on the server and while hydrating
 * (the server cannot know them); then the list, kept in step with other tabs.
 */
export function useFavourites(eventId: number) {
  const list = useSyncExternalStore(
    subscribe,
    () => store.get(eventId),
    () => null,
  );
  // Another tab hearted or un-hearted a photo of this event.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === favouritesKey(eventId)) store.reload(eventId);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [eventId]);
  const ids = useMemo(() => new Set((list ?? []).map((p) => p.uuid)), [list]);
  /** The last thing worth saying (the list is full, storage is blocked), for a polite live region. */
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (!notice) return;
    const t = window.setTimeout(() => setNotice(''), 8000);
    return () => window.clearTimeout(t);
  }, [notice]);

  const toggle = useCallback(
    (photo: PhotoListItem) => {
      const { list: next, change } = toggleFavourite(store.get(eventId), photo);
      if (change === 'full') {
        setNotice(FAVOURITES_TEXT.full);
        return;
      }
      store.set(eventId, next);
      setNotice(store.persisted(eventId) ? '' : FAVOURITES_TEXT.notKept);
    },
    [eventId],
  );
  const addAll = useCallback(
    (photos: readonly PhotoListItem[]) => {
      const current = store.get(eventId);
      const have = new Set(current.map((p) => p.uuid));
      const wanted = new Set(photos.map((p) => p.uuid.toLowerCase()).filter((u) => !have.has(u))).size;
      const { list: next, added } = addFavourites(current, photos);
      if (added > 0) store.set(eventId, next);
      setNotice(added < wanted ? FAVOURITES_TEXT.full : store.persisted(eventId) ? '' : FAVOURITES_TEXT.notKept);
      return added;
    },
    [eventId],
  );
  return { list, ids, toggle, addAll, notice, persisted: store.persisted(eventId) };
}

export type Favourites = ReturnType<typeof useFavourites>;
