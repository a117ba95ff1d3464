import { describe, expect, it } from 'vitest';
import {
  alignmentTransform,
  applySimilarity,
  ARCFACE_TEMPLATE,
  fitSimilarity,
  fivePoints,
  type Point,
} from './face-align.js';

const turned = { a: 2 * Math.cos(0.3), b: 2 * Math.sin(0.3), tx: 140, ty: -25 };

describe('fitSimilarity', () => {
  it('recovers a rotation, scale and shift exactly', () => {
    const moved = ARCFACE_TEMPLATE.map((p) => applySimilarity(turned, p));
    const fit = fitSimilarity(ARCFACE_TEMPLATE, moved);
    expect(fit.a).toBeCloseTo(turned.a, 9);
    expect(fit.b).toBeCloseTo(turned.b, 9);
    expect(fit.tx).toBeCloseTo(turned.tx, 9);
    expect(fit.ty).toBeCloseTo(turned.ty, 9);
  });

  it('never mirrors: a face seen mirrored is fitted with its eyes swapped, not flipped', () => {
    const mirrored = ARCFACE_TEMPLATE.map(([x, y]): Point => [200 - x, y]);
    const fit = fitSimilarity(ARCFACE_TEMPLATE, mirrored);
    // The best rotation-and-scale of a reflection shrinks it: no exact fit exists.
    expect(Math.hypot(fit.a, fit.b)).toBeLessThan(0.5);
  });

  it('refuses too few, mismatched or coincident points', () => {
    expect(() => fitSimilarity([[0, 0]], [[1, 1]])).toThrow(/at least two/);
    expect(() => fitSimilarity(ARCFACE_TEMPLATE, ARCFACE_TEMPLATE.slice(1))).toThrow(
      /5 points to fit onto 4/,
    );
    expect(() =>
      fitSimilarity(
        [
          [3, 3],
          [3, 3],
        ],
        [
          [0, 0],
          [1, 1],
        ],
      ),
    ).toThrow(/all the same/);
  });
});

describe('alignmentTransform', () => {
  it('maps the aligned crop’s template points onto the face’s five points', () => {
    const face = ARCFACE_TEMPLATE.map((p) => applySimilarity(turned, p));
    const [a0, a1, a2, b0, b1, b2] = alignmentTransform(face);
    for (let i = 0; i < 5; i++) {
      const [x, y] = ARCFACE_TEMPLATE[i]!;
      expect(a0! * x + a1! * y + a2!).toBeCloseTo(face[i]![0], 6);
      expect(b0! * x + b1! * y + b2!).toBeCloseTo(face[i]![1], 6);
    }
  });
});

describe('fivePoints', () => {
  it('takes eye centres, the nose tip and the mouth corners from a 468-point mesh', () => {
    const mesh = Array.from({ length: 468 }, (_, i) => [i, 1000 + i, 0]);
    const [rightEye, leftEye, nose, mouthRight, mouthLeft] = fivePoints(mesh);
    expect(nose).toEqual([1, 1001]);
    expect(mouthRight).toEqual([61, 1061]);
    expect(mouthLeft).toEqual([291, 1291]);
    expect(rightEye![0]).toBeGreaterThan(7);
    expect(rightEye![0]).toBeLessThan(246);
    expect(leftEye![0]).toBeGreaterThan(249);
  });

  it('refuses a mesh that is not the 468-point one', () => {
    expect(() => fivePoints([[0, 0]])).toThrow(/468-point face mesh, got 1/);
  });
});
