'use client';

import type { PhotoListItem } from '@eventsite/contract';
import { useCallback, type RefObject } from 'react';
import { encodePicks } from '@/lib/gallery/favourites';
import { writeUrl } from './useGalleryUrl';

/**
 * The way into the favourites view and out of it (Back returns), and the link that shares them
 * (`?picks=`: the ids of the photos).
 */
export function useFavouritesView(
  eventSlug: string,
  favourites: readonly PhotoListItem[] | null,
  closeForSearch: () => void,
  gridTop: RefObject<HTMLDivElement | null>,
) {
  const showFavourites = useCallback(
    (on: boolean) => {
      closeForSearch();
      writeUrl(null, null, 'push', on ? { favourites: '1' } : {});
      const anchor = gridTop.current;
      if (anchor && anchor.getBoundingClientRect().top < 0 && typeof anchor.scrollIntoView === 'function') anchor.scrollIntoView({ block: 'start' });
    },
    [closeForSearch, gridTop],
  );
  const favouritesLink = useCallback(
    () => `${window.location.origin}/events/${encodeURIComponent(eventSlug)}/photos?picks=${encodePicks((favourites ?? []).map((p) => p.uuid))}`,
    [eventSlug, favourites],
  );
  return { showFavourites, favouritesLink };
}
