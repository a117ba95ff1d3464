import { describe, expect, it } from 'vitest';
import { evaluateBibSearch, startListOf } from './bib-evaluate.js';

describe('the simulated start list', () => {
  const photos = [
    { truth: [{ bib: '95056' }, { bib: '876' }] },
    { truth: [] },
    { truth: [{ bib: '4321' }] },
  ];

  it('registers every bib on the photos and further runners, up to its size', () => {
    const list = startListOf(photos, 500, 7);
    expect(list).toHaveLength(500);
    expect(new Set(list).size).toBe(500);
    expect(list).toEqual(expect.arrayContaining(['95056', '876', '4321']));
    // Others are drawn as the renderer draws bibs: 3–5 digits, no leading zero.
    expect(list.every((bib) => /^[1-9][0-9]{2,4}$/.test(bib))).toBe(true);
  });

  it('is the same for the same seed, and never drops a photographed runner', () => {
    expect(startListOf(photos, 300, 11)).toEqual(startListOf(photos, 300, 11));
    expect(startListOf(photos, 300, 11)).not.toEqual(startListOf(photos, 300, 12));
    expect(startListOf(photos, 2, 7).sort()).toEqual(['4321', '876', '95056']);
  });

  it('refuses a start list that is not a positive number of runners', async () => {
    await expect(evaluateBibSearch({ count: 1, seed: 7, startList: 0 })).rejects.toThrow(
      'startList must be a positive integer, got 0',
    );
  });
});
