import { BIB_PATTERN } from './constants.js';

/**
 * The rules of the gallery's searches (`?bib=`, `?name=`), without zod: the one source of truth
 * for `photoSearchQuery` (results.ts, which the API validates with) and for the browser's check of
 * what a visitor types (`@eventsite/contract/search`, which keeps zod out of the gallery's first
 * load). A test checks that both agree on valid and hostile inputs.
 */

/** Shortest and longest name search, in characters (code points, as zod counts them), trimmed. */
export const NAME_SEARCH_MIN = 2;
export const NAME_SEARCH_MAX = 80;

export const SEARCH_MESSAGES = {
  bib: 'A bib number is 1 to 10 letters or digits',
  nameTooShort: `Type at least ${NAME_SEARCH_MIN} letters of the name`,
  nameTooLong: `A name search is at most ${NAME_SEARCH_MAX} characters`,
} as const;

export type SearchCheck = { ok: true; value: string } | { ok: false; message: string };

/** A bib search: trimmed, then 1 to 10 letters or digits (BIB_PATTERN). */
export function checkBibSearch(input: string): SearchCheck {
  const value = input.trim();
  return BIB_PATTERN.test(value) ? { ok: true, value } : { ok: false, message: SEARCH_MESSAGES.bib };
}

/** A name search: trimmed, then NAME_SEARCH_MIN to NAME_SEARCH_MAX characters. */
export function checkNameSearch(input: string): SearchCheck {
  const value = input.trim();
  // Code points, not UTF-16 units: '🏃' is one character, as zod counts it.
  const length = Array.from(value).length;
  if (length < NAME_SEARCH_MIN) return { ok: false, message: SEARCH_MESSAGES.nameTooShort };
  if (length > NAME_SEARCH_MAX) return { ok: false, message: SEARCH_MESSAGES.nameTooLong };
  return { ok: true, value };
}
