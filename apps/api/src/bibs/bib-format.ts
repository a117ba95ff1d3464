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

/** Upper case, letters and digits only: "10 K" and "10k" are the same word. */
const compact = (text: string): string => text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

export function bibFormatRules(format: BibFormat): BibFormatRules {
  const range = format.range;
  const ignored = new Set(format.ignore.map(compact).filter((w) => w.length > 0));
  /** A normalised reading's number: its digits, letters aside ("A1234" → "1234"). */
  const digitsOf = (bib: string): string => bib.replace(/[^0-9]/g, '');
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
