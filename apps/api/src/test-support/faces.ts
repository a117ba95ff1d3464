import { createHash } from 'node:crypto';
import type { NewFace } from '../repositories/faces.js';
import type { FaceDetector } from '../services/faces.js';

/** A unit vector of a face description's length: one "person" per axis. */
export function basis(i: number): number[] {
  const v = new Array<number>(1024).fill(0);
  v[i] = 1;
  return v;
}

/**
 * A unit vector between two "people": `mix` of person `i` and the rest of person `j`, so its
 * similarity to `basis(i)` is `mix` (`blend(i)` is `basis(i)`).
 */
export function blend(i: number, j = i, mix = 1): number[] {
  const v = basis(i);
  if (j === i) return v;
  v[i] = mix;
  v[j] = Math.sqrt(1 - mix ** 2);
  return v;
}

/** One face found with this description, at a fixed place. */
export const face = (embedding: number[]): NewFace => ({
  box: { x: 10, y: 20, width: 40, height: 40 },
  score: 0.9,
  embedding,
});

/**
 * A test double of the face engine: the faces of each photo are planned by its bytes
 * (`plan(bytes, faces)`), and a photo nobody planned has none.
 */
export function plannedFaceDetector(): FaceDetector & {
  plan(bytes: Buffer, faces: NewFace[]): void;
} {
  const planned = new Map<string, NewFace[]>();
  const key = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  return {
    async detectFaces(image) {
      return planned.get(key(image)) ?? [];
    },
    plan(bytes, faces) {
      planned.set(key(bytes), faces);
    },
  };
}
