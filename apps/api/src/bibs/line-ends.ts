/**
 * Does a recognised number end where it seems to? A complete bib number ends on its paper; one
 * cut off by the photo's frame, an arm or another runner may be only part of the bib ("9505" of
 * 95056).
 *
 * Two signs are trusted, both measured on real race photos:
 * - the frame: where one more digit would fall, even in part, outside the photo, the number
 *   ends only where its paper runs on, wider than a gap between two digits;
 * - the recogniser: read again from a crop widened by most of a digit on each side, it saw one
 *   more digit beside the number, fairly sure of it but not sure enough to add it
 *   (`DOUBTED_DIGIT`).
 * How the print meets its background elsewhere is not a sign: real bibs print their number
 * nearly edge to edge, so the paper past the last digit is a sliver, and a fist or a fold at
 * the bib's edge touches whole numbers as often as cut ones. Taking that for a cut lowered
 * about half of the whole, clear bibs on real race photos.
 */
import type { DecodedChar } from './ctc.js';
import { rectCorners, type RotatedRect } from './geometry.js';
import { sample, type RawImage } from './raw-image.js';

/**
 * A digit the widened reading saw beside the number with at least this probability (and less
 * than the certainty that adds it to the number) says the number may go on there.
 */
export const DOUBTED_DIGIT = 0.8;

/** The most probable digit the widened reading saw past each end of the number, or 0. */
export interface DigitsBeside {
  left: number;
  right: number;
}

/** Colour distance (RGB, 0..441) within which a point counts as the line's background. */
const BACKGROUND_DISTANCE = 60;
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
 * Whether the number ends at each side: not where the frame may cut it (unless its paper runs
 * on), nor where the recogniser saw another digit beside it.
 */
export function numberEnds(
  source: RawImage,
  rect: RotatedRect,
  chars: readonly DecodedChar[],
  beside: DigitsBeside = { left: 0, right: 0 },
): { left: boolean; right: boolean } {
  const frame = endsAtFrame(source, rect, chars);
  return {
    left: frame.left && beside.left < DOUBTED_DIGIT,
    right: frame.right && beside.right < DOUBTED_DIGIT,
  };
}

/**
 * Near the photo's frame (one more digit would fall, even in part, outside it), walks outward
 * from the first and last character (their positions come from the recogniser) across columns
 * of the line: the number ends there only where its paper runs on past the glyph's own ink,
 * wider than any gap between two digits. Away from the frame, the number ends.
 */
export function endsAtFrame(
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
    if (!outside(centre + direction * FRAME_REACH * h, h / 2)) return true;
    let run = 0;
    for (let d = 0; d <= END_SEARCH * h; d += step) {
      const u = centre + direction * d;
      if (outside(u, h / 2)) return false;
      if (isBackground(u)) {
        run += step;
        if (run >= FRAME_GAP * h) return true;
      } else run = 0;
    }
    return false;
  };
  return { left: endsFrom(first.at * rect.width, -1), right: endsFrom(last.at * rect.width, 1) };
}
