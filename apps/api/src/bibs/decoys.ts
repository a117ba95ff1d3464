/**
 * Numbers printed on a bib that are not its number: start times, distances, phone numbers and
 * the words around corral or wave numbers. They are told apart by how they are written, before
 * the separators that would hide it are dropped ("07:45" becomes 0745 without its colon).
 * Years are not among them: a bib can be 2026, and the year is told apart by its size
 * (`isSmallPrint`).
 */

/**
 * A time of day, a duration or a clock: digits and a colon ("07:45", "8:30", "1:02:03", and as
 * read off a banner or a race clock, "10:" or "10:4"). No bib prints a colon.
 */
const TIME = /[0-9]\s*[:;]/;
/** A decimal: a dot or comma and one or two digits at the end ("21.1", "42,2", "07.45"). */
const DECIMAL = /[0-9][.,][0-9]{1,2}$/;
/** A distance: a number with its unit ("21K", "10 KM", "5M", "26.2MI") or the unit first ("KM 35"). */
const DISTANCE_AFTER = /[0-9]\s*(?:K|KM|M|MI|MILE|MILES)$/i;
const DISTANCE_BEFORE = /^(?:KM|MI|MILE)\s*[0-9]/i;
/** A word: three letters in a row ("BIB 2026", "CORRAL 2", "WAVE 3", "HALF 21K"); a bib's prefix has at most two. */
const WORD = /[A-Za-z]{3,}/;
/** Three O's are a misread 000, not a word. */
const ZEROS = /^[Oo0]+$/;
/** A phone number, or several numbers on one line: more digits than any bib has. */
export const PHONE_DIGITS = 8;

export type DecoyKind = 'time' | 'distance' | 'word' | 'phone';

/** Which kind of decoy a recognised line is, or null when it may be a bib number. */
export function decoyKind(text: string): DecoyKind | null {
  const line = text.normalize('NFKC').trim();
  if (TIME.test(line)) return 'time';
  if (DECIMAL.test(line) || DISTANCE_AFTER.test(line) || DISTANCE_BEFORE.test(line))
    return 'distance';
  const words = line.match(new RegExp(WORD, 'g')) ?? [];
  if (words.some((w) => !ZEROS.test(w))) return 'word';
  if ((line.match(/[0-9]/g) ?? []).length >= PHONE_DIGITS) return 'phone';
  return null;
}
