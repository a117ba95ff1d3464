/**
 * Name search over an event's results: "jose gar" finds "José García López". Tolerant of
 * case, accents, punctuation and word order; every word typed must start a word of the name.
 * Ranked: the exact full name, then names having every typed word whole, then prefixes; within
 * those, names typed in their own order first, then shorter names.
 *
 * The index is a sorted array of (name word, row) pairs: the words starting with a prefix are
 * one contiguous range, found by binary search, so a search costs a few range scans even for
 * 15,000 runners (about 45,000 words).
 */

export const MAX_NAME_QUERY_LENGTH = 100;
export const MAX_NAME_QUERY_WORDS = 6;
export const DEFAULT_NAME_LIMIT = 20;

/** Letters that NFKD does not split into base letter + accent. */
const FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * Lower case, accents stripped (NFKD), apostrophes dropped ("O'Brien" → "obrien"), other
 * punctuation a word break ("García-López" → "garcia lopez"), whitespace collapsed.
 */
export function normaliseName(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLDS[c] ?? c)
    .replace(/['’ʼ`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface NamedRow {
  bib: string;
  name: string;
}

export type NameMatchKind = 'exact' | 'words' | 'prefix';

export interface NameMatch<R extends NamedRow = NamedRow> {
  row: R;
  /** exact: the whole name; words: every word typed is a whole word of the name; prefix: words start name words. */
  kind: NameMatchKind;
}

export type NameSearchResult<R extends NamedRow = NamedRow> =
  { ok: true; matches: NameMatch<R>[]; total: number } | { ok: false; error: string };

export type NameQuery = { ok: true; words: string[] } | { ok: false; error: string };

export function parseNameQuery(input: unknown): NameQuery {
  if (typeof input !== 'string') return { ok: false, error: 'Enter a name.' };
  if (input.length > MAX_NAME_QUERY_LENGTH)
    return { ok: false, error: `A name search has at most ${MAX_NAME_QUERY_LENGTH} characters.` };
  const words = normaliseName(input)
    .split(' ')
    .filter((w) => w !== '');
  if (words.length === 0) return { ok: false, error: 'Enter a name.' };
  if (words.length > MAX_NAME_QUERY_WORDS)
    return { ok: false, error: `Enter at most ${MAX_NAME_QUERY_WORDS} words of the name.` };
  if (words.join('').length < 2)
    return { ok: false, error: 'Enter at least two letters of the name.' };
  return { ok: true, words };
}

export interface NameIndex<R extends NamedRow = NamedRow> {
  search(query: unknown, limit?: number): NameSearchResult<R>;
  readonly size: number;
}

const RANK: Readonly<Record<NameMatchKind, number>> = { exact: 0, words: 1, prefix: 2 };

export function buildNameIndex<R extends NamedRow>(rows: readonly R[]): NameIndex<R> {
  const normalised = rows.map((row) => normaliseName(row.name));
  const wordsOf = normalised.map((n) => n.split(' ').filter((w) => w !== ''));
  const entries: { word: string; row: number }[] = [];
  wordsOf.forEach((words, row) => {
    for (const word of new Set(words)) entries.push({ word, row });
  });
  entries.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : a.row - b.row));
  const words = entries.map((e) => e.word);

  /** Rows having a word that starts with `prefix`. */
  const rowsWithPrefix = (prefix: string): Set<number> => {
    const found = new Set<number>();
    for (let i = lowerBound(words, prefix); i < words.length && words[i]!.startsWith(prefix); i++)
      found.add(entries[i]!.row);
    return found;
  };

  return {
    size: rows.length,
    search(query: unknown, limit = DEFAULT_NAME_LIMIT): NameSearchResult<R> {
      const parsed = parseNameQuery(query);
      if (!parsed.ok) return parsed;
      const sets = [...new Set(parsed.words)].map(rowsWithPrefix).sort((a, b) => a.size - b.size);
      const [smallest, ...others] = sets;
      const hits = [...(smallest ?? [])].filter((row) => others.every((s) => s.has(row)));
      const full = parsed.words.join(' ');
      const matches = hits.map((row) => {
        const nameWords = wordsOf[row]!;
        const kind: NameMatchKind =
          normalised[row] === full
            ? 'exact'
            : parsed.words.every((w) => nameWords.includes(w))
              ? 'words'
              : 'prefix';
        // Typed in the name's own order from its first word ("jose gar" for José García): closer.
        const ordered = parsed.words.every((w, i) => nameWords[i]?.startsWith(w) ?? false) ? 0 : 1;
        return { row: rows[row]!, kind, ordered, length: nameWords.length, key: normalised[row]! };
      });
      matches.sort(
        (a, b) =>
          RANK[a.kind] - RANK[b.kind] ||
          a.ordered - b.ordered ||
          a.length - b.length ||
          (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
          compareBibs(a.row.bib, b.row.bib),
      );
      const capped = Math.max(1, Math.min(limit, 500));
      return {
        ok: true,
        total: matches.length,
        matches: matches.slice(0, capped).map(({ row, kind }) => ({ row, kind })),
      };
    },
  };
}

/** One-off search without keeping an index. */
export function matchNames<R extends NamedRow>(
  query: unknown,
  rows: readonly R[],
  limit?: number,
): NameSearchResult<R> {
  return buildNameIndex(rows).search(query, limit);
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function compareBibs(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
