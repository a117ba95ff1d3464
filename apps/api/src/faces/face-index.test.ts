import { describe, expect, it } from 'vitest';
import { FaceIndex } from './face-index.js';
import {
  cosineSimilarity,
  embeddingFromBytes,
  embeddingToBytes,
  isUnitEmbedding,
  normalise,
} from './vectors.js';

/** Deterministic pseudo-random vectors (non-negative, like `faceres` descriptors). */
function vectors(count: number, dimensions: number, seed = 1): Float32Array[] {
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, () =>
    Float32Array.from({ length: dimensions }, () => (next() < 0.4 ? 0 : next())),
  );
}

describe('vectors', () => {
  it('normalises to unit length and refuses unusable vectors', () => {
    const unit = normalise([3, 4]);
    expect(Array.from(unit)).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(isUnitEmbedding(unit, 2)).toBe(true);
    expect(isUnitEmbedding([3, 4], 2)).toBe(false);
    expect(isUnitEmbedding([Number.NaN, 1], 2)).toBe(false);
    expect(() => normalise([0, 0])).toThrow(/all zeros/);
    expect(() => normalise([1, Number.POSITIVE_INFINITY])).toThrow(/finite/);
    expect(cosineSimilarity([1, 0], [0, 2])).toBe(0);
    expect(cosineSimilarity([1, 1], [2, 2])).toBeCloseTo(1, 6);
  });

  it('stores an embedding as Float32 little-endian bytes and reads it back unchanged', () => {
    const values = [1, -0.5, 0.1, 3e-8];
    const bytes = embeddingToBytes(values);
    expect(bytes.length).toBe(16);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0, 0, 0x80, 0x3f, 0, 0, 0, 0xbf]));
    expect(Array.from(embeddingFromBytes(bytes))).toEqual(values.map((v) => Math.fround(v)));
    // From an unaligned view (drivers hand out slices of a larger buffer).
    const shifted = Buffer.concat([Buffer.from([9]), bytes]).subarray(1);
    expect(Array.from(embeddingFromBytes(shifted))).toEqual(values.map((v) => Math.fround(v)));
    expect(() => embeddingFromBytes(new Uint8Array(6))).toThrow(/not a multiple of 4/);
  });
});

describe.each([true, false])('FaceIndex (simd %s)', (simd) => {
  const dims = 1024;
  const data = vectors(300, dims);

  it('ranks by cosine similarity, best first, within int8 rounding', () => {
    const index = new FaceIndex({ simd });
    if (simd) expect(index.simd).toBe(true);
    data.forEach((v, i) => index.add(i, `photo-${i % 50}`, v));
    expect(index.size).toBe(300);
    const query = data[123]!;
    const exact = data
      .map((v, id) => ({ id, similarity: cosineSimilarity(query, v) }))
      .sort((a, b) => b.similarity - a.similarity);
    const found = index.search(query, { limit: 10 });
    expect(found.map((m) => m.id)[0]).toBe(123);
    expect(found[0]!.similarity).toBeCloseTo(1, 2);
    expect(found[0]!.photoId).toBe('photo-23');
    for (let i = 1; i < found.length; i++)
      expect(found[i - 1]!.similarity).toBeGreaterThanOrEqual(found[i]!.similarity);
    // Same top ten as exact cosine, each within 0.005.
    expect(new Set(found.map((m) => m.id))).toEqual(new Set(exact.slice(0, 10).map((e) => e.id)));
    for (const m of found)
      expect(Math.abs(m.similarity - cosineSimilarity(query, data[m.id]!))).toBeLessThan(0.005);
  });

  it('applies the limit and the minimum similarity', () => {
    const index = new FaceIndex({ simd });
    data.forEach((v, i) => index.add(i, `photo-${i}`, v));
    const all = index.search(data[0]!, { limit: 1000 });
    expect(all).toHaveLength(300);
    const cut = all[40]!.similarity;
    const above = index.search(data[0]!, { limit: 1000, minSimilarity: cut });
    expect(above.every((m) => m.similarity >= cut)).toBe(true);
    expect(above.length).toBeGreaterThanOrEqual(41);
    expect(index.search(data[0]!, { limit: 0 })).toEqual([]);
    expect(new FaceIndex({ simd }).search(data[0]!)).toEqual([]);
  });

  it('replaces, removes faces and photos, and keeps the rest intact as it grows', () => {
    const index = new FaceIndex({ simd });
    data.forEach((v, i) => index.add(i, `photo-${i % 100}`, v));
    index.add(5, 'photo-5', data[200]!); // same id: replaced
    expect(index.size).toBe(300);
    expect(new Set(index.search(data[200]!, { limit: 2 }).map((m) => m.id))).toEqual(
      new Set([5, 200]),
    );
    expect(index.remove(5)).toBe(true);
    expect(index.remove(5)).toBe(false);
    expect(index.has(5)).toBe(false);
    expect(index.removePhoto('photo-7')).toBe(3); // faces 7, 107, 207
    expect(index.size).toBe(296);
    // Every remaining face is still its own nearest neighbour after the moves.
    for (const id of [0, 1, 150, 299, 206, 208])
      expect(index.search(data[id]!, { limit: 1 })[0]!.id).toBe(id);
    expect(index.search(data[107]!, { limit: 300 }).some((m) => m.id === 107)).toBe(false);
    index.clear();
    expect(index.size).toBe(0);
    expect(index.search(data[0]!)).toEqual([]);
  });

  it('refuses vectors of the wrong length or with non-finite values', () => {
    const index = new FaceIndex({ simd });
    expect(() => index.add(1, 'p', new Float32Array(10))).toThrow(/1024/);
    expect(() => index.add(1, 'p', new Float32Array(dims))).toThrow(/zeros/);
    expect(() => index.search(new Float32Array(3))).toThrow(/1024/);
    const bad = new Float32Array(dims).fill(0.1);
    bad[3] = Number.NaN;
    expect(() => index.search(bad)).toThrow(/finite/);
  });
});

describe('FaceIndex SIMD and plain agree', () => {
  it('gives the same similarities', () => {
    const data = vectors(100, 1024, 7);
    const a = new FaceIndex({ simd: true });
    const b = new FaceIndex({ simd: false });
    data.forEach((v, i) => {
      a.add(i, 'p', v);
      b.add(i, 'p', v);
    });
    const x = a.search(data[3]!, { limit: 100 });
    const y = b.search(data[3]!, { limit: 100 });
    expect(x.map((m) => m.id)).toEqual(y.map((m) => m.id));
    x.forEach((m, i) => expect(m.similarity).toBeCloseTo(y[i]!.similarity, 6));
  });
});
