/**
 * Pixels along a recognised line, in the line's own frame: u runs along the line (0 at its left
 * end, in photo pixels), v across it (0 at its top). Shared by the checks that look past a
 * number's ends (`line-ends.ts`, `print-ground.ts`).
 */
import { rectCorners, type RotatedRect } from './geometry.js';
import { sample, type RawImage } from './raw-image.js';

/** Colour distance (RGB, 0..441) within which a point counts as the line's background. */
export const BACKGROUND_DISTANCE = 60;

export interface LineSampler {
  /** The colour at (u, v). */
  at(u: number, v: number): [number, number, number];
  /** The line's background: the commonest colour of bands along its top and bottom. */
  paper: [number, number, number];
  /** Whether (u, v) lies past the photo's edge. */
  outside(u: number, v: number): boolean;
  /** Whether the middle of the line (0.3–0.7 of its height) is background colour at u. */
  isBackground(u: number): boolean;
}

export function lineSampler(source: RawImage, rect: RotatedRect): LineSampler {
  const [tl, tr, , bl] = rectCorners(rect);
  const ux = (tr.x - tl.x) / rect.width;
  const uy = (tr.y - tl.y) / rect.width;
  const vx = (bl.x - tl.x) / rect.height;
  const vy = (bl.y - tl.y) / rect.height;
  const h = rect.height;
  const pixel = [0, 0, 0];
  const at = (u: number, v: number): [number, number, number] => {
    sample(source, tl.x + u * ux + v * vx, tl.y + u * uy + v * vy, pixel);
    return [pixel[0]!, pixel[1]!, pixel[2]!];
  };
  // The commonest colour in coarse bins (a lighting gradient stays one colour) of bands along
  // the top and bottom of the box, above and below the glyphs.
  const bins = new Map<number, { n: number; sum: number[] }>();
  for (let i = 1; i < 24; i++) {
    for (const v of [0.04, 0.1, 0.9, 0.96]) {
      const p = at((rect.width * i) / 24, h * v);
      const key = ((p[0] >> 6) << 4) | ((p[1] >> 6) << 2) | (p[2] >> 6);
      const bin = bins.get(key) ?? { n: 0, sum: [0, 0, 0] };
      bin.n++;
      for (let c = 0; c < 3; c++) bin.sum[c]! += p[c]!;
      bins.set(key, bin);
    }
  }
  const commonest = [...bins.values()].reduce((a, b) => (b.n > a.n ? b : a));
  const paper = commonest.sum.map((v) => v / commonest.n) as [number, number, number];
  return {
    at,
    paper,
    outside: (u, v) => {
      const x = tl.x + u * ux + v * vx;
      const y = tl.y + u * uy + v * vy;
      return x < 0 || y < 0 || x > source.width - 1 || y > source.height - 1;
    },
    isBackground: (u) => {
      // The middle of the line only: the box's top and bottom may hold the small print around the number.
      for (let j = 0; j < 9; j++) {
        const p = at(u, h * (0.3 + (0.4 * j) / 8));
        if (Math.hypot(p[0] - paper[0], p[1] - paper[1], p[2] - paper[2]) >= BACKGROUND_DISTANCE)
          return false;
      }
      return true;
    },
  };
}

/** Rec. 601 luma, 0..255. */
export function luma(p: readonly number[]): number {
  return 0.299 * p[0]! + 0.587 * p[1]! + 0.114 * p[2]!;
}
