/**
 * What a visitor types in the bib box, and a bib cell of a results file, to one canonical
 * form: ASCII digits (full-width digits from phone keyboards become ASCII), upper-case letter
 * prefixes where the event uses them, and no leading zeros ("007" is bib 7, as OCR readings
 * are stored).
 */

/** Longer than any bib printed: a relay of a 100,000-runner race still fits. */
export const MAX_BIB_LENGTH = 8;

export interface BibQueryOptions {
  /** The event's bibs carry letters ("A123"); default false. */
  allowLetters?: boolean;
}

export type BibQueryResult = { ok: true; bib: string } | { ok: false; error: string };

export function parseBibQuery(input: unknown, options: BibQueryOptions = {}): BibQueryResult {
  if (typeof input !== 'string') return { ok: false, error: 'Enter a bib number.' };
  const value = input.normalize('NFKC').trim();
  if (value === '') return { ok: false, error: 'Enter a bib number.' };
  if (value.length > 64)
    return { ok: false, error: `A bib number has at most ${MAX_BIB_LENGTH} characters.` };
  if (/\s/.test(value)) return { ok: false, error: 'Enter the bib number without spaces.' };
  const pattern = options.allowLetters ? /^[A-Za-z0-9]+$/ : /^[0-9]+$/;
  if (!pattern.test(value)) {
    return {
      ok: false,
      error: options.allowLetters
        ? 'A bib number has only letters and digits.'
        : 'A bib number has only digits.',
    };
  }
  if (value.length > MAX_BIB_LENGTH)
    return { ok: false, error: `A bib number has at most ${MAX_BIB_LENGTH} characters.` };
  const bib = canonicalBib(value);
  if (!/[0-9]/.test(bib)) return { ok: false, error: 'A bib number has digits.' };
  return { ok: true, bib };
}

/**
 * A bib as a visitor or an operator types it, or a results file prints it, in the stored form:
 * "F-123", "f 123" and "F123" are all F123 (a prefix is printed with or without a space or
 * hyphen), "007" is 7.
 */
export function typedBib(value: string): string {
  return canonicalBib(
    value
      .normalize('NFKC')
      .trim()
      .replace(/[\s\-–—]/g, ''),
  );
}

/** Upper case, and leading zeros dropped from the digits ("007" → "7", "A007" → "A7"). */
export function canonicalBib(value: string): string {
  return value.toUpperCase().replace(/^([A-Z]*)0+(?=[0-9])/, '$1');
}
