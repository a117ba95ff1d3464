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
import type { RotatedRect } from './geometry.js';
import { lineSampler } from './line-sampler.js';
import type { RawImage } from './raw-image.js';

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
  const h = rect.height;
  const { outside, isBackground } = lineSampler(source, rect);
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
