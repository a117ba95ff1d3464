import type { PhotoListItem } from '@eventsite/contract';
import { describe, expect, it } from 'vitest';
import {
  MAX_FAVOURITES,
  MAX_PICKS,
  addFavourites,
  collectionFromParams,
  decodePicks,
  decodeUuid,
  encodePicks,
  encodeUuid,
  favouritesKey,
  parseFavourites,
  serializeFavourites,
  toggleFavourite,
} from './favourites';
import { createFavouritesStore } from './favourites-store';

const uuidOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const photo = (n: number): PhotoListItem => ({
  uuid: uuidOf(n),
  width: 300 + n,
  height: 200,
  placeholder: 'abc',
  captured_at: '2025-05-10T08:00:00.000Z',
});

describe('stored favourites', () => {
  it('round-trips what the grid needs', () => {
    const list = [photo(1), photo(2)];
    expect(parseFavourites(serializeFavourites(list))).toEqual(list);
  });

  it('drops junk item by item and never throws', () => {
    for (const raw of [
      '',
      'null',
      '{',
      '42',
      '"x"',
      '{"photos":7}',
      '[null,1,"a"]',
      '{"v":1,"photos":{}}',
    ])
      expect(parseFavourites(raw), raw).toEqual([]);
    const mixed = JSON.stringify({
      photos: [
        photo(1),
        { ...photo(2), uuid: 'not-a-uuid' },
        { ...photo(3), width: -1 },
        { ...photo(4), height: 1.5 },
        { ...photo(5), width: '300' },
        { ...photo(6), placeholder: 'x'.repeat(5000), captured_at: 'yesterday' },
        { ...photo(1), uuid: uuidOf(1).toUpperCase() },
        { __proto__: { uuid: uuidOf(7) } },
      ],
    });
    expect(parseFavourites(mixed)).toEqual([
      photo(1),
      { ...photo(6), placeholder: null, captured_at: null },
    ]);
  });

  it(`keeps at most ${MAX_FAVOURITES}, and a full list says so instead of dropping one`, () => {
    const many = Array.from({ length: MAX_FAVOURITES + 20 }, (_, i) => photo(i + 1));
    expect(parseFavourites(JSON.stringify(many))).toHaveLength(MAX_FAVOURITES);
    const full = many.slice(0, MAX_FAVOURITES);
    const r = toggleFavourite(full, photo(9999));
    expect(r.change).toBe('full');
    expect(r.list).toEqual(full);
    // Taking one out still works on a full list.
    expect(toggleFavourite(full, photo(3)).list).toHaveLength(MAX_FAVOURITES - 1);
    expect(
      addFavourites(full.slice(0, MAX_FAVOURITES - 2), [photo(9998), photo(9999), photo(9997)])
        .added,
    ).toBe(2);
  });

  it('toggles a photo in and out, and adds a selection without repeats', () => {
    const a = toggleFavourite([], photo(1));
    expect(a).toEqual({ list: [photo(1)], change: 'added' });
    expect(toggleFavourite(a.list, photo(1))).toEqual({ list: [], change: 'removed' });
    expect(addFavourites([photo(1)], [photo(1), photo(2), photo(2)])).toEqual({
      list: [photo(1), photo(2)],
      added: 1,
    });
  });
});

describe('the favourites store', () => {
  const memoryStorage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      items,
    };
  };

  it('survives a reload: a new store reads what the last one wrote, per event', () => {
    const storage = memoryStorage();
    const first = createFavouritesStore(() => storage);
    first.set(7, [photo(1), photo(2)]);
    first.set(8, [photo(3)]);
    const second = createFavouritesStore(() => storage);
    expect(second.get(7)).toEqual([photo(1), photo(2)]);
    expect(second.get(8)).toEqual([photo(3)]);
    expect(second.persisted(7)).toBe(true);
    expect(storage.items.has(favouritesKey(7))).toBe(true);
  });

  it('works for the page when storage is blocked (throwing on access, on write, or absent)', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    for (const storage of [
      () => blocked,
      () => null,
      () => {
        throw new DOMException('denied', 'SecurityError');
      },
    ]) {
      const store = createFavouritesStore(storage);
      expect(store.get(1)).toEqual([]);
      let told = 0;
      store.subscribe(() => (told += 1));
      store.set(1, [photo(1)]);
      expect(store.get(1)).toEqual([photo(1)]);
      expect(store.persisted(1)).toBe(false);
      expect(told).toBe(1);
      store.reload(1);
      expect(store.get(1)).toEqual([photo(1)]);
    }
  });

  it('gives the same list until it changes (a stable snapshot for React)', () => {
    const store = createFavouritesStore(() => memoryStorage());
    expect(store.get(1)).toBe(store.get(1));
    const before = store.get(1);
    store.set(1, [photo(1)]);
    expect(store.get(1)).not.toBe(before);
  });
});

describe('share links (?picks=)', () => {
  it('encodes a uuid in 22 characters and back', () => {
    for (const u of [
      uuidOf(1),
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    ]) {
      const code = encodeUuid(u);
      expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(decodeUuid(code)).toBe(u);
    }
  });

  it(`round-trips up to ${MAX_PICKS} photos, and a longer list keeps its first ${MAX_PICKS}`, () => {
    const ids = Array.from({ length: 130 }, (_, i) => uuidOf(i + 1));
    const encoded = encodePicks(ids);
    expect(encoded.length).toBeLessThanOrEqual(MAX_PICKS * 23);
    expect(decodePicks(encoded)).toEqual(ids.slice(0, MAX_PICKS));
    expect(encodeURIComponent(encoded)).toBe(encoded);
  });

  it('skips what is not a photo id and never throws on hostile input', () => {
    const good = encodeUuid(uuidOf(5));
    expect(decodePicks(`${good}.${good}.junk..<script>.${uuidOf(6).toUpperCase()}`)).toEqual([
      uuidOf(5),
      uuidOf(6),
    ]);
    for (const bad of [
      '',
      '.',
      'x'.repeat(22),
      `${good.slice(0, 21)}B`,
      '%00',
      '\u0000'.repeat(1000),
      'a,'.repeat(1_000_000),
    ]) {
      expect(decodePicks(bad), bad.slice(0, 30)).toEqual([]);
    }
    expect(decodePicks(null)).toEqual([]);
    // A huge value is cut before it is split: still at most MAX_PICKS, quickly.
    const huge = Array.from({ length: 5000 }, (_, i) => encodeUuid(uuidOf(i))).join('.');
    const started = performance.now();
    expect(decodePicks(huge)).toHaveLength(MAX_PICKS);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('reads the collection a URL asks for', () => {
    const q = (s: string) => collectionFromParams(new URLSearchParams(s));
    expect(q('')).toBeNull();
    expect(q('favourites=0')).toBeNull();
    expect(q('favourites=1')).toEqual({ kind: 'favourites' });
    expect(q(`picks=${encodePicks([uuidOf(1)])}&favourites=1`)).toEqual({
      kind: 'picks',
      ids: [uuidOf(1)],
    });
    expect(q('picks=rubbish')).toEqual({ kind: 'picks', ids: [] });
  });
});
