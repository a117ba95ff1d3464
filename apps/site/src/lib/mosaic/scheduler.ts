/** One tile swaps every 8 to 12 s, fading out over 600 ms and back in over 600 ms. */
export const SWAP_MIN_MS = 8_000;
export const SWAP_MAX_MS = 12_000;
export const FADE_OUT_MS = 600;
export const FADE_IN_MS = 600;
/** The first swap is offset by (last two digits of the event id × 500 ms) mod 4000 ms. */
export const OFFSET_STEP_MS = 500;
export const OFFSET_MODULO_MS = 4_000;

export function firstSwapOffset(eventId: number): number {
  const lastTwoDigits = Math.abs(Math.trunc(eventId)) % 100;
  return (lastTwoDigits * OFFSET_STEP_MS) % OFFSET_MODULO_MS;
}

/** A random interval in [8 s, 12 s]. */
export function swapInterval(random: () => number): number {
  return SWAP_MIN_MS + Math.round(random() * (SWAP_MAX_MS - SWAP_MIN_MS));
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SwapHandlers {
  /** The tile starts to fade out. */
  fadeOut(tile: number): void;
  /** Faded out: show the new photo and start fading in. */
  swap(tile: number): void;
  /** Faded back in. */
  fadeIn(tile: number): void;
}

export interface MosaicScheduler {
  /** Starts (or resumes) the swaps; does nothing while already running. */
  start(): void;
  /** Stops future swaps; a fade already under way still completes so no tile stays blank. */
  pause(): void;
  readonly running: boolean;
}

export interface SchedulerOptions {
  eventId: number;
  tileCount: number;
  handlers: SwapHandlers;
  timers?: Timers;
  random?: () => number;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The mosaic's clock, apart from React: the first swap comes after the event's offset plus one
 * interval (so cards on a page do not swap in step), each next one 8–12 s after the last began.
 */
export function createMosaicScheduler(options: SchedulerOptions): MosaicScheduler {
  const { eventId, tileCount, handlers } = options;
  const timers = options.timers ?? defaultTimers;
  const random = options.random ?? Math.random;
  let next: unknown = null;
  let running = false;
  let swapped = false;

  const schedule = () => {
    const delay = swapInterval(random) + (swapped ? 0 : firstSwapOffset(eventId));
    next = timers.setTimeout(run, delay);
  };

  const run = () => {
    next = null;
    if (!running) return;
    swapped = true;
    const tile = Math.min(tileCount - 1, Math.floor(random() * tileCount));
    handlers.fadeOut(tile);
    timers.setTimeout(() => {
      handlers.swap(tile);
      timers.setTimeout(() => handlers.fadeIn(tile), FADE_IN_MS);
    }, FADE_OUT_MS);
    schedule();
  };

  return {
    start() {
      if (running || tileCount <= 0) return;
      running = true;
      schedule();
    },
    pause() {
      running = false;
      if (next !== null) timers.clearTimeout(next);
      next = null;
    },
    get running() {
      return running;
    },
  };
}
