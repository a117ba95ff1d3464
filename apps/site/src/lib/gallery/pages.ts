import type { PhotoListItem, PhotoPage } from '@eventsite/contract';

/** The photos of one listing (the whole event, or one search), as far as it has been loaded. */
export interface Feed {
  photos: PhotoListItem[];
  /** The API's total for this listing, once a page came. */
  total: number | null;
  /** The cursor of the next page; null once the last page came. */
  cursor: string | null;
  /** True once the first page came. */
  started: boolean;
  /** The last page came. */
  done: boolean;
  /** The provider's count of photos a search cannot find yet (its first page's), else 0. */
  stillReading: number;
}

export const EMPTY_FEED: Feed = { photos: [], total: null, cursor: null, started: false, done: false, stillReading: 0 };

/**
 * A page appended to the feed: photos already there (a page boundary that moved, a retried
 * request) are not repeated, and the order is the API's.
 */
export function appendPage(feed: Feed, page: PhotoPage): Feed {
  const seen = new Set(feed.photos.map((p) => p.uuid));
  const fresh = page.photos.filter((p) => {
    if (seen.has(p.uuid)) return false;
    seen.add(p.uuid);
    return true;
  });
  // A cursor that did not move would load the same page for ever: treat it as the end.
  const stuck = page.next_cursor !== null && page.next_cursor === feed.cursor && fresh.length === 0;
  const cursor = stuck ? null : page.next_cursor;
  return {
    photos: fresh.length ? feed.photos.concat(fresh) : feed.photos,
    total: Math.max(page.total, feed.photos.length + fresh.length),
    cursor,
    started: true,
    done: cursor === null,
    stillReading: feed.started ? feed.stillReading : stillReadingOf(page.still_reading),
  };
}

/** A provider's `still_reading`: a positive whole number, or 0 for anything else or nothing. */
export function stillReadingOf(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** The index of a photo in the feed, or -1. */
export function indexOfPhoto(feed: Feed, uuid: string): number {
  const key = uuid.toLowerCase();
  return feed.photos.findIndex((p) => p.uuid.toLowerCase() === key);
}
