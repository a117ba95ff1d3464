/** Bib numbers on a photo: OCR text lines, kept when they look like a bib and are printed like one. */
import type { BibFormat } from '@eventsite/contract';
import { bibFormatRules, digitsOf } from './bib-format.js';
import { DEFAULT_BIB_PATTERN, normaliseBibText } from './bib-text.js';
import type { Box } from './geometry.js';
import { isSmallPrint } from './layout.js';
import { isLit } from './print-ground.js';
import { sharedOcrEngine, type OcrEngine, type OcrTextLine } from './ocr-engine.js';

export interface BibDetection {
  bib: string;
  /** 0..1 */
  confidence: number;
  /** Where the number is, in the photo's pixels (after EXIF orientation). */
  box: Box;
  /**
   * Set when the reading was lowered as cut off (`CUT_OFF_PENALTY`): the side where its line
   * runs into something instead of ending on its paper, and the confidence it has as a whole
   * reading. A clear reading of the same bib on another photo of the event may confirm it
   * (`eventConfidence` in event-context.ts).
   */
  cutOff?: CutOff;
}

/** Where a number runs into something: an arm, another runner, the frame. */
export type CutSide = 'left' | 'right' | 'both';

/** A reading lowered as cut off: where its line runs into something, and its confidence as a whole bib. */
export interface CutOff {
  side: CutSide;
  wholeConfidence: number;
}

export interface ReadBibsOptions {
  /** Default: the process's shared engine. */
  engine?: OcrEngine;
  /** What a bib looks like after normalisation; default 1–6 digits (`DEFAULT_BIB_PATTERN`). */
  pattern?: RegExp;
  /**
   * The event's bibs from its race results. A reading in the set gains confidence (half its
   * doubt is removed); one outside it loses half its confidence, so at any usual threshold
   * only registered bibs remain, yet the reading is still there for an operator to review. A
   * cut-off reading that exactly one registered bib completes is reported as that bib
   * (`registeredCompletions`, `COMPLETION_FACTOR`).
   */
  registeredBibs?: ReadonlySet<string>;
  /** Readings below this are not reported at all; default 0.5. */
  minConfidence?: number;
  /**
   * The event's bib format (`bib_config.format`): readings outside its range, or that are one
   * of its words to ignore, are not bibs; its letters choose the pattern (unless `pattern` is
   * given); a reading with as many digits as every bib of the event is not taken for a cut-off
   * part of one (`bibFormatRules`).
   */
  format?: BibFormat | null;
  /**
   * The digit count nearly every bib of the event has, learnt from its readings so far
   * (`usualDigitCount`): a reading with that many digits is not taken for a cut-off part of a
   * longer bib, as with a format's range; a reading with another count is lowered as if cut off
   * (a part of a bib, two numbers read as one, or another printed number).
   */
  usualDigits?: number | null;
  /**
   * The digit counts the event's bibs have, learnt from its readings so far
   * (`usualDigitLengths`): a reading with another count is lowered as if cut off (a part of a
   * bib, a clock, a sign). A usual digit count (`usualDigits`), when known, is used instead.
   */
  usualLengths?: readonly number[] | null;
  /**
   * Where the photo's faces are (the face detector's boxes, in the photo's pixels). A bib is worn
   * on a chest, below a head: on a photo with faces, a number wholly above every face (a banner,
   * a clock, a sign over the course) is lowered like a cut-off reading (`reachesAHead`). No faces
   * (none found, or face detection off): no change.
   */
  faces?: readonly Box[] | null;
  /** Long side of the image the detector sees; default the engine's (960). */
  detectionSide?: number;
}

/** Rejects with `UnreadableImageError` when the bytes are not an image. */
export async function readBibs(
  image: Buffer,
  options: ReadBibsOptions = {},
): Promise<BibDetection[]> {
  const engine = options.engine ?? sharedOcrEngine();
  const lines = await engine.readText(image, {
    skipSmallPrint: true,
    ...(options.detectionSide ? { detectionSide: options.detectionSide } : {}),
  });
  return bibsFromLines(lines, options);
}

