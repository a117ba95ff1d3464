import { describe, expect, test } from 'vitest';
import { rotatedBounds, rotatedCentre, fitScale } from './geometry';
import { alignOffset, snapBox } from './snapping';

const canvas = { width: 1000, height: 800 };

describe('snapping', () => {
  test('snaps the centre to the canvas centre with a vertical guide', () => {
    const r = snapBox({ x: 446, y: 100, width: 100, height: 50 }, [], canvas, 6);
    expect(r.dx).toBe(4);
    expect(r.dy).toBe(0);
    expect(r.guides).toEqual([{ orientation: 'vertical', x: 500, y1: 0, y2: 800 }]);
  });

  test('snaps edges to another element on both axes independently', () => {
    const other = { x: 200, y: 300, width: 200, height: 100 };
    const r = snapBox({ x: 103, y: 297, width: 95, height: 50 }, [other], canvas, 5);
    // right edge 198 -> 200 (other's left), top 297 -> 300 (other's top)
    expect(r.dx).toBe(2);
    expect(r.dy).toBe(3);
    expect(r.guides.map((g) => g.orientation).sort()).toEqual(['horizontal', 'vertical']);
  });

  test('outside the threshold nothing moves', () => {
    const r = snapBox({ x: 120, y: 130, width: 10, height: 10 }, [], canvas, 5);
    expect(r).toEqual({ dx: 0, dy: 0, guides: [] });
  });

  test('picks the closest of several candidates', () => {
    const r = snapBox({ x: 3, y: 500, width: 10, height: 10 }, [{ x: 1, y: 0, width: 40, height: 5 }], canvas, 5);
    expect(r.dx).toBe(-2); // 3 -> 1 (other's left) beats 3 -> 0 (canvas edge)
  });

  test('safe-area lines are snap targets', () => {
    const r = snapBox({ x: 100, y: 247, width: 30, height: 30 }, [], { width: 1080, height: 1920 }, 5, [{ x: 0, y: 250, width: 1080, height: 1420 }]);
    expect(r.dy).toBe(3);
  });

  test('align offsets', () => {
    const b = { x: 10, y: 20, width: 100, height: 50 };
    expect(alignOffset(b, canvas, 'left')).toEqual({ dx: -10, dy: 0 });
    expect(alignOffset(b, canvas, 'right')).toEqual({ dx: 890, dy: 0 });
    expect(alignOffset(b, canvas, 'middle')).toEqual({ dx: 0, dy: 355 });
    expect(alignOffset(b, canvas, 'top')).toEqual({ dx: 0, dy: -20 });
  });
});

describe('geometry', () => {
  test('bounds of a box rotated 90° about its top-left', () => {
    const b = rotatedBounds({ x: 100, y: 100, width: 200, height: 50, rotation: 90 });
    expect(b.x).toBeCloseTo(50);
    expect(b.y).toBeCloseTo(100);
    expect(b.width).toBeCloseTo(50);
    expect(b.height).toBeCloseTo(200);
  });
  test('centre follows the rotation', () => {
    const c = rotatedCentre({ x: 0, y: 0, width: 100, height: 100, rotation: 180 });
    expect(c.x).toBeCloseTo(-50);
    expect(c.y).toBeCloseTo(-50);
  });
  test('fit scale', () => {
    expect(fitScale({ width: 1080, height: 1920 }, { width: 390, height: 600 })).toBeCloseTo(600 / 1920);
    expect(fitScale({ width: 100, height: 100 }, { width: 1000, height: 1000 })).toBe(1);
  });
});
