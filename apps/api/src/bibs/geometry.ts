/** Plane geometry for text boxes: the detector's probability map becomes rotated rectangles. */

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A rotated rectangle as four corners: top-left, top-right, bottom-right, bottom-left in reading
 * order, so `tl → tr` runs along the text line.
 */
export type Quad = [Point, Point, Point, Point];

/** Andrew's monotone chain; returns the hull counter-clockwise without repeating the first point. */
export function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length <= 2) return sorted;
  const cross = (o: Point, a: Point, b: Point): number =>
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

export interface RotatedRect {
  centre: Point;
  /** Extent along the text direction. */
  width: number;
  /** Extent across it. */
  height: number;
  /** Direction of the text line, radians, within (-π/4, π/4]. */
  angle: number;
}

/** Minimum-area enclosing rectangle by rotating calipers over the hull's edges. */
export function minAreaRect(points: Point[]): RotatedRect {
  const hull = convexHull(points);
  if (hull.length === 0) return { centre: { x: 0, y: 0 }, width: 0, height: 0, angle: 0 };
  let best: {
    area: number;
    angle: number;
    minU: number;
    maxU: number;
    minV: number;
    maxV: number;
  } | null = null;
  const edges = hull.length === 1 ? 1 : hull.length;
  for (let i = 0; i < edges; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const angle = hull.length === 1 ? 0 : Math.atan2(b.y - a.y, b.x - a.x);
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * ux + p.y * uy;
      const v = -p.x * uy + p.y * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (!best || area < best.area) best = { area, angle, minU, maxU, minV, maxV };
  }
  const r = best!;
  const cu = (r.minU + r.maxU) / 2;
  const cv = (r.minV + r.maxV) / 2;
  const ux = Math.cos(r.angle);
  const uy = Math.sin(r.angle);
  const centre = { x: cu * ux - cv * uy, y: cu * uy + cv * ux };
  return normaliseRect({ centre, width: r.maxU - r.minU, height: r.maxV - r.minV, angle: r.angle });
}

/** Turns the rectangle by quarter turns until its angle is within (-45°, 45°]: text reads left to right. */
export function normaliseRect(rect: RotatedRect): RotatedRect {
  let { width, height, angle } = rect;
  const quarter = Math.PI / 2;
  while (angle > Math.PI / 4) {
    angle -= quarter;
    [width, height] = [height, width];
  }
  while (angle <= -Math.PI / 4) {
    angle += quarter;
    [width, height] = [height, width];
  }
  return { centre: rect.centre, width, height, angle };
}

export function rectCorners(rect: RotatedRect): Quad {
  const ux = Math.cos(rect.angle);
  const uy = Math.sin(rect.angle);
  const hw = rect.width / 2;
  const hh = rect.height / 2;
  const at = (u: number, v: number): Point => ({
    x: rect.centre.x + u * ux - v * uy,
    y: rect.centre.y + u * uy + v * ux,
  });
  return [at(-hw, -hh), at(hw, -hh), at(hw, hh), at(-hw, hh)];
}

export function quadBounds(quad: Quad): Box {
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

export function boxArea(box: Box): number {
  return Math.max(0, box.width) * Math.max(0, box.height);
}

export function intersectionOverUnion(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = ix * iy;
  const union = boxArea(a) + boxArea(b) - inter;
  return union > 0 ? inter / union : 0;
}

/** Share of `inner` that lies inside `outer`. */
export function coverage(inner: Box, outer: Box): number {
  const ix = Math.max(
    0,
    Math.min(inner.x + inner.width, outer.x + outer.width) - Math.max(inner.x, outer.x),
  );
  const iy = Math.max(
    0,
    Math.min(inner.y + inner.height, outer.y + outer.height) - Math.max(inner.y, outer.y),
  );
  const area = boxArea(inner);
  return area > 0 ? (ix * iy) / area : 0;
}
