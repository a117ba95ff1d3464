'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PhotoPage } from '@eventsite/contract';
import { EMPTY_FEED, appendPage, type Feed } from '@/lib/gallery/pages';
import { searchParamsFor, type GallerySearch } from '@/lib/gallery/search';
import { MESSAGES, ProviderError } from '@/provider/envelope';
import { fetchPhotoPage } from '@/provider/photos';

export type FeedStatus = 'idle' | 'loading' | 'error';

export interface FeedError {
  message: string;
  status: number | null;
}

export interface FeedState {
  feed: Feed;
  status: FeedStatus;
  error: FeedError | null;
  loadMore: () => void;
  retry: () => void;
  /**
   * Loads the listing again from its first page (new photos came: the visitor asked for them).
   * What is shown stays until that page comes, then is replaced by it.
   */
  reload: () => void;
}

/** The first page of a listing, fetched by the server and rendered in its HTML. */
export interface InitialPage {
  /** The listing it is of: '' (the whole event), `bib:1234` or `name:maria`. */
  key: string;
  page: PhotoPage;
}

/**
 * The pages of one listing (the whole event, or one search), loaded one after another. A new
 * search (or `enabled` turning off) drops the old listing and any request still running for it.
 */
export function useFeed(apiBase: string, eventId: number, search: GallerySearch | null, enabled: boolean, initial?: InitialPage | null): FeedState {
  const searchKey = search ? `${search.kind}:${search.value}` : '';
  // The server's first page, when it is of this listing: the feed starts from it (no request).
  const initialFeed = useRef<Feed | null>(initial && enabled && initial.key === searchKey ? appendPage(EMPTY_FEED, initial.page) : null);
  const [feed, setFeed] = useState<Feed>(initialFeed.current ?? EMPTY_FEED);
  const [status, setStatus] = useState<FeedStatus>('idle');
  const [error, setError] = useState<FeedError | null>(null);
  const controller = useRef<AbortController | null>(null);
  const feedRef = useRef(feed);
  feedRef.current = feed;

  const load = useCallback(
    (from: Feed, replace = false) => {
      if (controller.current && !replace) return;
      if (!replace && from.started && from.done) return;
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setStatus('loading');
      setError(null);
      // Loaded again for new photos: past the browser's cache, which may keep the page 30 s.
      const fetchImpl: typeof fetch | undefined = replace ? (input, init) => fetch(input, { ...init, cache: 'no-store' }) : undefined;
      fetchPhotoPage(apiBase, eventId, { cursor: from.cursor, search: searchParamsFor(search), signal: abort.signal }, fetchImpl)
        .then((page) => {
          if (abort.signal.aborted) return;
          setFeed((current) => appendPage(replace ? EMPTY_FEED : current, page));
          setStatus('idle');
        })
        .catch((e: unknown) => {
          if (abort.signal.aborted) return;
          setError(e instanceof ProviderError ? { message: e.message, status: e.status } : { message: MESSAGES.unknown, status: null });
          setStatus('error');
        })
        .finally(() => {
          if (controller.current === abort) controller.current = null;
        });
    },
    // searchKey stands for search: a new object with the same search is the same listing.
    [apiBase, eventId, searchKey],
  );

  useEffect(() => {
    controller.current?.abort();
    controller.current = null;
    const start = initialFeed.current;
    initialFeed.current = null;
    if (start && enabled) {
      // First run with the server's page: keep it; the next page loads on scroll.
      setFeed(start);
      setError(null);
      setStatus('idle');
      return () => {
        controller.current?.abort();
        controller.current = null;
      };
    }
    setFeed(EMPTY_FEED);
    setError(null);
    setStatus('idle');
    if (enabled) load(EMPTY_FEED);
    return () => {
      controller.current?.abort();
      controller.current = null;
    };
  }, [load, enabled]);

  const loadMore = useCallback(() => {
    if (!enabled) return;
    load(feedRef.current);
  }, [enabled, load]);

  const reload = useCallback(() => {
    if (enabled) load(EMPTY_FEED, true);
  }, [enabled, load]);

  return { feed, status, error, loadMore, retry: loadMore, reload };
}
