/**
 * Does a recognised line end on its own background? A complete bib number ends on its paper;
 * one cut off by an arm or another runner runs straight into it, and the digits read are then
 * perhaps only part of the bib ("9505" of 95056).
 */
import type { DecodedChar } from './ctc.js';
import { rectCorners, type RotatedRect } from './geometry.js';
import { sample, type RawImage } from './raw-image.js';

/** Colour distance (RGB, 0..441) within which a point counts as the line's background. */
const BACKGROUND_DISTANCE = 60;
/** A run of background at least this long (in line heights) past the last glyph: the print ended. */
const END_GAP = 0.08;
/** How far past the last character's centre to look for that run, in line heights. */
const END_SEARCH = 0.7;
/**
 * Past the last character's centre, where one more digit would reach (line heights: a digit's
 * pitch is about 0.6 of the line's box, plus its half width). A number whose photo ends before
 * that may go on beyond the frame.
 */
const FRAME_REACH = 1;
/** The run of paper (line heights) that ends a number near the frame: wider than any gap between two digits, even beside a narrow 1. */
const FRAME_GAP = 0.3;

/**
 * Walks outward from the first and last character (their positions come from the recogniser)
 * across columns of the line: past the glyph's own ink, a complete number reaches its paper
 * margin; a cut one runs straight into the arm or runner covering the next digit.
 */
export function endsOnBackground(
  source: RawImage,
  rect: RotatedRect,
  chars: readonly DecodedChar[],
): { left: boolean; right: boolean } {
  const first = chars[0];
  const last = chars[chars.length - 1];
  if (!first || !last) return { left: true, right: true };
  const [tl, tr, , bl] = rectCorners(rect);
  const ux = (tr.x - tl.x) / rect.width;
  const uy = (tr.y - tl.y) / rect.width;
  const vx = (bl.x - tl.x) / rect.height;
  const vy = (bl.y - tl.y) / rect.height;
  const h = rect.height;
  const pixel = [0, 0, 0];
  const at = (u: number, v: number): number[] => {
    sample(source, tl.x + u * ux + v * vx, tl.y + u * uy + v * vy, pixel);
    return [pixel[0]!, pixel[1]!, pixel[2]!];
  };
  // The background: the commonest colour (in coarse bins, so a lighting gradient stays one
  // colour) of bands along the top and bottom of the box, above and below the glyphs.
  const bins = new Map<number, { n: number; sum: number[] }>();
  for (let i = 1; i < 24; i++) {
    for (const v of [0.04, 0.1, 0.9, 0.96]) {
      const p = at((rect.width * i) / 24, h * v);
      const key = ((p[0]! >> 6) << 4) | ((p[1]! >> 6) << 2) | (p[2]! >> 6);
      const bin = bins.get(key) ?? { n: 0, sum: [0, 0, 0] };
      bin.n++;
      for (let c = 0; c < 3; c++) bin.sum[c]! += p[c]!;
      bins.set(key, bin);
    }
  }
  const commonest = [...bins.values()].reduce((a, b) => (b.n > a.n ? b : a));
  const paper = commonest.sum.map((v) => v / commonest.n);
  // A point past the photo's edge.
  const outside = (u: number, v: number): boolean => {
    const x = tl.x + u * ux + v * vx;
    const y = tl.y + u * uy + v * vy;
    return x < 0 || y < 0 || x > source.width - 1 || y > source.height - 1;
  };
  const isBackground = (u: number): boolean => {
    // The middle of the line only: the box's top and bottom may hold the small print around the number.
    for (let j = 0; j < 9; j++) {
      const p = at(u, h * (0.3 + (0.4 * j) / 8));
      if (
        Math.hypot(p[0]! - paper[0]!, p[1]! - paper[1]!, p[2]! - paper[2]!) >= BACKGROUND_DISTANCE
      )
        return false;
    }
    return true;
  };
  const step = Math.max(0.5, h * 0.02);
  const endsFrom = (centre: number, direction: 1 | -1): boolean => {
    // Where another digit would fall, even in part, out of the photo, the frame may cut the
    // number: it ends only where its paper runs on, wider than a gap between two digits.
    const gap = outside(centre + direction * FRAME_REACH * h, h / 2) ? FRAME_GAP : END_GAP;
    let run = 0;
    for (let d = 0; d <= END_SEARCH * h; d += step) {
      const u = centre + direction * d;
      if (outside(u, h / 2)) return false;
      if (isBackground(u)) {
        run += step;
        if (run >= gap * h) return true;
      } else run = 0;
    }
    return false;
  };
  return { left: endsFrom(first.at * rect.width, -1), right: endsFrom(last.at * rect.width, 1) };
}
