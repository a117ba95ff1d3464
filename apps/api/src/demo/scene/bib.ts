/**
 * The race bib: paper rectangle, big number, and small secondary text (event name,
 * sponsor, year). The year is printed on purpose: it is the classic OCR distractor.
 */
import { BAND_COLOURS, BIB_FONTS, BIB_INKS, BIB_PAPERS, DIGIT_ASCENT, SPONSORS, type BibFont } from './palette.js';
import { escapeXml, fmt, rotatedRectBounds, type Point } from './geometry.js';
import type { Rng } from './prng.js';

export interface BibStyle {
  paper: string;
  ink: string;
  font: BibFont;
  /** Coloured band across the top carrying the event name, or plain paper. */
  band: string | null;
  sponsor: string;
  /** Where the year goes: after the sponsor at the bottom, or after the event name at the top. */
  yearAt: 'bottom' | 'top';
  /** Bib width as a fraction of the runner's height. */
  widthFrac: number;
  /** Width / height. */
  aspect: number;
  /** Rotation of the bib relative to the torso, degrees. */
  tilt: number;
}

export function randomBibStyle(rng: Rng): BibStyle {
  return {
    paper: rng.pick(BIB_PAPERS),
    ink: rng.pick(BIB_INKS),
    font: rng.pick(BIB_FONTS),
    band: rng.chance(0.6) ? rng.pick(BAND_COLOURS) : null,
    sponsor: rng.pick(SPONSORS),
    yearAt: rng.chance(0.6) ? 'bottom' : 'top',
    widthFrac: rng.range(0.15, 0.185),
    aspect: rng.range(1.3, 1.6),
    tilt: rng.chance(0.5) ? rng.range(-5, 5) : rng.range(-11, 11),
  };
}

/** Random 3–5 digit bib number without a leading zero. */
export function randomBibNumber(rng: Rng): string {
  const digits = rng.weighted([3, 4, 3]) + 3;
  return String(rng.int(10 ** (digits - 1), 10 ** digits - 1));
}

export interface BibLayout {
  centre: Point;
  width: number;
  height: number;
  angle: number;
  fontSize: number;
  /** Number baseline relative to the bib centre (unrotated). */
  baseline: number;
}

/** Sizes the bib for a runner of `heightPx` and fits the number between the top and bottom text. */
export function layoutBib(bib: string, style: BibStyle, centre: Point, heightPx: number, angle: number): BibLayout {
  const width = style.widthFrac * heightPx;
  const height = width / style.aspect;
  const top = -height / 2 + height * 0.22;
  const bottom = height / 2 - height * 0.17;
  const byHeight = ((bottom - top) * 0.9) / DIGIT_ASCENT;
  const byWidth = (width * 0.9) / (bib.length * style.font.digitAdvance);
  const fontSize = Math.min(byHeight, byWidth);
  const baseline = (top + bottom) / 2 + (fontSize * DIGIT_ASCENT) / 2;
  return { centre, width, height, angle, fontSize, baseline };
}

export function digitHeight(layout: BibLayout): number {
  return layout.fontSize * DIGIT_ASCENT;
}

export function bibSvg(bib: string, style: BibStyle, layout: BibLayout, eventName: string, year: number): string {
  const { width: w, height: h } = layout;
  const small = h * 0.105;
  const topText = style.yearAt === 'top' ? `${eventName.toUpperCase()} ${year}` : eventName.toUpperCase();
  const bottomText = style.yearAt === 'bottom' ? `${style.sponsor} · ${year}` : style.sponsor;
  // Condensed face for the small print; shrink long names to fit between the safety pins.
  const textSize = (text: string): number => Math.min(small, (w * 0.78) / (text.length * 0.62));
  const topY = -h / 2 + h * 0.11;
  const parts = [
    `<rect x="${fmt(-w / 2)}" y="${fmt(-h / 2)}" width="${fmt(w)}" height="${fmt(h)}" rx="${fmt(h * 0.03)}" fill="${style.paper}" stroke="#c9c9c4" stroke-width="${fmt(Math.max(0.6, h * 0.008))}"/>`,
  ];
  if (style.band) {
    parts.push(`<rect x="${fmt(-w / 2)}" y="${fmt(-h / 2)}" width="${fmt(w)}" height="${fmt(h * 0.2)}" fill="${style.band}"/>`);
  }
  const topSize = textSize(topText);
  parts.push(
    `<text x="0" y="${fmt(topY + topSize * 0.36)}" font-family="DejaVu Sans Condensed" font-weight="bold" font-size="${fmt(topSize)}" fill="${style.band ? '#ffffff' : style.ink}" text-anchor="middle">${escapeXml(topText)}</text>`,
  );
  parts.push(
    `<text x="0" y="${fmt(layout.baseline)}" font-family="${style.font.family}" font-weight="bold" font-size="${fmt(layout.fontSize)}" fill="${style.ink}" text-anchor="middle">${escapeXml(bib)}</text>`,
  );
  const bottomSize = textSize(bottomText);
  parts.push(
    `<text x="0" y="${fmt(h / 2 - h * 0.07)}" font-family="DejaVu Sans Condensed" font-weight="bold" font-size="${fmt(bottomSize)}" fill="${style.ink}" fill-opacity="0.8" text-anchor="middle">${escapeXml(bottomText)}</text>`,
  );
  // Safety pins in the corners.
  const pin = h * 0.03;
  for (const [px, py] of [[-1, -1], [1, -1], [-1, 1], [1, 1]] as const) {
    parts.push(`<circle cx="${fmt(px * (w / 2 - h * 0.07))}" cy="${fmt(py * (h / 2 - h * 0.07) + (py < 0 ? h * 0.02 : 0))}" r="${fmt(pin)}" fill="#9aa0a6"/>`);
  }
  return `<g transform="translate(${fmt(layout.centre.x)} ${fmt(layout.centre.y)}) rotate(${fmt(layout.angle)})">${parts.join('')}</g>`;
}

export function bibBounds(layout: BibLayout) {
  return rotatedRectBounds(layout.centre.x, layout.centre.y, layout.width, layout.height, layout.angle);
}

/**
 * Sample points over each digit's ink cell, in image pixels. A digit counts as covered when
 * any of its points lies under something painted later (or outside the frame).
 */
export function digitSamplePoints(bib: string, style: BibStyle, layout: BibLayout): Point[][] {
  const advance = layout.fontSize * style.font.digitAdvance;
  const left = (-bib.length * advance) / 2;
  // Flat-topped digits reach 0.73 em; sampling from there avoids flagging a touch above the ink.
  const inkHeight = layout.fontSize * 0.73;
  const top = layout.baseline - inkHeight;
  const rad = (layout.angle * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const cells: Point[][] = [];
  for (let d = 0; d < bib.length; d++) {
    const points: Point[] = [];
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 7; j++) {
        const x = left + advance * (d + 0.12 + (0.76 * i) / 4);
        const y = top + inkHeight * (0.05 + (0.9 * j) / 6);
        points.push({ x: layout.centre.x + x * cos - y * sin, y: layout.centre.y + x * sin + y * cos });
      }
    }
    cells.push(points);
  }
  return cells;
}
