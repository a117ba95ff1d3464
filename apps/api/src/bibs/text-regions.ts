/**
 * The text detector (PaddleOCR's DB net) answers a probability map: each pixel's chance of
 * lying inside a text line, with lines shrunk so neighbours stay apart. This turns the map
 * into rotated line rectangles, grown back to the text's full size ("unclip").
 */
import { minAreaRect, type Point, type RotatedRect } from './geometry.js';

export interface RegionOptions {
  /** A pixel is text above this probability (PaddleOCR: 0.3). */
  pixelThreshold?: number;
  /** A region is kept when its mean probability reaches this (PaddleOCR: 0.6). */
  regionThreshold?: number;
  /** Growth of the shrunk region back to the text's extent (PaddleOCR: 1.5). */
  unclipRatio?: number;
  /** Regions whose short side is below this many map pixels are noise. */
  minSide?: number;
}

export interface TextRegion extends RotatedRect {
  score: number;
}

export function findTextRegions(
  map: Float32Array,
  width: number,
  height: number,
  options: RegionOptions = {},
): TextRegion[] {
  const pixelThreshold = options.pixelThreshold ?? 0.3;
  const regionThreshold = options.regionThreshold ?? 0.6;
  const unclipRatio = options.unclipRatio ?? 1.5;
  const minSide = options.minSide ?? 3;
  const label = new Int32Array(width * height);
  const regions: TextRegion[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < map.length; start++) {
    if (label[start] !== 0 || map[start]! <= pixelThreshold) continue;
    next++;
    label[start] = next;
    stack.push(start);
    let sum = 0;
    let count = 0;
    // Per row, the leftmost and rightmost pixel: their hull is the region's hull.
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    while (stack.length > 0) {
      const i = stack.pop()!;
      const y = (i / width) | 0;
      const x = i - y * width;
      sum += map[i]!;
      count++;
      const lo = rowMin.get(y);
      if (lo === undefined || x < lo) rowMin.set(y, x);
      const hi = rowMax.get(y);
      if (hi === undefined || x > hi) rowMax.set(y, x);
      if (x > 0) visit(i - 1);
      if (x < width - 1) visit(i + 1);
      if (y > 0) visit(i - width);
      if (y < height - 1) visit(i + width);
    }
    if (count < minSide * minSide || sum / count < regionThreshold) continue;
    const points: Point[] = [];
    for (const [y, lo] of rowMin) {
      const hi = rowMax.get(y)!;
      // Pixel corners, so a one-pixel-high run still has an extent.
      points.push({ x: lo, y }, { x: lo, y: y + 1 }, { x: hi + 1, y }, { x: hi + 1, y: y + 1 });
    }
    const rect = minAreaRect(points);
    if (Math.min(rect.width, rect.height) < minSide) continue;
    // Offsetting a rectangle by d grows each side by 2d; d as in DB's unclip: area × ratio / perimeter.
    const d = (rect.width * rect.height * unclipRatio) / (2 * (rect.width + rect.height));
    regions.push({
      ...rect,
      width: rect.width + 2 * d,
      height: rect.height + 2 * d,
      score: sum / count,
    });
  }
  return regions;

  function visit(j: number): void {
    if (label[j] === 0 && map[j]! > pixelThreshold) {
      label[j] = next;
      stack.push(j);
    }
  }
}
