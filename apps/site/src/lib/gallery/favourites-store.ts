import type { PhotoListItem } from '@eventsite/contract';
import { favouritesKey, parseFavourites, serializeFavourites } from './favourites';

/**
 * The favourites of each event, read from and written to the device's storage. Storage that is
 * blocked (a privacy setting, a full quota, a sandboxed frame) never breaks the page: the list
 * then lives in memory for as long as the page is open, and `persisted` says so.
 */
export interface FavouritesStore {
  /** The event's list (the same array until it changes). */
  get(eventId: number): readonly PhotoListItem[];
  set(eventId: number, list: readonly PhotoListItem[]): void;
  /** False once storage refused the list: it is kept for this page only. */
  persisted(eventId: number): boolean;
  /** Reads the stored list again (another tab changed it). */
  reload(eventId: number): void;
  subscribe(listener: () => void): () => void;
}

export function createFavouritesStore(
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | null,
): FavouritesStore {
  const lists = new Map<number, readonly PhotoListItem[]>();
  const unsaved = new Set<number>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  const read = (eventId: number): readonly PhotoListItem[] => {
    try {
      return parseFavourites(storage()?.getItem(favouritesKey(eventId)) ?? null);
    } catch {
      unsaved.add(eventId);
      return [];
    }
  };

  return {
    get(eventId) {
      let list = lists.get(eventId);
      if (!list) {
        list = read(eventId);
        lists.set(eventId, list);
      }
      return list;
    },
    set(eventId, list) {
      const next = [...list];
      lists.set(eventId, next);
      try {
        const s = storage();
        if (!s) throw new Error('no storage');
        s.setItem(favouritesKey(eventId), serializeFavourites(next));
        unsaved.delete(eventId);
      } catch {
        unsaved.add(eventId);
      }
      notify();
    },
    persisted: (eventId) => !unsaved.has(eventId),
    reload(eventId) {
      // Storage blocked: what this page holds is all there is.
      if (unsaved.has(eventId)) return;
      lists.set(eventId, read(eventId));
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
