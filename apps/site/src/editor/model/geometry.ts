import type { Rect } from './schema';

/** Axis-aligned bounds of a box rotated (in degrees, clockwise, about its top-left) like Konva does. */
export function rotatedBounds(box: Rect & { rotation: number }): Rect {
  const r = (box.rotation * Math.PI) / 180;
  if (Math.abs(r % (2 * Math.PI)) < 1e-9) return { x: box.x, y: box.y, width: box.width, height: box.height };
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const corners = [
    [0, 0],
    [box.width, 0],
    [box.width, box.height],
    [0, box.height],
  ].map(([dx, dy]) => [box.x + dx! * cos - dy! * sin, box.y + dx! * sin + dy! * cos] as const);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The centre of a box rotated about its top-left corner. */
export function rotatedCentre(box: Rect & { rotation: number }): { x: number; y: number } {
  const r = (box.rotation * Math.PI) / 180;
  const hx = box.width / 2;
  const hy = box.height / 2;
  return { x: box.x + hx * Math.cos(r) - hy * Math.sin(r), y: box.y + hx * Math.sin(r) + hy * Math.cos(r) };
}

/** Scale and offset that fit a `content` size inside a `viewport` size, centred, never above `max`. */
export function fitScale(
  content: { width: number; height: number },
  viewport: { width: number; height: number },
  max = 1,
): number {
  if (content.width <= 0 || content.height <= 0 || viewport.width <= 0 || viewport.height <= 0) return 1;
  return Math.min(viewport.width / content.width, viewport.height / content.height, max);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
