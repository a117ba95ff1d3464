import { vi } from 'vitest';

/** An IntersectionObserver whose visibility the test decides. */
export function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeObserver {
    private entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.entry.targets = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    setVisible(visible: boolean) {
      for (const o of observers) {
        const entries = o.targets.map((target) => ({ target, isIntersecting: visible }) as unknown as IntersectionObserverEntry);
        if (entries.length) o.callback(entries, {} as IntersectionObserver);
      }
    },
  };
}

/** `prefers-reduced-motion` as the test sets it. */
export function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('prefers-reduced-motion') ? reduce : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
