import { describe, expect, it } from 'vitest';
import { findTextRegions } from './text-regions.js';

/** A probability map with a filled rectangle rotated by `degrees` around its centre. */
function mapWithRect(
  width: number,
  height: number,
  cx: number,
  cy: number,
  w: number,
  h: number,
  degrees: number,
): Float32Array {
  const map = new Float32Array(width * height);
  const a = (degrees * Math.PI) / 180;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      const u = dx * Math.cos(a) + dy * Math.sin(a);
      const v = -dx * Math.sin(a) + dy * Math.cos(a);
      if (Math.abs(u) <= w / 2 && Math.abs(v) <= h / 2) map[y * width + x] = 0.9;
    }
  }
  return map;
}

describe('findTextRegions', () => {
  it('finds a rotated line, grown back by the unclip ratio', () => {
    const regions = findTextRegions(mapWithRect(200, 120, 100, 60, 80, 20, 10), 200, 120);
    expect(regions).toHaveLength(1);
    const r = regions[0]!;
    expect((r.angle * 180) / Math.PI).toBeCloseTo(10, 0);
    // d = 80·20·1.5 / (2·100) = 12 on each side.
    expect(r.width).toBeGreaterThan(100);
    expect(r.width).toBeLessThan(108);
    expect(r.height).toBeGreaterThan(41);
    expect(r.height).toBeLessThan(48);
    expect(r.centre.x).toBeCloseTo(100, -1);
    expect(r.centre.y).toBeCloseTo(60, -1);
    expect(r.score).toBeCloseTo(0.9, 5);
  });

  it('keeps separate lines apart and drops specks and weak regions', () => {
    const map = mapWithRect(200, 120, 60, 30, 60, 16, 0);
    const second = mapWithRect(200, 120, 120, 90, 60, 16, -5);
    for (let i = 0; i < map.length; i++) map[i] = Math.max(map[i]!, second[i]!);
    map[5] = 0.9; // a speck
    for (let x = 150; x < 190; x++) for (let y = 5; y < 15; y++) map[y * 200 + x] = 0.4; // weak
    const regions = findTextRegions(map, 200, 120);
    expect(regions.map((r) => Math.round(r.centre.y))).toEqual([30, 90]);
  });
});
