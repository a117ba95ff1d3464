/**
 * How bright a recognised number's print is against its ground. A bib prints dark digits on
 * light paper; a race clock lights its digits on a dark panel. The ground is the commonest
 * colour along the line's top and bottom (`lineSampler`), the print the samples across the
 * middle of the number farthest from it.
 */
import type { DecodedChar } from './ctc.js';
import type { RotatedRect } from './geometry.js';
import { lineSampler, luma } from './line-sampler.js';
import type { RawImage } from './raw-image.js';

export interface PrintGround {
  /** The ground's brightness (luma, 0..255): the commonest colour along the line's top and bottom. */
  ground: number;
  /** The print's brightness: the mean of the tenth of the samples farthest from the ground. */
  ink: number;
  /** The median brightness across the number: nearer the ground than the print where the print is thin strokes on it. */
  median: number;
}

/** A ground this dark (luma) under print this much brighter is a lit display (or a dark bib). */
const LIT_GROUND = 120;
const LIT_CONTRAST = 80;

export function printGround(
  source: RawImage,
  rect: RotatedRect,
  chars: readonly DecodedChar[],
): PrintGround | null {
  const first = chars[0];
  const last = chars[chars.length - 1];
  if (!first || !last) return null;
  const line = lineSampler(source, rect);
  const h = rect.height;
  const ground = luma(line.paper);
  // From half a character before the first centre to half one past the last, across the middle.
  const half =
    chars.length > 1 ? ((last.at - first.at) * rect.width) / (chars.length - 1) / 2 : h / 4;
  const from = first.at * rect.width - half;
  const to = last.at * rect.width + half;
  const samples: number[] = [];
  for (let i = 0; i <= 48; i++)
    for (let j = 0; j < 7; j++)
      samples.push(luma(line.at(from + ((to - from) * i) / 48, h * (0.25 + 0.5 * (j / 6)))));
  const median = [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  samples.sort((a, b) => Math.abs(b - ground) - Math.abs(a - ground));
  const strongest = samples.slice(0, Math.max(1, Math.round(samples.length / 10)));
  return { ground, ink: strongest.reduce((s, v) => s + v, 0) / strongest.length, median };
}

/**
 * Light print on a dark ground: a race clock's lit digits, or a dark bib's white ones. The
 * number's own area must be mostly dark too: where the line's box reaches past a small bib onto
 * a dark shirt, the ground along its edges is the shirt and the "light print" is the bib's paper.
 */
export function isLit(ground: PrintGround | null | undefined): boolean {
  return (
    !!ground &&
    ground.ground < LIT_GROUND &&
    ground.ink - ground.ground > LIT_CONTRAST &&
    ground.median < (ground.ground + ground.ink) / 2
  );
}
