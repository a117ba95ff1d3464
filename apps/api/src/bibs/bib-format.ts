/**
 * An event's bib format (`bib_config.format`) as the reader applies it: which readings can be a
 * bib of this event, which printed words never are, and when a reading is surely whole.
 */
import type { BibFormat } from '@eventsite/contract';
import { DIGITS_BIB_PATTERN, LETTERED_BIB_PATTERN } from './bib-text.js';

/** The patterns a reading must match, by the letters the event prints (`BIB_LETTERS`). */
const PATTERNS: Readonly<Record<BibFormat['letters'], RegExp>> = {
  none: DIGITS_BIB_PATTERN,
  prefix: /^[A-Z]{0,2}[0-9]{1,6}$/,
  suffix: /^[0-9]{1,6}[A-Z]?$/,
  any: LETTERED_BIB_PATTERN,
};

export interface BibFormatRules {
  /** What a reading must look like once normalised. */
  pattern: RegExp;
  /** Whether a normalised reading's number lies in the event's range (always, without one). */
  allows(bib: string): boolean;
  /** Whether a printed line is one of the words the event's bibs carry that are never bibs. */
  ignores(text: string): boolean;
  /**
   * Whether a reading has as many digits as every bib of the event (the range's two ends have
   * the same number of digits): then it is the whole number, even where an arm or another
   * runner touches its end, and a part of a number can never have that many.
   */
  isWhole(bib: string): boolean;
}

/**
 * A digit count under this share of the event's confident readings is rare there: a reading with
 * it is more likely a part of a bib (the "47" of a bib whose last digits turn away), a clock or
 * a sign than a bib. Events number their bibs in blocks (1–2500, 1000–4999): the lengths their
 * bibs have are each a good share of them, and a shorter or longer number is out of place.
 */
export const USUAL_LENGTH_MIN_SHARE = 0.05;

/**
 * The digit counts an event's bibs have, learnt from its confident readings so far (digit count
 * → readings): each count with at least `USUAL_LENGTH_MIN_SHARE` of them, or null while they are
 * too few to judge (`USUAL_DIGITS_MIN_READINGS`).
 */
export function usualDigitLengths(readings: ReadonlyMap<number, number>): number[] | null {
  let total = 0;
  for (const [digits, count] of readings) if (digits > 0) total += count;
  if (total < USUAL_DIGITS_MIN_READINGS) return null;
  return [...readings]
    .filter(([digits, count]) => digits > 0 && count / total >= USUAL_LENGTH_MIN_SHARE)
    .map(([digits]) => digits)
    .sort((a, b) => a - b);
}

/** A normalised reading's number: its digits, letters aside ("A1234" → "1234"). */
export const digitsOf = (bib: string): string => bib.replace(/[^0-9]/g, '');

/** A reading counts towards its event's usual digit count from this confidence up. */
export const USUAL_DIGITS_MIN_CONFIDENCE = 0.9;
/** Confident readings an event needs before its usual digit count is trusted. */
export const USUAL_DIGITS_MIN_READINGS = 20;
/** The share of those readings one digit count must have. */
export const USUAL_DIGITS_MIN_SHARE = 0.95;

/**
 * The number of digits nearly every bib of the event has, learnt from its confident readings so
 * far (digit count → readings), or null while they are too few or too mixed. Most events number
 * their bibs in one block (1000–4999), so when 19 in 20 of its clear readings have 4 digits, a
 * 4-digit reading an arm touches is a whole bib, not part of a longer one, and a 3-digit one is
 * more likely part of a bib than a bib. An event numbered 1–2500 (or 1–9999, a tenth of its
 * bibs shorter) has no such count. For events whose organiser set no range: a range says more.
 */
export function usualDigitCount(readings: ReadonlyMap<number, number>): number | null {
  let total = 0;
  let commonest: [number, number] | null = null;
  for (const [digits, count] of readings) {
    total += count;
    if (digits > 0 && (!commonest || count > commonest[1])) commonest = [digits, count];
  }
  if (!commonest || total < USUAL_DIGITS_MIN_READINGS) return null;
  return commonest[1] / total >= USUAL_DIGITS_MIN_SHARE ? commonest[0] : null;
}

/** Upper case, letters and digits only: "10 K" and "10k" are the same word. */
const compact = (text: string): string => text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

export function bibFormatRules(format: BibFormat): BibFormatRules {
  const range = format.range;
  const ignored = new Set(format.ignore.map(compact).filter((w) => w.length > 0));
  const wholeDigits =
    range && String(range.from).length === String(range.to).length ? String(range.to).length : null;
  return {
    pattern: PATTERNS[format.letters],
    allows(bib) {
      if (!range) return true;
      const digits = digitsOf(bib);
      if (!digits) return false;
      const n = Number(digits);
      return n >= range.from && n <= range.to;
    },
    ignores: (text) => ignored.size > 0 && ignored.has(compact(text)),
    isWhole: (bib) => wholeDigits !== null && digitsOf(bib).length === wholeDigits,
  };
}
