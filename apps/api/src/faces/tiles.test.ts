import { describe, expect, it } from 'vitest';
import { iou, mergeDetections, planTiles, touchesInnerEdge } from './tiles.js';

describe('planTiles', () => {
  it('leaves photos that are not much larger than a tile to the whole-frame pass', () => {
    expect(planTiles(800, 600)).toEqual([]);
    expect(planTiles(959, 959)).toEqual([]);
  });

  it('covers the photo with tiles that overlap by at least the configured amount', () => {
    const width = 1600;
    const height = 1067;
    const tiles = planTiles(width, height, { size: 640, overlap: 192 });
    expect(tiles.length).toBe(4 * 2);
    for (const t of tiles) {
      expect(t.x + t.width).toBeLessThanOrEqual(width);
      expect(t.y + t.height).toBeLessThanOrEqual(height);
    }
    // Any 192 px square lies wholly inside some tile.
    for (let y = 0; y + 192 <= height; y += 37)
      for (let x = 0; x + 192 <= width; x += 41)
        expect(
          tiles.some(
            (t) => x >= t.x && y >= t.y && x + 192 <= t.x + t.width && y + 192 <= t.y + t.height,
          ),
        ).toBe(true);
  });
});

describe('touchesInnerEdge', () => {
  const tile = { x: 640, y: 0, width: 640, height: 640 };
  it('flags boxes cut by an edge inside the image, not by the image border', () => {
    expect(touchesInnerEdge({ x: 640, y: 100, width: 30, height: 30 }, tile, 1600, 1067)).toBe(
      true,
    );
    expect(touchesInnerEdge({ x: 1260, y: 100, width: 20, height: 30 }, tile, 1600, 1067)).toBe(
      true,
    );
    expect(touchesInnerEdge({ x: 700, y: 0, width: 30, height: 30 }, tile, 1600, 1067)).toBe(false);
    expect(touchesInnerEdge({ x: 700, y: 300, width: 30, height: 30 }, tile, 1600, 1067)).toBe(
      false,
    );
  });
});

describe('mergeDetections', () => {
  it('keeps the best of overlapping detections and partial detections of the same face', () => {
    const a = { box: { x: 100, y: 100, width: 50, height: 50 }, score: 0.9 };
    const shifted = { box: { x: 105, y: 102, width: 50, height: 50 }, score: 0.7 };
    const inner = { box: { x: 110, y: 110, width: 20, height: 20 }, score: 0.95 };
    const other = { box: { x: 400, y: 100, width: 50, height: 50 }, score: 0.6 };
    expect(iou(a.box, shifted.box)).toBeGreaterThan(0.7);
    expect(mergeDetections([a, shifted, other])).toEqual([a, other]);
    // The small box is the better-scored one: it stays and swallows the larger overlapping box.
    expect(mergeDetections([a, inner, other])).toEqual([inner, other]);
  });
});