/** Each repaired letter ("O" read for "0") costs this share of confidence. */
const REPAIR_PENALTY = 0.9;
/**
 * A number whose line does not end on its background at both ends is likely cut off ("9505"
 * of 95056), or a whole reading of a bib an arm touches: the two look alike. Its confidence
 * drops to about 0.75, so the default threshold (0.8) excludes it and an operator who wants
 * more partly hidden bibs found, at some wrong ones, sets the threshold to 0.7.
 */
export const CUT_OFF_PENALTY = 0.75;

/**
 * The line does not end on its background at one end. With the registered bibs known, that
 * only counts when some registered bib continues the reading on that side: a cut-off reading
 * of a real bib always has one (the bib itself), while a whole reading an arm touches often
 * has none ("9930" when bibs run 1..15000).
 */
function looksCutOff(
  line: OcrTextLine,
  bib: string,
  registered: ReadonlySet<string> | undefined,
): boolean {
  if (line.ends.left && line.ends.right) return false;
  if (!registered) return true;
  for (const other of registered) {
    if (other.length <= bib.length) continue;
    if (!line.ends.right && other.startsWith(bib)) return true;
    if (!line.ends.left && other.endsWith(bib)) return true;
  }
  return false;
}

/**
 * A reading completed from the registered bibs ("9505" of a cut-off 95056, when 95056 is the
 * only registered bib that continues it) keeps this share of its registered confidence: about
 * 0.85 for a clear reading, above the default threshold (0.8) and below any whole reading.
 */
export const COMPLETION_FACTOR = 0.85;
/** A completion needs at least this many characters read: one digit is too little evidence. */
const COMPLETION_MIN_READ = 2;

/**
 * The registered bibs a cut-off reading may be part of: the reading plus one unread character
 * on a side where the line runs into something instead of ending on its paper ("9505" cut on
 * the right: 95050…95059; "656" cut on the left: 1656…9656). Only one character: a covered
 * digit is what the photos show (a bib more than 40 % hidden is not findable), and each more
 * unread character multiplies the registered bibs that would fit.
 */
export function registeredCompletions(
  bib: string,
  ends: OcrTextLine['ends'],
  registered: ReadonlySet<string>,
): string[] {
  if (bib.length < COMPLETION_MIN_READ || (ends.left && ends.right)) return [];
  const found: string[] = [];
  for (const other of registered) {
    if (other.length !== bib.length + 1) continue;
    if ((!ends.right && other.startsWith(bib)) || (!ends.left && other.endsWith(bib)))
      found.push(other);
  }
  return found;
}

/**
 * The pure half of `readBibs`: from text lines to bib detections. Confidence is the
 * recogniser's, times 0.9 per repaired letter, adjusted for registered bibs, then times 0.75 when
 * the number looks cut off (an arm or another runner hides its end, so the digits read may be
 * only part of the bib; with registered bibs, only when one of them continues the reading).
 *
 * With registered bibs, a cut-off reading that is not registered itself and that exactly one
 * registered bib completes with one more character on its cut side is reported as that bib, at
 * `COMPLETION_FACTOR` of the registered confidence ("9505" → 95056). When several registered
 * bibs would complete it, nothing is guessed.
 */
