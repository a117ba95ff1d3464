/**
 * A race clock beside the course is not a bib: its time, read without the colons, is a number
 * of five or six digits lit on a dark panel. Drawn fixtures: a clock's panel and a bib's paper.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DecodedChar } from './ctc.js';
import type { OcrTextLine } from './ocr-engine.js';
import { isLit, printGround, type PrintGround } from './print-ground.js';
import type { RawImage } from './raw-image.js';
import { bibsFromLines, isClockTime } from './read-bibs.js';

/**
 * A number drawn in a box of 300 × 80 px: `ground` behind it, `print` its colour; with `paper`,
 * on a bib of that colour that fills the box but for a strip of `ground` along the top and bottom.
 */
async function drawn(
  text: string,
  ground: string,
  print: string,
  paper?: string,
): Promise<RawImage> {
  const bib = paper ? `<rect x="0" y="12" width="300" height="56" fill="${paper}"/>` : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80"><rect width="300" height="80" fill="${ground}"/>${bib}<text x="150" y="62" text-anchor="middle" font-family="DejaVu Sans Mono" font-weight="bold" font-size="60" fill="${print}">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** The recogniser's characters, evenly spread over the middle of the box. */
function charsOf(text: string): DecodedChar[] {
  return [...text].map((char, i) => ({
    char,
    prob: 0.99,
    digit: char,
    digitProb: 0.99,
    at: 0.2 + (0.6 * (i + 0.5)) / text.length,
  }));
}

async function groundOf(
  text: string,
  ground: string,
  print: string,
  paper?: string,
): Promise<PrintGround | null> {
  const image = await drawn(text, ground, print, paper);
  return printGround(
    image,
    { centre: { x: 150, y: 40 }, width: 300, height: 80, angle: 0 },
    charsOf(text),
  );
}

function line(text: string, ground: PrintGround | null): OcrTextLine {
  return {
    text,
    confidence: 0.99,
    chars: [],
    quad: [
      { x: 0, y: 0 },
      { x: 300, y: 0 },
      { x: 300, y: 80 },
      { x: 0, y: 80 },
    ],
    box: { x: 0, y: 0, width: 300, height: 80 },
    lineHeight: 80,
    ends: { left: true, right: true },
    ground,
  };
}

describe('a race clock', () => {
  it('tells lit digits on a dark panel from dark digits on white paper', async () => {
    expect(isLit(await groundOf('14958', '#101010', '#ffd21a'))).toBe(true);
    expect(isLit(await groundOf('14958', '#f6f6f2', '#111111'))).toBe(false);
    expect(isLit(await groundOf('14958', '#f6f6f2', '#c01020'))).toBe(false);
  });

  it('does not take a white bib on a dark shirt for a lit panel', async () => {
    // The line's box reaches past the bib: along its edges is the shirt, inside it the paper.
    expect(isLit(await groundOf('14958', '#15151a', '#c01020', '#f6f6f2'))).toBe(false);
  });

  it('reads hours, minutes and seconds without their colons as a time', () => {
    expect(isClockTime('14958')).toBe(true);
    expect(isClockTime('235959')).toBe(true);
    expect(isClockTime('16920')).toBe(false); // 69 minutes
    expect(isClockTime('14975')).toBe(false); // 75 seconds
    expect(isClockTime('245959')).toBe(false); // hour 24
    expect(isClockTime('1458')).toBe(false); // four digits: a bib as often as a time
  });

  it('does not pass a clock showing 1:49:58 as bib 14958, and keeps a bib with those digits', async () => {
    const clock = line('14958', await groundOf('14958', '#101010', '#ffd21a'));
    const bib = line('14958', await groundOf('14958', '#f6f6f2', '#111111'));
    expect(bibsFromLines([clock])[0]!.confidence).toBeLessThan(0.8);
    expect(bibsFromLines([bib])[0]).toMatchObject({ bib: '14958', confidence: 0.99 });
  });

  it('keeps a dark bib with white digits that are no time of day', async () => {
    const dark = line('16920', await groundOf('16920', '#101010', '#ffffff'));
    expect(bibsFromLines([dark])[0]).toMatchObject({ bib: '16920', confidence: 0.99 });
  });
});
