import { describe, expect, it } from 'vitest';
import { bytesOf, STASH_MAX_BYTES, STASH_TTL_MS, Stash } from './stash';

describe('the console stash', () => {
  it('gives a value back to its own session only, of its kind, until it expires', () => {
    let now = 1_000;
    const stash = new Stash(() => now);
    const id = stash.put('ess_a', 'results-file', { n: 1 })!;
    expect(stash.get('ess_a', 'results-file', id)).toEqual({ n: 1 });
    expect(stash.get('ess_b', 'results-file', id)).toBeNull();
    expect(stash.get('ess_a', 'event-draft', id)).toBeNull();
    expect(stash.get('ess_a', 'results-file', 'not-an-id')).toBeNull();
    expect(stash.get('ess_a', 'results-file', undefined)).toBeNull();
    now += STASH_TTL_MS + 1;
    expect(stash.get('ess_a', 'results-file', id)).toBeNull();
  });

  it('counts what its values hold in bytes, and drops the oldest past its bound', () => {
    const stash = new Stash();
    const file = (n: number) => ({
      filename: `${n}.csv`,
      bytes: new Uint8Array(STASH_MAX_BYTES / 3),
    });
    const first = stash.put('s', 'f', file(1));
    const second = stash.put('s', 'f', file(2));
    const third = stash.put('s', 'f', file(3));
    expect(stash.get('s', 'f', first)).toBeNull();
    expect(stash.get<{ filename: string }>('s', 'f', second)?.filename).toBe('2.csv');
    expect(stash.get<{ filename: string }>('s', 'f', third)?.filename).toBe('3.csv');
    stash.drop(third!);
    expect(stash.get('s', 'f', third)).toBeNull();
  });

  it('holds at most its bound however large the drafts posted: 200 of 8.2 MB (issue 39)', () => {
    const stash = new Stash();
    const draft = { values: { name: 'x'.repeat(4_300_000) }, errors: { name: 'too long' } };
    expect(bytesOf(draft)).toBeGreaterThan(8_200_000);
    for (let i = 0; i < 200; i++) stash.put(`ess_${i}`, 'event-draft', draft);
    expect(stash.bytes).toBeLessThanOrEqual(STASH_MAX_BYTES);
    expect(stash.bytes).toBeGreaterThan(STASH_MAX_BYTES - 9_000_000);
  });

  it('refuses a value larger than the whole stash, and keeps what it held', () => {
    const stash = new Stash();
    const kept = stash.put('s', 'f', 'kept')!;
    expect(stash.put('s', 'f', new Uint8Array(STASH_MAX_BYTES + 1))).toBeNull();
    expect(stash.get('s', 'f', kept)).toBe('kept');
  });

  it('weighs strings, bytes, numbers and nested objects', () => {
    expect(bytesOf('abc')).toBe(6);
    expect(bytesOf(new Uint8Array(1000))).toBe(1000);
    expect(bytesOf(42)).toBe(8);
    expect(bytesOf({ a: 'xy', b: [1, 2] })).toBe(16 + 2 + 4 + 2 + (16 + 2 + 8 + 2 + 8));
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(bytesOf(loop)).toBe(16 + 8);
  });
});
