import { describe, expect, it } from 'vitest';
import { FaceIndex } from './face-index.js';
import { calibrateFusion, fuse, mayBeSameRunner, type LabelledFace } from './fusion.js';
import { normalise } from './vectors.js';

const vector = (parts: Record<number, number>) =>
  normalise(Array.from({ length: 1024 }, (_, k) => parts[k] ?? 0));

describe('fusion calibration', () => {
  it('gives back a stored face’s embedding, to int8 rounding', () => {
    const index = new FaceIndex();
    const v = vector({ 0: 0.6, 5: 0.8, 9: 0.01 });
    index.add(7, 'p', v);
    const back = index.embedding(7)!;
    let dot = 0;
    for (let i = 0; i < v.length; i++) dot += v[i]! * back[i]!;
    expect(dot).toBeGreaterThan(0.999);
    expect(index.embedding(8)).toBeUndefined();
  });

  it('tells runners apart by their bib’s number', () => {
    expect(mayBeSameRunner(['F123'], ['123'])).toBe(true);
    expect(mayBeSameRunner(['123', 'F123'], ['77'])).toBe(false);
  });

  it('raises the bar to the impostor quantile only with enough pairs, never below the threshold', () => {
    const crowd = (n: number): LabelledFace[] =>
      Array.from({ length: n }, (_, k) => ({
        id: k + 1,
        photoId: `p${k}`,
        bibs: [String(100 + k)],
        embedding: vector({ 0: Math.sqrt(0.8), [10 + k]: Math.sqrt(0.2) }),
      }));
    // 10 runners: 45 pairs, too few to say what this event's strangers reach.
    expect(calibrateFusion(crowd(10), 0.6)).toMatchObject({
      bar: 0.6,
      impostorQuantile: null,
      pairs: 45,
    });
    // 11 runners: 55 pairs, all at 0.8.
    expect(calibrateFusion(crowd(11), 0.6)).toMatchObject({
      bar: 0.8,
      impostorQuantile: 0.8,
      pairs: 55,
    });
    // An event threshold above what its strangers reach stays.
    expect(calibrateFusion(crowd(11), 0.9).bar).toBe(0.9);
    // Two faces of one runner (a lettered bib and its number) are not a pair of strangers.
    const same = crowd(11).map((f, k) => (k === 1 ? { ...f, bibs: ['F100'] } : f));
    expect(calibrateFusion(same, 0.6).pairs).toBe(54);
  });

  it('answers a face only when it is nearer the runner than any other known runner', () => {
    const index = new FaceIndex();
    const runner = vector({ 0: 1 });
    const other = vector({ 1: 1 });
    index.add(1, 'runner', runner);
    index.add(2, 'other', other);
    index.add(3, 'near-runner', vector({ 0: 0.9, 1: 0.3, 2: 0.3 })); // 0.9 / 0.3
    index.add(4, 'between', vector({ 0: 0.7, 1: 0.7, 2: 0.141 })); // 0.7 / 0.7
    const calibration = calibrateFusion(
      [
        { id: 1, photoId: 'runner', bibs: ['1'], embedding: index.embedding(1)! },
        { id: 2, photoId: 'other', bibs: ['2'], embedding: index.embedding(2)! },
      ],
      0.6,
    );
    const found = fuse(index, [runner], calibration, ['1'], new Set(['runner']), { limit: 10 });
    expect([...found.keys()]).toEqual(['near-runner']);
    // Without the margin test, the face as near the other runner passes too.
    const all = fuse(index, [runner], calibration, ['1'], new Set(['runner']), {
      limit: 10,
      margin: null,
    });
    expect([...all.keys()].sort()).toEqual(['between', 'near-runner']);
  });
});
