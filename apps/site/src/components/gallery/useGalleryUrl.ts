'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { galleryQuery, type GallerySearch } from '@/lib/gallery/search';

/**
 * The gallery's state in its URL (`?bib=`, `?name=`, `?photo=`), so it can be shared and Back
 * works: written with the History API, read back as an external store.
 */

/** Fired on the window when the gallery writes its URL (history.pushState fires no event). */
const URL_CHANGED = 'gallery:url';

/** The URL of the gallery with this search and photo, keeping the path. */
export function writeUrl(search: GallerySearch | null, photo: string | null, mode: 'push' | 'replace', extra: Record<string, string> = {}) {
  const url = `${window.location.pathname}${galleryQuery(search, photo, extra)}${window.location.hash}`;
  if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
  window.dispatchEvent(new Event(URL_CHANGED));
}

function subscribeToUrl(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(URL_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(URL_CHANGED, onChange);
  };
}

/**
 * The URL's query, read without useSearchParams: a prerendered page cannot read the query on the
 * server, and useSearchParams would make the whole gallery client-rendered there. The server (and
 * hydration) use the query the server was asked (`serverQuery`), the browser then the URL's.
 */
export function useUrlQuery(serverQuery: string): URLSearchParams {
  const query = useSyncExternalStore(subscribeToUrl, () => window.location.search, () => serverQuery);
  return useMemo(() => new URLSearchParams(query), [query]);
}
