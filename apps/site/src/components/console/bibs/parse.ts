import { BIB_PATTERN } from '@eventsite/contract/constants';

/** At most this many bibs on one photo (the API's limit). */
export const MAX_BIBS_PER_PHOTO = 50;

export type ParsedBibs =
  { ok: true; bibs: string[] } | { ok: false; bad: string[]; bibs: string[] };

/**
 * What was typed for a photo: numbers separated by spaces, commas or semicolons, each a bib
 * (`123`, `F123`); repeats once, in the order typed. The bad ones are named, so nothing typed
 * is lost.
 */
export function parseBibs(text: string): ParsedBibs {
  const tokens = text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter(Boolean);
  const bibs: string[] = [];
  const bad: string[] = [];
  for (const token of tokens) {
    const bib = token.toUpperCase();
    if (!BIB_PATTERN.test(bib)) bad.push(token);
    else if (!bibs.includes(bib)) bibs.push(bib);
  }
  return bad.length > 0 ? { ok: false, bad, bibs } : { ok: true, bibs };
}
