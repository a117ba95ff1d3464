import { checkBibSearch, checkNameSearch } from '@eventsite/contract/search';

export type SearchKind = 'bib' | 'name';

/** A search of the gallery: `?bib=1234` or `?name=maria`. */
export type GallerySearch = { kind: 'bib'; value: string } | { kind: 'name'; value: string };

export interface SearchFlags {
  bib_search: boolean;
  name_search: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?photo=` when it is a uuid (lower-cased), otherwise null: a bad one just opens the gallery. */
export function deepLinkPhoto(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return UUID.test(v) ? v.toLowerCase() : null;
}

type ParamSource = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function param(source: ParamSource, name: string): string | null {
  if (typeof (source as URLSearchParams).get === 'function') return (source as URLSearchParams).get(name);
  const v = (source as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}

/**
 * The search a URL asks for, when the event offers that search and the value is valid
 * (the contract's zod-free rules, `@eventsite/contract/search`, which photoSearchQuery follows). A bib wins over a name when both are given.
 */
export function searchFromParams(source: ParamSource, flags: SearchFlags): GallerySearch | null {
  const bib = param(source, 'bib');
  if (bib !== null && flags.bib_search) {
    const checked = checkBibSearch(bib);
    if (checked.ok) return { kind: 'bib', value: checked.value.toUpperCase() };
  }
  const name = param(source, 'name');
  if (name !== null && flags.name_search) {
    const checked = checkNameSearch(name);
    if (checked.ok) return { kind: 'name', value: checked.value.replace(/\s+/g, ' ') };
  }
  return null;
}

/** What the visitor typed, checked before any request: the error message to show, or the search. */
export function validateSearch(kind: SearchKind, input: string): { ok: true; search: GallerySearch } | { ok: false; error: string } {
  const value = input.trim();
  if (value === '') return { ok: false, error: kind === 'bib' ? 'Enter a bib number' : 'Enter a name' };
  const checked = kind === 'bib' ? checkBibSearch(value) : checkNameSearch(value);
  if (!checked.ok) return { ok: false, error: checked.message };
  if (kind === 'bib') return { ok: true, search: { kind, value: checked.value.toUpperCase() } };
  return { ok: true, search: { kind, value: checked.value.replace(/\s+/g, ' ') } };
}

/**
 * The gallery URL's query for a search and an open photo: `?bib=1234&photo=uuid`; `extra` adds
 * what else the view is (`favourites=1`, `picks=...`).
 */
export function galleryQuery(search: GallerySearch | null, photo: string | null = null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  if (search) params.set(search.kind, search.value);
  if (photo) params.set('photo', photo);
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function sameSearch(a: GallerySearch | null, b: GallerySearch | null): boolean {
  return a === b || (a !== null && b !== null && a.kind === b.kind && a.value === b.value);
}

/** The listing's query parameters for a search. */
export function searchParamsFor(search: GallerySearch | null): Record<string, string> {
  return search ? { [search.kind]: search.value } : {};
}

export function noResultsText(search: GallerySearch): string {
  return search.kind === 'bib' ? `No photos found for bib ${search.value}` : `No photos found for "${search.value}"`;
}

export function resultsText(search: GallerySearch, total: number): string {
  const n = `${total.toLocaleString('en-US')} ${total === 1 ? 'photo' : 'photos'}`;
  return search.kind === 'bib' ? `${n} of bib ${search.value}` : `${n} matching "${search.value}"`;
}
