import { describe, expect, it } from 'vitest';
import { ALIGNED_DESCRIPTORS, modelInput } from './aligned-descriptors.js';

const side = 112;
/** An aligned crop whose pixel i is red i % 256, green 10, blue 200. */
const crop = Float32Array.from({ length: side * side * 3 }, (_, k) =>
  k % 3 === 0 ? Math.floor(k / 3) % 256 : k % 3 === 1 ? 10 : 200,
);

describe('modelInput', () => {
  it('scales pixels and keeps channels last for a tfjs model', () => {
    const input = modelInput(crop, ALIGNED_DESCRIPTORS.mobilefacenet);
    expect(input[0]).toBeCloseTo((0 - 127.5) / 128, 6);
    expect(input[1]).toBeCloseTo((10 - 127.5) / 128, 6);
    expect(input[2]).toBeCloseTo((200 - 127.5) / 128, 6);
    expect(input[3 * 5]).toBeCloseTo((5 - 127.5) / 128, 6);
  });

  it('puts channels first for an ONNX model, and swaps red and blue when asked', () => {
    const spec = ALIGNED_DESCRIPTORS['fr-feature'];
    const rgb = modelInput(crop, spec);
    const bgr = modelInput(crop, spec, true);
    const plane = side * side;
    expect(rgb[5]).toBeCloseTo((5 - 127) / 128, 6);
    expect(rgb[plane + 5]).toBeCloseTo((10 - 127) / 128, 6);
    expect(rgb[2 * plane + 5]).toBeCloseTo((200 - 127) / 128, 6);
    expect(bgr[5]).toBeCloseTo((200 - 127) / 128, 6);
    expect(bgr[2 * plane + 5]).toBeCloseTo((5 - 127) / 128, 6);
  });

  it('refuses anything but a 112 × 112 RGB crop', () => {
    expect(() => modelInput(new Float32Array(10), ALIGNED_DESCRIPTORS.mobileface)).toThrow(
      /expected 37632 values \(an aligned crop\), got 10/,
    );
  });
});
