import type { OcrTextLine } from '../bibs/index.js';

/**
 * A line the recogniser "sees": clear print 60 px high at x along the top of the photo, ending on
 * its paper at both ends unless told (an arm touching an end), for a stub reader to hand to the
 * real bib rules (`bibsFromLines`).
 */
export function ocrLine(text: string, x: number, ends = { left: true, right: true }): OcrTextLine {
  return {
    text,
    confidence: 0.99,
    chars: [],
    quad: [
      { x, y: 0 },
      { x: x + 120, y: 0 },
      { x: x + 120, y: 60 },
      { x, y: 60 },
    ],
    box: { x, y: 0, width: 120, height: 60 },
    lineHeight: 60,
    ends,
  };
}
