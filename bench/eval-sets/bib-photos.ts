/**
 * An evaluation set of race photos for bib search, made apart from the product: it shares no
 * code with the demo's scene renderer or with the OCR filter, and draws bibs the way real races
 * print them rather than the way our reader expects them. Each photo is drawn from its seed as
 * one SVG (rendered by sharp), then degraded as a camera would.
 *
 * What varies, each recorded per bib as a "kind" so results can be read per kind:
 * - fonts: sans, condensed, serif and monospaced digits (`condensed`, `serif`, `mono`);
 * - prefixes and suffixes: A1234, F-123, M 56, 1234B (`prefix`, `suffix`);
 * - decoy numbers on the bib: start times, distances, years, phone and corral numbers (`decoys`);
 * - rotation to ±20°, horizontal skew and squeeze (`rotated`, `skewed`, `squeezed`);
 * - motion and focus blur of the whole photo (`motion-blur`, `focus-blur`);
 * - digit and bib colours (`coloured`);
 * - digit heights down to 30 px in wide shots of a pack (`small`);
 * - an arm or another runner across the number (`occluded`; `hidden` too when less than a third of
 *   its ink is in sight: measured on the drawing, `bib-visibility.ts`), and bibs cut by the frame
 *   (`cut-off`).
 *
 * Seeds below HELD_OUT_FROM are for looking at and tuning; seeds from HELD_OUT_FROM on are the
 * held-out part: no threshold or filter may be fitted to them, and the bench reports them alone.
 *
 * Longer than 400 lines: one scene drawer, whose parts draw from one random stream per seed in a
 * fixed order; split apart, a change to one part would silently redraw every photo of the set.
 */
import sharp from 'sharp';
import {
  eventBibNumber,
  type DrawnBib,
  eventFormatOf,
  type EvalEventFormat,
  PREFIXES,
} from './bib-event-formats.js';
import { markNumbers, NUMBER_MARK, numbersInSight } from './bib-visibility.js';
import { assertFonts } from './fonts.js';
import { rng, type Rng } from './random.js';

export { eventFormatOf, PHOTOS_PER_EVENT, type EvalEventFormat } from './bib-event-formats.js';

export const HELD_OUT_FROM = 1_000_000;

export type BibKind =
  | 'plain'
  | 'prefix'
  | 'suffix'
  | 'decoys'
  | 'rotated'
  | 'skewed'
  | 'squeezed'
  | 'motion-blur'
  | 'focus-blur'
  | 'condensed'
  | 'serif'
  | 'mono'
  | 'coloured'
  | 'small'
  | 'occluded'
  | 'hidden'
  | 'cut-off';

/** A number with less than this share of its ink in sight is partly hidden (`occluded`). */
export const OCCLUDED_BELOW = 0.97;
/** Less than this in sight, nobody can read it (`hidden`, as well as `occluded`): only its wearer's face can find it. */
export const HIDDEN_BELOW = 1 / 3;

export interface EvalBib {
  /** As printed, e.g. "F-123". */
  printed: string;
  /** Its number alone, as a visitor may type it: "123". */
  digits: string;
  /** Letters and digits without separators, upper case: "F123". */
  compact: string;
  /** Height of its digits in the photo, px. */
  digitHeight: number;
  /** Share of its number's ink in sight (0..1): covered by an arm or a nearer runner, not the frame. */
  inSight: number;
  kinds: BibKind[];
}

export interface EvalPhoto {
  seed: number;
  width: number;
  height: number;
  bibs: EvalBib[];
  /** Numbers printed on bibs that are not bib numbers (digits only): a search must not find them. */
  decoys: string[];
  jpeg: Buffer;
}

