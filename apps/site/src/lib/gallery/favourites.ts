import type { PhotoListItem } from '@eventsite/contract';

/**
 * Favourites without an account: a list per event kept on the visitor's device (localStorage),
 * holding what the grid needs to show each photo without asking the API (the event may be a
 * private gallery, whose unfiltered listing is refused); and the share link of a selection,
 * `?picks=`, which another device opens by asking the API for those photos.
 */

/** Most favourites kept per event: a list, not a second gallery (and well within localStorage). */
export const MAX_FAVOURITES = 500;
/** Most photos one share link holds: its URL stays short enough for any chat app (~2.3 kB). */
export const MAX_PICKS = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_SIDE = 1_000_000;
const MAX_PLACEHOLDER = 200;
const MAX_DATE = 40;

/** The storage key of an event's favourites. */
export const favouritesKey = (eventId: number) => `eventsite:favourites:${eventId}`;

function photoOf(value: unknown): PhotoListItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const uuid = typeof v.uuid === 'string' ? v.uuid.toLowerCase() : '';
  if (!UUID.test(uuid)) return null;
  const side = (n: unknown) =>
    typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_SIDE ? n : null;
  const width = side(v.width);
  const height = side(v.height);
  if (width === null || height === null) return null;
  const placeholder =
    typeof v.placeholder === 'string' && v.placeholder.length <= MAX_PLACEHOLDER
      ? v.placeholder
      : null;
  const captured =
    typeof v.captured_at === 'string' &&
    v.captured_at.length <= MAX_DATE &&
    !Number.isNaN(Date.parse(v.captured_at))
      ? v.captured_at
      : null;
  return { uuid, width, height, placeholder, captured_at: captured };
}

/**
 * The favourites stored as `raw` (null: none). Whatever else is there (another version's shape,
 * a hand-edited value, junk) is dropped item by item, never thrown: at worst the list is empty.
 * Repeated photos count once; past MAX_FAVOURITES the rest is left out.
 */
export function parseFavourites(raw: string | null): PhotoListItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  const items = Array.isArray(value)
    ? value
    : typeof value === 'object' &&
        value !== null &&
        Array.isArray((value as { photos?: unknown }).photos)
      ? (value as { photos: unknown[] }).photos
      : [];
  const out: PhotoListItem[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (out.length >= MAX_FAVOURITES) break;
    const photo = photoOf(item);
    if (!photo || seen.has(photo.uuid)) continue;
    seen.add(photo.uuid);
    out.push(photo);
  }
  return out;
}

/** The stored form of a list (only the fields the grid needs, nothing of the visitor). */
export function serializeFavourites(photos: readonly PhotoListItem[]): string {
  return JSON.stringify({
    v: 1,
    photos: photos
      .slice(0, MAX_FAVOURITES)
      .map((p) => ({
        uuid: p.uuid,
        width: p.width,
        height: p.height,
        placeholder: p.placeholder,
        captured_at: p.captured_at,
      })),
  });
}

export type ToggleResult = { list: PhotoListItem[]; change: 'added' | 'removed' | 'full' };

/** Hearts or un-hearts a photo; a full list takes no more (it says so rather than drop an old one). */
export function toggleFavourite(
  list: readonly PhotoListItem[],
  photo: PhotoListItem,
): ToggleResult {
  const uuid = photo.uuid.toLowerCase();
  if (list.some((p) => p.uuid === uuid))
    return { list: list.filter((p) => p.uuid !== uuid), change: 'removed' };
  if (list.length >= MAX_FAVOURITES) return { list: [...list], change: 'full' };
  const clean = photoOf(photo);
  if (!clean) return { list: [...list], change: 'full' };
  return { list: [...list, clean], change: 'added' };
}

/** Adds photos not there yet, up to the cap; how many were added. */
export function addFavourites(
  list: readonly PhotoListItem[],
  photos: readonly PhotoListItem[],
): { list: PhotoListItem[]; added: number } {
  const out = [...list];
  const seen = new Set(out.map((p) => p.uuid));
  let added = 0;
  for (const p of photos) {
    if (out.length >= MAX_FAVOURITES) break;
    const clean = photoOf(p);
    if (!clean || seen.has(clean.uuid)) continue;
    seen.add(clean.uuid);
    out.push(clean);
    added += 1;
  }
  return { list: out, added };
}

/* ---------- Share links: ?picks= ---------- */

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const PICK = /^[A-Za-z0-9_-]{21}[AQgw]$/;

/** A uuid as 22 characters of base64url (its 16 bytes): a link of 100 photos is ~2.3 kB. */
export function encodeUuid(uuid: string): string {
  const hex = uuid.replace(/-/g, '').toLowerCase();
  let bits = '';
  for (const h of hex) bits += parseInt(h, 16).toString(2).padStart(4, '0');
  bits += '0000'; // 128 bits to 132: 22 six-bit characters
  let out = '';
  for (let i = 0; i < bits.length; i += 6) out += B64URL[parseInt(bits.slice(i, i + 6), 2)];
  return out;
}

/** The uuid of 22 base64url characters, or null when they are not one. */
export function decodeUuid(code: string): string | null {
  if (!PICK.test(code)) return null;
  let bits = '';
  for (const c of code) bits += B64URL.indexOf(c).toString(2).padStart(6, '0');
  let hex = '';
  for (let i = 0; i < 128; i += 4) hex += parseInt(bits.slice(i, i + 4), 2).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `?picks=` of these photos: the first MAX_PICKS, each 22 characters, joined by dots. */
export function encodePicks(uuids: readonly string[]): string {
  return uuids
    .filter((u) => UUID.test(u.toLowerCase()))
    .slice(0, MAX_PICKS)
    .map(encodeUuid)
    .join('.');
}

/**
 * The photo ids of a `?picks=` value: each part 22 base64url characters (or a plain uuid, as a
 * person might paste one); anything else is skipped; repeated ones count once; at most MAX_PICKS.
 * A hostile value costs no more than reading its first parts.
 */
export function decodePicks(value: string | null | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  // Never more parts than a full link could hold (and some slack for junk among them).
  for (const part of value.slice(0, MAX_PICKS * 40).split(/[.,]/, MAX_PICKS * 2)) {
    if (out.length >= MAX_PICKS) break;
    const p = part.trim();
    const uuid = UUID.test(p.toLowerCase()) ? p.toLowerCase() : decodeUuid(p);
    if (!uuid || seen.has(uuid)) continue;
    seen.add(uuid);
    out.push(uuid);
  }
  return out;
}

/** What the gallery's URL asks to show instead of a listing: the visitor's favourites, or a shared selection. */
export type Collection = { kind: 'favourites' } | { kind: 'picks'; ids: string[] };

/** `?favourites=1` or `?picks=...` (picks win: it is a link someone was given). */
export function collectionFromParams(params: {
  get(name: string): string | null;
}): Collection | null {
  const picks = params.get('picks');
  if (picks !== null) return { kind: 'picks', ids: decodePicks(picks) };
  if (params.get('favourites') === '1') return { kind: 'favourites' };
  return null;
}

/** The URL query parameters of a collection (kept while the viewer moves through it). */
export function collectionParams(collection: Collection | null): Record<string, string> {
  if (!collection) return {};
  return collection.kind === 'favourites'
    ? { favourites: '1' }
    : { picks: encodePicks(collection.ids) };
}
