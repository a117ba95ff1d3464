import { describe, expect, it } from 'vitest';
import { STASH_MAX_BYTES, STASH_TTL_MS, Stash } from './stash';

describe('the console stash', () => {
  it('gives a value back to its own session only, of its kind, until it expires', () => {
    let now = 1_000;
    const stash = new Stash(() => now);
    const id = stash.put('ess_a', 'results-file', { n: 1 });
    expect(stash.get('ess_a', 'results-file', id)).toEqual({ n: 1 });
    expect(stash.get('ess_b', 'results-file', id)).toBeNull();
    expect(stash.get('ess_a', 'event-draft', id)).toBeNull();
    expect(stash.get('ess_a', 'results-file', 'not-an-id')).toBeNull();
    expect(stash.get('ess_a', 'results-file', undefined)).toBeNull();
    now += STASH_TTL_MS;
    expect(stash.get('ess_a', 'results-file', id)).toBeNull();
  });

  it('drops the oldest entries past its size bound, never the new one', () => {
    const stash = new Stash();
    const big = STASH_MAX_BYTES / 2;
    const first = stash.put('s', 'f', 1, big);
    const second = stash.put('s', 'f', 2, big);
    const third = stash.put('s', 'f', 3, big);
    expect(stash.get('s', 'f', first)).toBeNull();
    expect(stash.get('s', 'f', second)).toBe(2);
    expect(stash.get('s', 'f', third)).toBe(3);
    stash.drop(third);
    expect(stash.get('s', 'f', third)).toBeNull();
  });
});
