'use client';

import type { PhotoListItem, PhotoPage } from '@eventsite/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { searchParamsFor, type GallerySearch } from '@/lib/gallery/search';
import { LIVE_CHANGE_EVENT, LIVE_READY_EVENT, livePhotosUrl } from '@/provider/live';
import { fetchPhotoPage } from '@/provider/photos';

/** Connections that fail before one ever opened: then the page stops trying (a provider without live updates). */
export const LIVE_FIRST_TRIES = 3;
/** Failed reconnections in a row after the stream was open, before the page stops trying. */
const LIVE_LATER_TRIES = 10;
/** Wait before opening again a stream the server closed (multiplied by the failures so far). */
const REOPEN_MS = 15_000;
/** Least time between two checks of the whole event's listing. */
export const LIVE_CHECK_GAP_MS = 5_000;
/** Least time between two checks of a bib or name search: searches share a small budget per visitor. */
export const LIVE_SEARCH_CHECK_GAP_MS = 20_000;

export interface LivePhotosOptions {
  apiBase: string;
  eventId: number;
  /** The listing shown: null for the whole event. */
  search: GallerySearch | null;
  /** Live updates are wanted: a listing is shown (not a selfie search's answer, not a private gallery's prompt). */
  enabled: boolean;
  /** The listing's first page has come: checks compare with what it shows. */
  started: boolean;
  /** The photos of the listing shown so far, and its total as last loaded. */
  shown: readonly PhotoListItem[];
  total: number | null;
}

export interface LivePhotos {
  /** Photos of the listing that are not shown yet (0: nothing to say). */
  fresh: number;
  /** The visitor asked for them (the feed loads again): forget this check. */
  dismiss: () => void;
}

/** The checks bypass the browser's cache: the listing's answers may be kept for 30 s. */
const noStore: typeof fetch = (input, init) => fetch(input, { ...init, cache: 'no-store' });

/** New photos in `page` (the listing's first page now) that the visitor has not been shown. */
function unseen(page: PhotoPage, shown: readonly PhotoListItem[], total: number | null): number {
  const seen = new Set(shown.map((p) => p.uuid));
  const onFirstPage = page.photos.filter((p) => !seen.has(p.uuid)).length;
  // Photos are in capture order: new ones are mostly past the first page, which the total tells.
  const byTotal = page.total - Math.max(total ?? 0, shown.length);
  return Math.max(0, onFirstPage, byTotal);
}

/**
 * Live galleries: while the page is visible, an EventSource on the event's live stream (closed
 * while hidden, opened again when visible, with the last message id so that the server tells
 * what was missed). On a change the current listing's first page is asked again (at most every
 * few seconds), and the photos the visitor has not been shown are counted: the gallery offers
 * them, it never moves what is shown by itself. A provider without the stream is tried a few
 * times, silently, then left alone.
 */
export function useLivePhotos({ apiBase, eventId, search, enabled, started, shown, total }: LivePhotosOptions): LivePhotos {
  const listingKey = search ? `${search.kind}:${search.value}` : '';
  const [checked, setChecked] = useState<{ key: string; page: PhotoPage } | null>(null);
  const latest = useRef({ search, enabled, started, listingKey });
  latest.current = { search, enabled, started, listingKey };

  const timing = useRef({ running: false, lastAt: 0, timer: null as ReturnType<typeof setTimeout> | null, generation: 0 });

  const check = useCallback(() => {
    const t = timing.current;
    if (t.timer) return;
    const gap = latest.current.search ? LIVE_SEARCH_CHECK_GAP_MS : LIVE_CHECK_GAP_MS;
    const wait = t.lastAt + gap - Date.now();
    if (t.running || wait > 0) {
      t.timer = setTimeout(() => {
        t.timer = null;
        check();
      }, Math.max(wait, 500));
      return;
    }
    const { enabled: wanted, started: ready, search: current, listingKey: key } = latest.current;
    if (!wanted || !ready) return;
    t.running = true;
    t.lastAt = Date.now();
    const generation = t.generation;
    fetchPhotoPage(apiBase, eventId, { search: searchParamsFor(current) }, noStore)
      .then((page) => {
        if (generation === t.generation && latest.current.listingKey === key) setChecked({ key, page });
      })
      // A failed check says nothing: the next change checks again.
      .catch(() => undefined)
      .finally(() => {
        t.running = false;
      });
  }, [apiBase, eventId]);

  // The stream's state outlives one connection: the last id seen, failures, giving up.
  const stream = useRef({ lastId: null as string | null, failures: 0, opened: false, gaveUp: false });

  useEffect(() => {
    if (!enabled || typeof window === 'undefined' || typeof EventSource === 'undefined') return;
    const s = stream.current;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;

    const close = () => {
      source?.close();
      source = null;
      if (reopen) clearTimeout(reopen);
      reopen = null;
    };
    const open = () => {
      if (s.gaveUp || source || document.visibilityState === 'hidden') return;
      const es = new EventSource(livePhotosUrl(apiBase, eventId, s.lastId));
      source = es;
      const heard = (e: MessageEvent) => {
        s.failures = 0;
        s.opened = true;
        if (e.lastEventId) s.lastId = e.lastEventId;
      };
      es.addEventListener(LIVE_READY_EVENT, heard);
      es.addEventListener(LIVE_CHANGE_EVENT, (e) => {
        heard(e);
        check();
      });
      es.addEventListener('error', () => {
        if (source !== es) return;
        s.failures += 1;
        if (s.failures >= (s.opened ? LIVE_LATER_TRIES : LIVE_FIRST_TRIES)) {
          s.gaveUp = true;
          close();
        } else if (es.readyState === EventSource.CLOSED) {
          // Refused (no such endpoint, too many streams): the browser will not retry; we do, later.
          close();
          reopen = setTimeout(open, REOPEN_MS * s.failures);
        }
        // Otherwise the browser reconnects by itself (with Last-Event-ID).
      });
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? close() : open());
    document.addEventListener('visibilitychange', onVisibility);
    open();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      close();
    };
  }, [apiBase, eventId, enabled, check]);

  // Planned checks end with the page.
  useEffect(
    () => () => {
      const t = timing.current;
      if (t.timer) clearTimeout(t.timer);
      t.timer = null;
      t.generation += 1;
    },
    [],
  );

  const dismiss = useCallback(() => {
    timing.current.generation += 1;
    setChecked(null);
  }, []);

  // Counted against what is shown now: photos the visitor has since scrolled to are not new.
  const fresh = useMemo(
    () => (enabled && started && checked && checked.key === listingKey ? unseen(checked.page, shown, total) : 0),
    [enabled, started, checked, listingKey, shown, total],
  );
  return { fresh, dismiss };
}