export function bibsFromLines(
  lines: readonly OcrTextLine[],
  options: Omit<ReadBibsOptions, 'engine' | 'detectionSide'> = {},
): BibDetection[] {
  const rules = options.format ? bibFormatRules(options.format) : undefined;
  const pattern = options.pattern ?? rules?.pattern ?? DEFAULT_BIB_PATTERN;
  const minConfidence = options.minConfidence ?? 0.5;
  const registered = options.registeredBibs;
  const usualDigits = options.usualDigits ?? null;
  // A usual digit count (19 in 20 readings) says more than the lengths each with one in twenty.
  const lengths = usualDigits !== null ? [usualDigits] : (options.usualLengths ?? null);
  const isWhole = (bib: string): boolean =>
    (rules?.isWhole(bib) ?? false) || digitsOf(bib).length === usualDigits;
  const best = new Map<string, BibDetection>();
  const keep = (detection: BibDetection): void => {
    if (detection.confidence < minConfidence) return;
    const seen = best.get(detection.bib);
    if (!seen || seen.confidence < detection.confidence) best.set(detection.bib, detection);
  };
  for (const line of lines) {
    if (rules?.ignores(line.text)) continue;
    const normalised = normaliseBibText(line.text, pattern, line.chars);
    if (!normalised || (rules && !rules.allows(normalised.bib))) continue;
    if (isSmallPrint(line, lines)) continue;
    const read = line.confidence * REPAIR_PENALTY ** normalised.repairs;
    let confidence = read;
    if (registered) {
      confidence = registered.has(normalised.bib) ? 1 - (1 - read) / 2 : read / 2;
      if (!registered.has(normalised.bib)) {
        const completions = registeredCompletions(normalised.bib, line.ends, registered);
        if (completions.length === 1)
          keep({
            bib: completions[0]!,
            confidence: (1 - (1 - read) / 2) * COMPLETION_FACTOR,
            box: line.box,
          });
      }
    }
    if (options.faces?.length && !reachesAHead(line.box, options.faces)) confidence *= CUT_OFF_PENALTY;
    // After the registered boost: a cut-off "1234" of 12345 is as registered as any bib when bibs run 1..N.
    if (!isWhole(normalised.bib) && looksCutOff(line, normalised.bib, registered)) {
      const side = line.ends.left ? 'right' : line.ends.right ? 'left' : 'both';
      keep({
        bib: normalised.bib,
        confidence: confidence * CUT_OFF_PENALTY,
        box: line.box,
        cutOff: { side, wholeConfidence: confidence },
      });
      continue;
    }
    // A length the event's bibs rarely have (in an event whose bibs nearly all have N digits,
    // any other) is more likely a part of a bib, a clock or a sign than a bib: lowered like a
    // cut-off reading, not dropped. So is a lone digit while the event's lengths are not known,
    // unless its bibs say it is whole: on real race photos it is a sign's ("2" on a cycle-path
    // sign), a label's ("1" of "S1") or a part of a bib far more often than a bib of one digit.
    const digits = digitsOf(normalised.bib).length;
    if (
      lengths
        ? !lengths.includes(digits)
        : digits === 1 && !isWhole(normalised.bib) && !registered?.has(normalised.bib)
    )
      confidence *= CUT_OFF_PENALTY;
    // A race clock: a time of day (H:MM:SS, its colons unread) lit on a dark panel.
    if (isLit(line.ground) && isClockTime(normalised.bib)) confidence *= CUT_OFF_PENALTY;
    keep({ bib: normalised.bib, confidence, box: line.box });
  }
  return [...best.values()].sort((a, b) => b.confidence - a.confidence);
}

/**
 * Whether a number reaches down past the top of some face: level with a head or below it, where a
 * runner's chest can be. A number wholly above every head found is not on a runner.
 */
export function reachesAHead(number: Box, faces: readonly Box[]): boolean {
  return faces.some((face) => face.y < number.y + number.height);
}

/**
 * Digits a race clock shows: hours, minutes and seconds with their colons unread ("1:49:58" read
 * as 14958). Four digits (MM:SS) are not taken: most four-digit bibs would look like one.
 */
export function isClockTime(bib: string): boolean {
  const m = /^([0-9]{1,2})([0-5][0-9])([0-5][0-9])$/.exec(bib);
  return !!m && Number(m[1]) < 24;
}
