import type { Design } from './schema';

/** Undo entries kept: enough for a session, bounded so a long one cannot grow memory forever. */
export const HISTORY_CAP = 100;

/**
 * Undo history over committed designs. `present` is the last committed design; the live design
 * may run ahead of it during a drag (uncommitted steps), and the next commit records `present`
 * as one undo step however many live steps the gesture took.
 */
export type History = { past: Design[]; present: Design; future: Design[] };

export function createHistory(design: Design): History {
  return { past: [], present: design, future: [] };
}

export function commit(h: History, next: Design, cap = HISTORY_CAP): History {
  if (next === h.present) return h;
  const past = [...h.past, h.present];
  return { past: past.length > cap ? past.slice(past.length - cap) : past, present: next, future: [] };
}

export function undo(h: History): History {
  const prev = h.past[h.past.length - 1];
  if (!prev) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
}

export function redo(h: History): History {
  const next = h.future[0];
  if (!next) return h;
  return { past: [...h.past, h.present], present: next, future: h.future.slice(1) };
}

export const canUndo = (h: History) => h.past.length > 0;
export const canRedo = (h: History) => h.future.length > 0;
