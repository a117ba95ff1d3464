/**
 * From a recognised text line to a bib number: strip what printers and OCR put between
 * digits, keep a letter prefix or suffix that is printed as one ("A1234", "F-123", "1234B"),
 * repair letter/digit confusions when the line is clearly a number, and check the event's bib
 * format. Bibs come out canonical (`canonicalBib`: no leading zeros, upper case, no
 * separators), the form results files and visitors' queries are stored and searched in.
 */
import { canonicalBib, typedBib } from '../results/bib-query.js';
import type { DecodedChar } from './ctc.js';
import { decoyKind } from './decoys.js';

/** Digits only, 1 to 6 of them: the demo prints 3–5, real races 1–5, relays and ultras up to 6. */
export const DIGITS_BIB_PATTERN = /^[0-9]{1,6}$/;
/** 1–6 digits with a prefix of one or two letters (wave, category: "A123", "F123") or a one-letter suffix ("123B"). */
export const LETTERED_BIB_PATTERN = /^[A-Z]{0,2}[0-9]{1,6}[A-Z]?$/;
/** Real races print both, so the reader keeps a printed letter unless the event says digits only. */
export const DEFAULT_BIB_PATTERN = LETTERED_BIB_PATTERN;

/** Characters a print or a recogniser puts between digits without meaning anything: "12 345", "12.345", "12·345". */
const SEPARATORS = /[\s.,·•'’`_\-–—:]/g;
/** What may stand between a prefix and its number on the bib: "F-123", "M 56". */
const AFFIX_SEPARATOR = /^[\s\-–—.·]+$/;

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

/**
 * Letters that are always read as the digit when they stand next to digits: a race does not
 * print O, I or U as a prefix or suffix (they would be taken for 0, 1 and 0 by runners too).
 * Other confusable capitals (B, S, Z) are printed as prefixes and suffixes, and are kept when
 * the recogniser saw a letter and not the digit (`digitProb`).
 */
const NEVER_AFFIX = new Set(['O', 'U', 'I', 'l', 'i', '|', 'o', 'u', 's']);
/**
 * A confusable letter (B, S, Z) joined to the digits is kept as a letter only when the
 * recogniser gave its digit (8, 5, 2) at most this probability at that place.
 */
export const KEEP_LETTER_MAX_DIGIT_PROB = 0.2;

export interface NormalisedBib {
  bib: string;
  /** How many letters were read as digits. */
  repairs: number;
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';

/**
 * Normalises a recognised line to a bib candidate, or null when it cannot be one.
 *
 * - Decoys are not bibs (`decoyKind`): times ("07:45"), distances ("21K", "42.2"), words
 *   ("BIB 2026", "CORRAL 2"), phone numbers (8+ digits).
 * - A prefix of one or two letters before the digits, or one letter after them, is kept
 *   ("F-123" → F123, "1234B") when it is clearly a letter: set apart by a space or hyphen, a
 *   letter no digit looks like (A, F, M, X …), or a B/S/Z the recogniser did not take for a
 *   digit (`chars`, when given: the probability of the digit at that place). O, I and U are
 *   always digits.
 * - Otherwise confusable letters become digits only when the line is already mostly digits
 *   (at least two real digits and more digits than letters), so "SOS" or "BIB" never turn
 *   into numbers.
 */
export function normaliseBibText(
  text: string,
  pattern: RegExp = DEFAULT_BIB_PATTERN,
  chars?: readonly DecodedChar[],
): NormalisedBib | null {
  const line = text.normalize('NFKC').trim();
  if (line === '' || decoyKind(line) !== null) return null;
  const stripped = line.replace(SEPARATORS, '');
  if (stripped === '' || stripped.length > 12) return null;
  const lettered = withAffixes(line, chars);
  if (lettered !== null && pattern.test(lettered))
    return { bib: canonicalBib(lettered), repairs: 0 };
  if (/^[0-9]+$/.test(stripped) && pattern.test(stripped))
    return { bib: canonicalBib(stripped), repairs: 0 };
  return repaired(stripped, pattern);
}

/**
 * The line as a lettered bib ("F123", "1234B") when it is digits with a prefix of one or two
 * letters or a suffix of one that are clearly printed letters; null otherwise.
 */
function withAffixes(line: string, chars: readonly DecodedChar[] | undefined): string | null {
  const at = chars && chars.map((c) => c.char).join('') === line ? chars : undefined;
  const prefix = /^([A-Za-z]{1,2})([^A-Za-z0-9]*)([0-9][0-9\s.,·'’]*)$/.exec(line);
  if (prefix) {
    const [, letters = '', gap = '', digits = ''] = prefix;
    if (gap !== '' && !AFFIX_SEPARATOR.test(gap)) return null;
    const count = digits.replace(SEPARATORS, '').length;
    const clear = [...letters].every((c, i) => clearLetter(c, at?.[i], gap !== '', count));
    return clear ? letters.toUpperCase() + digits.replace(SEPARATORS, '') : null;
  }
  const suffix = /^([0-9][0-9\s.,·'’]*?)([^A-Za-z0-9]*)([A-Za-z])$/.exec(line);
  if (suffix) {
    const [, digits = '', gap = '', letter = ''] = suffix;
    if (gap !== '' && !AFFIX_SEPARATOR.test(gap)) return null;
    const count = digits.replace(SEPARATORS, '').length;
    return clearLetter(letter, at?.[line.length - 1], gap !== '', count)
      ? digits.replace(SEPARATORS, '') + letter.toUpperCase()
      : null;
  }
  return null;
}

/** A letter beside the digits that is printed as a letter, not a misread digit. */
function clearLetter(
  c: string,
  read: DecodedChar | undefined,
  setApart: boolean,
  digits: number,
): boolean {
  if (NEVER_AFFIX.has(c)) return false;
  if (CONFUSIONS[c] === undefined || setApart) return true;
  // B, S, Z joined to the digits: a letter when the recogniser saw no digit there; without its
  // reading, only beside a number of two digits or more ("S1" is no bib).
  if (read !== undefined) return read.digitProb <= KEEP_LETTER_MAX_DIGIT_PROB;
  return digits >= 2;
}

function repaired(stripped: string, pattern: RegExp): NormalisedBib | null {
  const digits = [...stripped].filter(isDigit).length;
  const others = stripped.length - digits;
  if (digits < 2 || others >= digits) return null;
  let repairs = 0;
  let out = '';
  for (const c of stripped) {
    if (isDigit(c)) {
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

export { typedBib };

/** The lettered bibs whose number is indexed apart: a prefix of one or two letters, or a one-letter suffix. */
const LETTERED = /^[A-Z]{1,2}[0-9]+$|^[0-9]+[A-Z]$/;

/**
 * The number of a lettered bib, as a visitor who leaves the letters out types it: "F123" →
 * "123", "1234B" → "1234"; null for a bib of digits only (nothing to add) or of another shape.
 * Migration 0007 applies the same rule to the rows stored before it.
 */
export function bibNumberPart(bib: string): string | null {
  const canonical = canonicalBib(bib);
  if (!LETTERED.test(canonical)) return null;
  return canonicalBib(canonical.replace(/[A-Z]/g, ''));
}
