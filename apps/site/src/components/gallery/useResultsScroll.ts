'use client';

import { useCallback, useEffect, useState, type RefObject } from 'react';

interface Pending {
  /** The listing asked for: `bib:1234`, `name:maria`, `selfie`. */
  key: string;
  /** Still to see it load (a new search): its answer is not drawn before its request ends. */
  waitForLoad: boolean;
  sawLoad: boolean;
}

/** The space the sticky site header takes at the top of the screen (globals.css). */
function headerHeight(): number {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--header-height');
  return Number.parseFloat(value) || 0;
}

/**
 * After the visitor's own search, its results are the next thing they see: once the answer is
 * drawn, `anchor` (the top of the results) is brought under the site's header, unless it is
 * already in the top third of the screen. A search the page opened with (a shared link) does not
 * move the page. On a touch screen the keyboard is closed, so the results are not hidden under it.
 *
 * `key` is the listing shown now and `loading` whether its page is on its way; the returned
 * function is called with the listing the visitor just asked for, and whether its answer is drawn
 * only after a load (a bib or name search: the URL, and so `key`, changes before its request);
 * a selfie's `key` shows only with its answer.
 */
export function useResultsScroll(
  anchor: RefObject<HTMLElement | null>,
  key: string,
  loading: boolean,
): (next: string, afterLoad?: boolean) => void {
  const [pending, setPending] = useState<Pending | null>(null);

  const request = useCallback(
    (next: string, afterLoad = true) => {
      const active = document.activeElement;
      if (active instanceof HTMLInputElement && window.matchMedia?.('(pointer: coarse)').matches) active.blur();
      // The same search again: its answer is already there.
      setPending({ key: next, waitForLoad: afterLoad && next !== key, sawLoad: false });
    },
    [key],
  );

  useEffect(() => {
    if (!pending || pending.key !== key) return;
    if (loading) {
      if (!pending.sawLoad) setPending({ ...pending, sawLoad: true });
      return;
    }
    if (pending.waitForLoad && !pending.sawLoad) return;
    setPending(null);
    const el = anchor.current;
    if (!el || typeof el.scrollIntoView !== 'function') return;
    const top = el.getBoundingClientRect().top;
    const header = headerHeight();
    if (top >= header && top <= header + (window.innerHeight - header) / 3) return;
    el.scrollIntoView({ block: 'start' });
  }, [pending, key, loading, anchor]);

  return request;
}
