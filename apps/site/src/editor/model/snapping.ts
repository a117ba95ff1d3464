import type { Rect } from './schema';

/** A guide line drawn while snapping: vertical at x (from y1 to y2) or horizontal at y. */
export type Guide = { orientation: 'vertical'; x: number; y1: number; y2: number } | { orientation: 'horizontal'; y: number; x1: number; x2: number };

export type SnapResult = { dx: number; dy: number; guides: Guide[] };

/** Lines an element may snap to: start, centre and end of each box on one axis. */
type Stops = { value: number; from: number; to: number }[];

function stops(boxes: Rect[], axis: 'x' | 'y'): Stops {
  const out: Stops = [];
  for (const b of boxes) {
    const [start, size, crossStart, crossSize] = axis === 'x' ? [b.x, b.width, b.y, b.height] : [b.y, b.height, b.x, b.width];
    for (const value of [start, start + size / 2, start + size]) {
      out.push({ value, from: crossStart, to: crossStart + crossSize });
    }
  }
  return out;
}

function bestOnAxis(moving: Rect, targets: Stops, axis: 'x' | 'y', threshold: number) {
  const start = axis === 'x' ? moving.x : moving.y;
  const size = axis === 'x' ? moving.width : moving.height;
  const edges = [start, start + size / 2, start + size];
  let best: { delta: number; value: number; from: number; to: number } | undefined;
  for (const t of targets) {
    for (const e of edges) {
      const delta = t.value - e;
      if (Math.abs(delta) <= threshold && (!best || Math.abs(delta) < Math.abs(best.delta))) {
        best = { delta, value: t.value, from: t.from, to: t.to };
      }
    }
  }
  return best;
}

/**
 * Where a dragged box should land: each axis moves by the smallest correction (within
 * `threshold` design px) that lines one of its edges or its centre up with the canvas's edges or
 * centre, the safe area's, or another element's. Axes snap independently, like Figma and Canva,
 * so a box can sit on the centre line and on another's top edge at once.
 */
export function snapBox(
  moving: Rect,
  others: Rect[],
  canvas: { width: number; height: number },
  threshold: number,
  extra: Rect[] = [],
): SnapResult {
  const page: Rect = { x: 0, y: 0, width: canvas.width, height: canvas.height };
  const boxes = [page, ...extra, ...others];
  const bx = bestOnAxis(moving, stops(boxes, 'x'), 'x', threshold);
  const by = bestOnAxis(moving, stops(boxes, 'y'), 'y', threshold);
  const dx = bx?.delta ?? 0;
  const dy = by?.delta ?? 0;
  const guides: Guide[] = [];
  if (bx) {
    guides.push({
      orientation: 'vertical',
      x: bx.value,
      y1: Math.min(bx.from, moving.y + dy),
      y2: Math.max(bx.to, moving.y + dy + moving.height),
    });
  }
  if (by) {
    guides.push({
      orientation: 'horizontal',
      y: by.value,
      x1: Math.min(by.from, moving.x + dx),
      x2: Math.max(by.to, moving.x + dx + moving.width),
    });
  }
  return { dx, dy, guides };
}

export type Alignment = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/** The offset that aligns a box's bounds to the canvas (the align buttons). */
export function alignOffset(bounds: Rect, canvas: { width: number; height: number }, how: Alignment): { dx: number; dy: number } {
  switch (how) {
    case 'left':
      return { dx: -bounds.x, dy: 0 };
    case 'center':
      return { dx: (canvas.width - bounds.width) / 2 - bounds.x, dy: 0 };
    case 'right':
      return { dx: canvas.width - bounds.width - bounds.x, dy: 0 };
    case 'top':
      return { dx: 0, dy: -bounds.y };
    case 'middle':
      return { dx: 0, dy: (canvas.height - bounds.height) / 2 - bounds.y };
    case 'bottom':
      return { dx: 0, dy: canvas.height - bounds.height - bounds.y };
  }
}