const FONTS: ReadonlyArray<{ family: string; weight: string; kind?: BibKind; width: number }> = [
  { family: 'DejaVu Sans', weight: 'bold', width: 0.7 },
  { family: 'Liberation Sans', weight: 'bold', width: 0.56 },
  { family: 'DejaVu Sans Condensed', weight: 'bold', kind: 'condensed', width: 0.63 },
  { family: 'Liberation Sans Narrow', weight: 'bold', kind: 'condensed', width: 0.46 },
  { family: 'DejaVu Serif', weight: 'bold', kind: 'serif', width: 0.7 },
  { family: 'Liberation Serif', weight: 'bold', kind: 'serif', width: 0.5 },
  { family: 'DejaVu Sans Mono', weight: 'bold', kind: 'mono', width: 0.6 },
  { family: 'Liberation Mono', weight: 'bold', kind: 'mono', width: 0.6 },
];
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#5c3a21'];
const SHIRTS = [
  '#d62828',
  '#003049',
  '#f77f00',
  '#2a9d8f',
  '#264653',
  '#e9c46a',
  '#6a4c93',
  '#1982c4',
  '#8ac926',
  '#222222',
  '#ffffff',
  '#ff595e',
];
const BIB_TINTS = ['#fff6a8', '#ffd6e7', '#cfe8ff', '#d8f5d0', '#ffe0b8'];
const INKS = ['#c1121f', '#0b3d91', '#0a6b2e', '#6a1b9a'];
const SPONSORS = [
  'CITY BANK',
  'HARBOUR ENERGY',
  'NORDIC AIR',
  'FRESH MILK CO',
  'METRO RADIO',
  'SUNRISE BAKERY',
  'VOLTA CARS',
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function bibNumber(r: Rng): { printed: string; digits: string; compact: string; kinds: BibKind[] } {
  const length = r.pick([1, 2, 3, 3, 4, 4, 4, 4, 5, 5]);
  const digits = String(r.int(length === 1 ? 1 : 10 ** (length - 1), 10 ** length - 1));
  const roll = r.next();
  if (roll < 0.15) {
    const p = r.pick(PREFIXES);
    const sep = r.pick(['', '', '-', ' ']);
    return { printed: `${p}${sep}${digits}`, digits, compact: `${p}${digits}`, kinds: ['prefix'] };
  }
  if (roll < 0.22) {
    const s = r.pick(['A', 'B', 'C', 'X']);
    return { printed: `${digits}${s}`, digits, compact: `${digits}${s}`, kinds: ['suffix'] };
  }
  return { printed: digits, digits, compact: digits, kinds: [] };
}

function decoysFor(r: Rng): string[] {
  const out: string[] = [];
  const n = r.int(0, 3);
  for (let i = 0; i < n; i++) {
    out.push(
      r.pick([
        `${String(r.int(6, 10)).padStart(2, '0')}:${r.pick(['00', '15', '30', '45'])}`,
        r.pick(['5K', '10K', '21K', '42K', '21.1', '42.2', 'HALF 21K']),
        String(r.int(2019, 2027)),
        `0800 ${r.int(100, 999)} ${r.int(1000, 9999)}`,
        `CORRAL ${r.pick(['A', 'B', 'C', '2', '3'])}`,
        `WAVE ${r.int(1, 6)}`,
      ]),
    );
  }
  return out;
}

interface Runner {
  svg: string;
  /** The bib's box before its rotation. */
  box: { x: number; y: number; w: number; h: number };
  /** Share of the bib's box inside the photo. */
  inside: number;
  bib: Omit<EvalBib, 'inSight'>;
  decoys: string[];
}

/** One runner: torso, head, legs, arms, and the bib pinned to the shirt. */
function drawRunner(
  r: Rng,
  cx: number,
  top: number,
  torsoW: number,
  frame: { w: number; h: number },
  format?: EvalEventFormat,
  wearing?: DrawnBib,
): Runner {
  const torsoH = torsoW * r.range(1.15, 1.4);
  const skin = r.pick(SKIN);
  const shirt = r.pick(SHIRTS);
  const parts: string[] = [];
  const left = cx - torsoW / 2;
  // Legs and head first: the torso and bib are drawn over them.
  parts.push(
    `<rect x="${left + torsoW * 0.1}" y="${top + torsoH * 0.9}" width="${torsoW * 0.35}" height="${torsoH * 1.3}" rx="${torsoW * 0.1}" fill="${r.pick(['#1b1b1b', '#2b2d42', skin])}"/>`,
  );
  parts.push(
    `<rect x="${left + torsoW * 0.55}" y="${top + torsoH * 0.9}" width="${torsoW * 0.35}" height="${torsoH * 1.2}" rx="${torsoW * 0.1}" fill="${r.pick(['#1b1b1b', '#2b2d42', skin])}"/>`,
  );
  parts.push(
    `<ellipse cx="${cx + r.range(-0.05, 0.05) * torsoW}" cy="${top - torsoW * 0.32}" rx="${torsoW * 0.24}" ry="${torsoW * 0.3}" fill="${skin}"/>`,
  );
  parts.push(
    `<rect x="${left}" y="${top}" width="${torsoW}" height="${torsoH}" rx="${torsoW * 0.18}" fill="${shirt}"/>`,
  );

  // The bib.
  const number = wearing ?? (format ? eventBibNumber(r, format) : bibNumber(r));
  const kinds: BibKind[] = [...number.kinds];
  const font = r.pick(FONTS);
  if (font.kind) kinds.push(font.kind);
  const tinted = r.chance(0.2);
  const inked = r.chance(0.2);
  if (tinted || inked) kinds.push('coloured');
  const paper = tinted ? r.pick(BIB_TINTS) : '#fbfbf8';
  const ink = inked ? r.pick(INKS) : '#111111';
  const bibW = torsoW * r.range(0.68, 0.8);
  const bibH = bibW * r.range(0.5, 0.62);
  const bx = cx - bibW / 2 + r.range(-0.04, 0.04) * torsoW;
  const by = top + torsoH * r.range(0.22, 0.34);
  const own = r.chance(0.6) ? decoysFor(r) : [];
  // An event's template prints its words on every bib; three fit along the bottom.
  const decoys = format ? [...format.template, ...own].slice(0, 3) : own;
  if (decoys.length) kinds.push('decoys');
  // The number as large as fits the bib's middle band.
  const chars = number.printed.length;
  const byWidth = (bibW * 0.88) / (chars * font.width);
  const fontSize = Math.min(bibH * 0.5, byWidth);
  const digitHeight = fontSize * 0.72;
  const angle = r.chance(0.3) ? r.range(-20, 20) : r.range(-4, 4);
  const skew = r.chance(0.15) ? r.range(-14, 14) : 0;
  const squeeze = r.chance(0.15) ? r.range(0.65, 0.85) : 1;
  if (Math.abs(angle) >= 10) kinds.push('rotated');
  if (Math.abs(skew) >= 6) kinds.push('skewed');
  if (squeeze < 0.9) kinds.push('squeezed');
  const band = r.chance(0.6);
  const sponsor = r.pick(SPONSORS);
  const bibParts = [
    `<rect x="${bx}" y="${by}" width="${bibW}" height="${bibH}" rx="${bibW * 0.02}" fill="${paper}" stroke="#cfcfcf" stroke-width="${Math.max(1, bibW * 0.004)}"/>`,
    band
      ? `<rect x="${bx}" y="${by}" width="${bibW}" height="${bibH * 0.18}" fill="${r.pick(SHIRTS)}"/>`
      : '',
    `<text x="${bx + bibW / 2}" y="${by + bibH * 0.135}" font-family="Liberation Sans" font-weight="bold" font-size="${bibH * 0.11}" text-anchor="middle" fill="${band ? '#ffffff' : '#333333'}">${esc(sponsor)}</text>`,
    `<text x="${bx + bibW / 2}" y="${by + bibH * 0.3 + fontSize * 0.72 + (bibH * 0.5 - fontSize * 0.72) / 2}" font-family="${font.family}" font-weight="${font.weight}" font-size="${fontSize}" text-anchor="middle" fill="${ink}" ${NUMBER_MARK}>${esc(number.printed)}</text>`,
  ];
  // Decoys: small along the bottom, one of them sometimes large in a corner.
  // Decoys: small along the bottom; the first sometimes larger in the bottom-right corner.
  decoys.forEach((d, i) => {
    const big = i === 0 && r.chance(0.3);
    const size = big ? bibH * 0.14 : bibH * 0.075;
    const x = big ? bx + bibW * 0.96 : bx + bibW * (0.05 + 0.28 * i);
    const y = by + bibH * (big ? 0.97 : 0.95);
    bibParts.push(
      `<text x="${x}" y="${y}" font-family="${r.pick(['Liberation Sans', 'DejaVu Sans'])}" font-weight="bold" font-size="${size}" text-anchor="${big ? 'end' : 'start'}" fill="${ink}">${esc(d)}</text>`,
    );
  });
  const bcx = bx + bibW / 2;
  const bcy = by + bibH / 2;
  parts.push(
    `<g transform="translate(${bcx} ${bcy}) rotate(${angle}) skewX(${skew}) scale(${squeeze} 1) translate(${-bcx} ${-bcy})">${bibParts.join('')}</g>`,
  );

  // Arms: swinging beside the body, sometimes across the number.
  const across = r.chance(0.12);
  if (across) {
    const ay = by + bibH * r.range(0.35, 0.7);
    const from = r.chance(0.5) ? left - torsoW * 0.1 : left + torsoW * 0.4;
    parts.push(
      `<rect x="${from}" y="${ay - torsoW * 0.09}" width="${torsoW * r.range(0.35, 0.6)}" height="${torsoW * 0.18}" rx="${torsoW * 0.09}" fill="${skin}" transform="rotate(${r.range(-25, 25)} ${from} ${ay})"/>`,
    );
  }
  parts.push(
    `<rect x="${left - torsoW * 0.16}" y="${top + torsoH * 0.05}" width="${torsoW * 0.17}" height="${torsoH * 0.75}" rx="${torsoW * 0.08}" fill="${skin}" transform="rotate(${r.range(-20, 25)} ${left} ${top})"/>`,
  );
  parts.push(
    `<rect x="${left + torsoW * 0.99}" y="${top + torsoH * 0.05}" width="${torsoW * 0.17}" height="${torsoH * 0.75}" rx="${torsoW * 0.08}" fill="${skin}" transform="rotate(${r.range(-25, 20)} ${left + torsoW} ${top})"/>`,
  );

  // Cut by the frame: the bib's box leaves the photo.
  const corners = [
    [bx, by],
    [bx + bibW, by + bibH],
  ];
  const cut = corners.some(([x, y]) => x! < 0 || y! < 0 || x! > frame.w || y! > frame.h);
  // How much of the bib is inside the photo: a bib almost all outside is not on it at all.
  const inside =
    (Math.max(0, Math.min(bx + bibW, frame.w) - Math.max(bx, 0)) *
      Math.max(0, Math.min(by + bibH, frame.h) - Math.max(by, 0))) /
    (bibW * bibH);
  if (cut) kinds.push('cut-off');
  if (digitHeight < 50) kinds.push('small');
  return {
    svg: parts.join(''),
    box: { x: bx, y: by, w: bibW, h: bibH },
    bib: {
      printed: number.printed,
      digits: number.digits,
      compact: number.compact,
      digitHeight,
      kinds,
    },
    inside,
    decoys: decoys.flatMap((d) => {
      const n = d.replace(/[^0-9]/g, '');
      return n ? [n] : [];
    }),
  };
}

function background(r: Rng, w: number, h: number): string {
  const horizon = h * r.range(0.3, 0.55);
  const sky = `hsl(${r.int(180, 230)}, ${r.int(20, 70)}%, ${r.int(55, 85)}%)`;
  const road = `hsl(${r.int(0, 60)}, ${r.int(0, 15)}%, ${r.int(25, 55)}%)`;
  const out = [
    `<rect width="${w}" height="${h}" fill="${sky}"/>`,
    `<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${road}"/>`,
  ];
  // Buildings, trees and barriers along the horizon; spectators as blobs.
  for (let i = 0; i < r.int(6, 16); i++) {
    const bw = r.range(0.05, 0.2) * w;
    const bh = r.range(0.1, 0.4) * h;
    out.push(
      `<rect x="${r.range(-0.1, 1) * w}" y="${horizon - bh}" width="${bw}" height="${bh}" fill="hsl(${r.int(0, 360)}, ${r.int(5, 40)}%, ${r.int(25, 70)}%)"/>`,
    );
  }
  for (let i = 0; i < r.int(10, 40); i++) {
    out.push(
      `<ellipse cx="${r.range(0, 1) * w}" cy="${horizon + r.range(-0.05, 0.05) * h}" rx="${r.range(0.01, 0.03) * w}" ry="${r.range(0.03, 0.07) * h}" fill="hsl(${r.int(0, 360)}, ${r.int(20, 80)}%, ${r.int(20, 70)}%)"/>`,
    );
  }
  // Banners with their own numbers (distances, years): not bibs.
  if (r.chance(0.4)) {
    out.push(
      `<text x="${r.range(0.05, 0.6) * w}" y="${horizon - r.range(0.05, 0.2) * h}" font-family="Liberation Sans" font-weight="bold" font-size="${h * 0.05}" fill="#ffffff">${r.pick(['FINISH 2026', 'KM 35', '10 KM', 'MILE 20'])}</text>`,
    );
  }
  return out.join('');
}

/**
 * The photo of a seed, with what is on it. `numbered`: a photo of the numbered series, its
 * bibs drawn in the format of its seed's event (`eventFormatOf`) rather than of every kind.
 */
export async function renderEvalPhoto(
  seed: number,
  options: {
    numbered?: boolean;
    /**
     * A photo of an event with a cast (bib-series.ts): its format, and the runners it may show;
     * each runner on the photo wears one of these bibs, none twice.
     */
    event?: { format: EvalEventFormat; cast: readonly DrawnBib[] };
  } = {},
): Promise<EvalPhoto> {
  assertFonts(FONTS.map((f) => f.family));
  const format = options.event?.format ?? (options.numbered ? eventFormatOf(seed) : undefined);
  const unworn = options.event ? [...options.event.cast] : [];
  const r = rng(seed);
  const [width, height] = r.pick([
    [2400, 1600],
    [2400, 1600],
    [1600, 2400],
    [2000, 1333],
    [3000, 2000],
  ] as const);
  const frame = { w: width, h: height };
  // A close shot of one or two runners, a group, or a wide shot of a pack.
  const shot = r.pick(['close', 'group', 'group', 'pack'] as const);
  const count = shot === 'close' ? r.int(1, 2) : shot === 'group' ? r.int(2, 4) : r.int(5, 9);
  const torso = shot === 'close' ? [0.28, 0.42] : shot === 'group' ? [0.14, 0.24] : [0.06, 0.11];
  const runners: Runner[] = [];
  const placed: number[] = [];
  for (let i = 0; i < count; i++) {
    const torsoW = r.range(torso[0]!, torso[1]!) * width;
    // Side by side, some at the frame's edge (cut off), a few overlapping the one before.
    let cx = r.range(-0.05, 1.05) * width;
    for (let tries = 0; tries < 12 && placed.some((p) => Math.abs(p - cx) < torsoW * 1.15); tries++)
      cx = r.range(-0.05, 1.05) * width;
    placed.push(cx);
    const top = height * r.range(shot === 'pack' ? 0.35 : 0.2, shot === 'close' ? 0.45 : 0.55);
    const wearing = unworn.length ? unworn.splice(r.int(0, unworn.length - 1), 1)[0] : undefined;
    runners.push(drawRunner(r, cx, top, torsoW, frame, format, wearing));
  }
  // Farther runners (smaller) first: nearer ones may cover them, as in a pack.
  const order = runners
    .map((_, i) => i)
    .sort((a, b) => runners[a]!.bib.digitHeight - runners[b]!.bib.digitHeight);
  // A nearer runner's shoulder over a farther one's bib, from one side.
  for (let k = 1; k < order.length; k++) {
    if (!r.chance(0.12)) continue;
    const covered = runners[order[k - 1]!]!;
    const { x, y, w, h } = covered.box;
    const share = r.range(0.25, 0.45);
    const fromLeft = r.chance(0.5);
    const coverW = w * share;
    runners[order[k]!]!.svg +=
      `<rect x="${fromLeft ? x - w * 0.3 : x + w - coverW}" y="${y - h * 0.6}" width="${coverW + w * 0.3}" height="${h * 2.4}" rx="${w * 0.12}" fill="${r.pick(SHIRTS)}"/>`;
  }
  const marked = markNumbers(runners.map((x) => x.svg));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${background(r, width, height)}${order.map((i) => marked[i]!).join('')}</svg>`;
  // Partly hidden, by anything drawn over the number (an arm, a nearer runner): from the drawing.
  const inSight = await numbersInSight(svg, runners.length);
  let image = sharp(Buffer.from(svg), { limitInputPixels: false });
  const blur = r.next();
  const photoKinds: BibKind[] = [];
  if (blur < 0.15) {
    // A horizontal streak: the middle row of an odd-sized kernel (sharp wants 3x3 and up).
    const len = 2 * r.int(3, 8) + 1;
    const kernel = [
      ...new Array(len).fill(0),
      ...new Array(len).fill(1),
      ...new Array(len).fill(0),
    ];
    image = sharp(await image.png().toBuffer()).convolve({ width: len, height: 3, kernel });
    photoKinds.push('motion-blur');
  } else if (blur < 0.28) {
    image = sharp(await image.png().toBuffer()).blur(r.range(1.5, 3.2));
    photoKinds.push('focus-blur');
  }
  const jpeg = await image.jpeg({ quality: r.int(70, 92) }).toBuffer();
  // A bib less than a third inside the photo is not on it (nobody could read it).
  const onPhoto = runners.filter((x) => x.inside >= 1 / 3);
  const bibs = onPhoto.map((x) => {
    const shown = inSight[runners.indexOf(x)]!;
    const kinds: BibKind[] = [...x.bib.kinds, ...photoKinds];
    if (shown < OCCLUDED_BELOW) kinds.push('occluded');
    if (shown < HIDDEN_BELOW) kinds.push('hidden');
    return { ...x.bib, inSight: shown, kinds: kinds.length ? kinds : ['plain' as const] };
  });
  return { seed, width, height, bibs, decoys: onPhoto.flatMap((x) => x.decoys), jpeg };
}
