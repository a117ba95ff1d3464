import { describe, expect, it } from 'vitest';
import { MOSAIC_TILES, pickMosaic, pickSwap } from './tiles';

const photos = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

describe('pickMosaic', () => {
  it('fills 20 tiles (5x4) and keeps the rest as swap candidates', () => {
    const { tiles, candidates } = pickMosaic(photos(40));
    expect(MOSAIC_TILES).toBe(20);
    expect(tiles).toHaveLength(20);
    expect(new Set(tiles).size).toBe(20);
    expect(candidates).toHaveLength(20);
    expect(new Set([...tiles, ...candidates]).size).toBe(40);
  });

  it('picks at random', () => {
    const a = pickMosaic(photos(40), () => 0).tiles;
    const b = pickMosaic(photos(40), () => 0.99).tiles;
    expect(a).not.toEqual(b);
  });

  it('repeats photos when the event has fewer than 20', () => {
    const { tiles, candidates } = pickMosaic(photos(3));
    expect(tiles).toHaveLength(20);
    expect(new Set(tiles)).toEqual(new Set(photos(3)));
    expect(candidates).toEqual([]);
  });

  it('has no tiles without photos', () => {
    expect(pickMosaic([])).toEqual({ tiles: [], candidates: [] });
  });
});

describe('pickSwap', () => {
  it('brings in a candidate and sends the outgoing photo back to the candidates', () => {
    const swap = pickSwap(['a', 'b'], ['c', 'd'], 0, () => 0);
    expect(swap).toEqual({ incoming: 'c', candidates: ['d', 'a'] });
  });

  it('with no candidates, shows another photo of the event', () => {
    const swap = pickSwap(['a', 'b', 'a', 'b'], [], 0, () => 0);
    expect(swap?.incoming).toBe('b');
  });

  it('does nothing when the event has a single photo', () => {
    expect(pickSwap(['a', 'a'], [], 0)).toBeNull();
  });
});
