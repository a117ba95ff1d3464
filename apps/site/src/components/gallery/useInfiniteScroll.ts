'use client';

import { useEffect, useRef } from 'react';
import type { FeedStatus } from './useFeed';

/** The next page is asked for as the element returned comes within 1200 px of the viewport. */
export function useInfiniteScroll(cursor: string | null, status: FeedStatus, loadMore: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !cursor || status !== 'idle' || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    }, { rootMargin: '1200px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [cursor, status, loadMore]);
  return sentinel;
}
