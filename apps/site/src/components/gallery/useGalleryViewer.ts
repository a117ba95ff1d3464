'use client';

import type { PhotoListItem } from '@eventsite/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { indexOfPhoto, type Feed } from '@/lib/gallery/pages';
import { galleryQuery, type GallerySearch } from '@/lib/gallery/search';
import type { GridHandle } from './JustifiedGrid';
import type { FeedStatus } from './useFeed';
import { writeUrl } from './useGalleryUrl';

/** How far a deep link's photo is looked for in the listing before the gallery gives up. */
export const DEEP_LINK_SCAN_LIMIT = 1_000;

interface ViewerInput {
  eventSlug: string;
  /** `?photo=` of the URL the gallery opened on. */
  photoParam: string | null;
  feed: Feed;
  status: FeedStatus;
  loadMore: () => void;
  search: GallerySearch | null;
  /** The listing's photos, then the extra section's: what the viewer pages through. */
  viewerPhotos: readonly PhotoListItem[];
  /** How many of viewerPhotos are the listing's. */
  listed: number;
  /** A selfie's answer is showing: it is not in the URL. */
  selfie: boolean;
  /** What else the URL keeps while a photo is open (a collection: `favourites=1`, `picks=`). */
  extraQuery?: Record<string, string>;
}

/**
 * The viewer's wiring: which photo is open (in the URL as `?photo=`), the deep link that opens
 * one (paging through the listing until it is found), and the way back to the grid.
 */
export function useGalleryViewer({ eventSlug, photoParam, feed, status, loadMore, search, viewerPhotos, listed, selfie, extraQuery }: ViewerInput) {
  const [open, setOpen] = useState(-1);
  const pending = useRef<string | null>(photoParam);
  const extra = useRef(extraQuery);
  extra.current = extraQuery;

  useEffect(() => {
    const wanted = pending.current;
    if (!wanted || !feed.started) return;
    const at = indexOfPhoto(feed, wanted);
    if (at >= 0) {
      pending.current = null;
      setOpen(at);
    } else if (feed.cursor && listed < DEEP_LINK_SCAN_LIMIT && status === 'idle') {
      loadMore();
    } else if (status !== 'loading') {
      // Not this event's (or too deep to find): the gallery opens as usual.
      pending.current = null;
      writeUrl(search, null, 'replace', extra.current);
    }
  }, [feed, listed, status, loadMore, search]);

  const onView = useCallback(
    (i: number) => {
      setOpen(i);
      const photo = viewerPhotos[i];
      if (photo && !selfie) writeUrl(search, photo.uuid, 'replace', extra.current);
      if (!selfie && i < listed && i >= listed - 3 && feed.cursor && status === 'idle') loadMore();
    },
    [viewerPhotos, listed, selfie, search, feed.cursor, status, loadMore],
  );
  const grid = useRef<GridHandle>(null);
  const extraGrid = useRef<GridHandle>(null);
  const photosCount = useRef(listed);
  photosCount.current = listed;
  const openRef = useRef(open);
  openRef.current = open;
  const onClose = useCallback(() => {
    const last = openRef.current;
    setOpen(-1);
    writeUrl(search, null, 'replace', extra.current);
    // Back in the grid where the viewer was: that photo in view, and focused.
    window.setTimeout(() => (last < photosCount.current ? grid.current?.reveal(last) : extraGrid.current?.reveal(last - photosCount.current)), 0);
  }, [search]);
  const shareUrl = useCallback(
    (uuid: string) => `${window.location.origin}/events/${encodeURIComponent(eventSlug)}/photos${galleryQuery(null, uuid)}`,
    [eventSlug],
  );
  /** A new search (or selfie) closes the viewer and forgets a deep link still being looked for. */
  const closeForSearch = useCallback(() => {
    pending.current = null;
    setOpen(-1);
  }, []);

  return { open, onView, onClose, shareUrl, grid, extraGrid, closeForSearch };
}
