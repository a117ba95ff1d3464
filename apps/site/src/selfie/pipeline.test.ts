import { describe, expect, it } from 'vitest';
import { mirroredMean, mirrorPixels, SHARPNESS_SIDE, unidentifiable } from '@eventsite/contract/face-recipe';
import { CROP_SIDE, cosineSimilarity, cropAround, faceAtCentre, poseOf, rgbOf, sharpnessOfRgba, unitDescriptor, usableFaces, workingSize, type DetectedFace } from './pipeline';

const descriptor = (fill: (i: number) => number) => Array.from({ length: 1024 }, (_, i) => fill(i));
const face = (box: [number, number, number, number], score = 0.9, embedding?: number[]): DetectedFace => ({ box, score, boxScore: score, embedding });

describe('the selfie pipeline (the API engine’s steps)', () => {
  it('works on the selfie at most 2048 px long, never enlarged', () => {
    expect(workingSize(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(workingSize(3024, 4032)).toEqual({ width: 1536, height: 2048 });
    expect(workingSize(800, 564)).toEqual({ width: 800, height: 564 });
  });

  it('crops a square of 2.4× the face around its centre, scaled to 288 px', () => {
    // A 100×120 face at (300, 200) on an 800×600 frame: side round(120 × 2.4) = 288, centre (350, 260).
    const plan = cropAround({ x: 300, y: 200, width: 100, height: 120 }, { width: 800, height: 600 })!;
    expect(plan.crop).toEqual({ x: 206, y: 116, width: 288, height: 288 });
    expect([plan.width, plan.height]).toEqual([CROP_SIDE, CROP_SIDE]);
    // A face near the edge: the square is clipped, the long side still 288.
    const edge = cropAround({ x: 10, y: 20, width: 200, height: 200 }, { width: 640, height: 480 })!;
    expect(edge.crop).toEqual({ x: 0, y: 0, width: 350, height: 360 });
    expect([edge.width, edge.height]).toEqual([280, 288]);
    expect(cropAround({ x: 639, y: 10, width: 2, height: 2 }, { width: 640, height: 480 })).toBeNull();
  });

  it('keeps faces that are sure and big enough, largest first', () => {
    const faces = usableFaces([face([0, 0, 40, 40]), face([100, 0, 120, 130]), face([300, 0, 90, 90], 0.3), face([400, 0, 15, 15])]);
    expect(faces.map((f) => f.box[2])).toEqual([120, 40]);
  });

  it('takes the described face nearest the crop’s centre, not a neighbour at its edge', () => {
    const d = descriptor(() => 1);
    const centre = face([100, 100, 90, 90], 0.9, d);
    const neighbour = face([0, 0, 80, 80], 0.95, d);
    expect(faceAtCentre([neighbour, centre], 288, 288)).toBe(centre);
    expect(faceAtCentre([neighbour], 288, 288)).toBeNull();
    expect(faceAtCentre([face([100, 100, 90, 90], 0.9, [1, 2, 3])], 288, 288)).toBeNull();
  });

  it('scales the descriptor to unit length and refuses a broken one', () => {
    const unit = unitDescriptor(descriptor((i) => (i % 7) + 1))!;
    expect(unit).toHaveLength(1024);
    expect(Math.hypot(...unit)).toBeCloseTo(1, 6);
    expect(cosineSimilarity(unit, descriptor((i) => (i % 7) + 1))).toBeCloseTo(1, 6);
    expect(unitDescriptor(descriptor(() => 0))).toBeNull();
    expect(unitDescriptor(descriptor((i) => (i === 5 ? Number.NaN : 1)))).toBeNull();
    expect(unitDescriptor([1, 2, 3])).toBeNull();
  });

  it('turns a canvas’s RGBA pixels into the RGB values the model takes', () => {
    const rgba = new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 0]);
    expect(Array.from(rgbOf(rgba, 2, 1))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('tells a face that can identify someone from one too blurred or turned away', () => {
    const n = SHARPNESS_SIDE;
    const square = (value: (x: number, y: number) => number) => {
      const rgba = new Uint8ClampedArray(n * n * 4);
      for (let y = 0; y < n; y++)
        for (let x = 0; x < n; x++) {
          const v = value(x, y);
          rgba.set([v, v, v, 255], (y * n + x) * 4);
        }
      return rgba;
    };
    const sharp = sharpnessOfRgba(square((x, y) => ((x >> 2) + (y >> 2)) % 2 ? 200 : 40));
    const smooth = sharpnessOfRgba(square((x) => 40 + (160 * x) / n));
    expect(sharpnessOfRgba(square(() => 128))).toBe(0);
    expect(smooth).toBeLessThan(0.2);
    expect(sharp).toBeGreaterThan(0.2);
    const turned = face([0, 0, 100, 100]);
    turned.rotation = { angle: { yaw: Math.PI / 3, pitch: 0 } };
    expect(poseOf(turned)).toEqual({ yaw: 60, pitch: 0 });
    expect(unidentifiable({ size: 200, sharpness: sharp, ...poseOf(turned) })).toBe('turned');
    expect(unidentifiable({ size: 200, sharpness: smooth, yaw: 0, pitch: 0 })).toBe('blurred');
    expect(unidentifiable({ size: 20, sharpness: sharp, yaw: 0, pitch: 0 })).toBe('small');
    expect(unidentifiable({ size: 200, sharpness: sharp, yaw: 5, pitch: -5 })).toBeNull();
  });
  it('describes the crop mirrored too: the pixels read right to left, the mean of the two descriptors', () => {
    // A 3×2 RGB picture: each pixel's values are its column and row.
    const picture = Int32Array.from([0, 0, 0, 1, 0, 1, 2, 0, 2, 0, 1, 0, 1, 1, 1, 2, 1, 2]);
    const mirrored = mirrorPixels(picture, 3, 2);
    expect(Array.from(mirrored)).toEqual([2, 0, 2, 1, 0, 1, 0, 0, 0, 2, 1, 2, 1, 1, 1, 0, 1, 0]);
    expect(Array.from(mirrorPixels(mirrored, 3, 2))).toEqual(Array.from(picture));
    expect(() => mirrorPixels(picture, 4, 2)).toThrow(RangeError);

    // Two descriptors at right angles: the mean is unit length and as like one as the other.
    const left = descriptor((i) => (i < 512 ? 1 : 0));
    const right = descriptor((i) => (i < 512 ? 0 : 3));
    const mean = mirroredMean(left, right)!;
    expect(Math.hypot(...mean)).toBeCloseTo(1, 6);
    expect(cosineSimilarity(mean, left)).toBeCloseTo(Math.SQRT1_2, 6);
    expect(cosineSimilarity(mean, right)).toBeCloseTo(Math.SQRT1_2, 6);
    // Each counts the same whatever its length; a face described alike both ways keeps its descriptor.
    expect(cosineSimilarity(mirroredMean(left, left.map((v) => v * 10))!, left)).toBeCloseTo(1, 6);
    expect(mirroredMean(left, descriptor(() => 0))).toBeNull();
    expect(mirroredMean(left, right.slice(1))).toBeNull();
  });
});
