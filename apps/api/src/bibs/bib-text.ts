/**
 * From a recognised text line to a bib number: strip what printers and OCR put between
 * digits, repair letter/digit confusions when the line is clearly a number, and check the
 * event's bib format. Bibs come out canonical (`canonicalBib`: no leading zeros, upper case),
 * the form results files and visitors' queries are stored and searched in.
 */
import { canonicalBib } from '../results/bib-query.js';

/** Digits only, 1 to 6 of them: the demo prints 3–5, real races 1–5, relays and ultras up to 6. */
export const DEFAULT_BIB_PATTERN = /^[0-9]{1,6}$/;
/** For events whose bibs carry a letter prefix or suffix (wave, relay leg): "A123", "123B". */
export const LETTERED_BIB_PATTERN = /^[A-Z]{0,2}[0-9]{1,6}[A-Z]?$/;

/** Characters a print or a recogniser puts between digits without meaning anything: "12 345", "12.345", "12·345". */
const SEPARATORS = /[\s.,·•'’`_\-–—:]/g;

/** Letters OCR returns for digits in bib fonts. */
const CONFUSIONS: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  // A 0 with its bottom or top hidden (arm, pin, fold) reads as U or u.
  U: '0',
  u: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
};

export interface NormalisedBib {
  bib: string;
  /** How many letters were read as digits. */
  repairs: number;
}

/**
 * Normalises a recognised line to a bib candidate, or null when it cannot be one.
 *
 * Confusable letters become digits only when the line is already mostly digits (at least two
 * real digits and more digits than letters), so "SOS", "BIB" or "2026 BIB" never turn into numbers.
 */
export function normaliseBibText(
  text: string,
  pattern: RegExp = DEFAULT_BIB_PATTERN,
): NormalisedBib | null {
  const stripped = text.normalize('NFKC').replace(SEPARATORS, '');
  if (stripped === '' || stripped.length > 12) return null;
  if (pattern.test(stripped)) return { bib: canonicalBib(stripped), repairs: 0 };
  const upper = stripped.toUpperCase();
  if (upper !== stripped && pattern.test(upper)) return { bib: canonicalBib(upper), repairs: 0 };

  const digits = [...stripped].filter((c) => c >= '0' && c <= '9').length;
  const others = stripped.length - digits;
  if (digits < 2 || others >= digits) return null;
  let repairs = 0;
  let out = '';
  for (const c of stripped) {
    if (c >= '0' && c <= '9') {
      out += c;
      continue;
    }
    const mapped = CONFUSIONS[c];
    if (mapped === undefined) return null;
    out += mapped;
    repairs++;
  }
  return pattern.test(out) ? { bib: canonicalBib(out), repairs } : null;
}
