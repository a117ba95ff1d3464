import { useSyncExternalStore } from 'react';

/**
 * next/navigation's useSearchParams for jsdom tests: the window's query, following
 * history.pushState / replaceState and popstate, as Next.js does in the browser.
 */
const listeners = new Set<() => void>();
let patched = false;

function patchHistory() {
  if (patched || typeof window === 'undefined') return;
  patched = true;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      for (const l of listeners) l();
    };
  }
  window.addEventListener('popstate', () => {
    for (const l of listeners) l();
  });
}

export function useSearchParams(): URLSearchParams {
  patchHistory();
  const search = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => window.location.search,
    () => '',
  );
  return new URLSearchParams(search);
}
