import { describe, expect, it } from 'vitest';
import { NOT_ME_LIMIT, likelyBib, notMeKey, readNotMe, withoutNotMe, writeNotMe } from './notMe';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('"Not me" on the device', () => {
  it('keeps one list per event, read back as written', () => {
    const s = memoryStorage();
    writeNotMe(s, 42, ['a', 'b']);
    writeNotMe(s, 7, ['c']);
    expect(readNotMe(s, 42)).toEqual(['a', 'b']);
    expect(readNotMe(s, 7)).toEqual(['c']);
    expect(s.items.get(notMeKey(42))).toBe('["a","b"]');
    // An empty list leaves nothing behind.
    writeNotMe(s, 42, []);
    expect(s.items.has(notMeKey(42))).toBe(false);
    expect(readNotMe(s, 42)).toEqual([]);
  });

  it('reads nothing from a blocked storage or from something else under its key, and a failing write loses nothing else', () => {
    expect(readNotMe(null, 42)).toEqual([]);
    const s = memoryStorage();
    s.setItem(notMeKey(42), '{not json');
    expect(readNotMe(s, 42)).toEqual([]);
    s.setItem(notMeKey(42), '{"a":1}');
    expect(readNotMe(s, 42)).toEqual([]);
    s.setItem(notMeKey(42), '["a",3,null,"b"]');
    expect(readNotMe(s, 42)).toEqual(['a', 'b']);
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => writeNotMe(full, 42, ['a'])).not.toThrow();
  });

  it('keeps the newest NOT_ME_LIMIT photos', () => {
    const s = memoryStorage();
    const many = Array.from({ length: NOT_ME_LIMIT + 5 }, (_, i) => `p${i}`);
    writeNotMe(s, 1, many);
    const kept = readNotMe(s, 1);
    expect(kept).toHaveLength(NOT_ME_LIMIT);
    expect(kept[0]).toBe('p5');
    expect(kept.at(-1)).toBe(`p${NOT_ME_LIMIT + 4}`);
  });

  it('takes the removed photos out, in order, and leaves the list as it is when none is removed', () => {
    const photos = [{ uuid: 'a' }, { uuid: 'b' }, { uuid: 'c' }];
    expect(withoutNotMe(photos, new Set(['b'])).map((p) => p.uuid)).toEqual(['a', 'c']);
    expect(withoutNotMe(photos, new Set(['x']))).toBe(photos);
    expect(withoutNotMe(photos, new Set())).toBe(photos);
  });
});

describe('likelyBib: the bib of a selfie’s result set', () => {
  it('is the bib read on most matched faces; a tie goes to the better match', () => {
    expect(likelyBib([{ bib: '12' }, { bib: '7' }, { bib: '7' }, { bib: null }])).toBe('7');
    expect(likelyBib([{ bib: '12' }, { bib: '7' }])).toBe('12');
    expect(likelyBib([{ bib: null }, {}, { bib: '9' }])).toBe('9');
  });

  it('is null when no bib was read on any of them', () => {
    expect(likelyBib([])).toBeNull();
    expect(likelyBib([{ bib: null }, {}])).toBeNull();
  });
});
