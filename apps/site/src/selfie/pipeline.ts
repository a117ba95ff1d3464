/**
 * The selfie's side of selfie search, the parts that are plain arithmetic. The steps are the
 * recipe of `@eventsite/contract/face-recipe`, which the API's face engine follows too, so a
 * descriptor computed in the browser compares with the ones the `faces` job stored:
 *
 * 1. The selfie is decoded upright and scaled to at most FACE_WORKING_SIDE on its long side.
 * 2. Faces are detected on the whole frame; the largest is the visitor's.
 * 3. A square of CROP_FACTOR × the face's box, centred on it, is cut out and scaled to CROP_SIDE.
 * 4. The crop is described (mesh + `faceres`, one face); the face nearest the crop's centre is
 *    kept and its 1024 values are scaled to unit length.
 */

import { FACE_EMBEDDING_LENGTH } from '@eventsite/contract/constants';
import {
  MIN_FACE_SCORE,
  MIN_FACE_SIZE,
  SHARPNESS_SIDE,
  sharpnessOfGrey,
  type ModelFace,
  type Unidentifiable,
} from '@eventsite/contract/face-recipe';

// The recipe the API's engine follows too: one definition, in the contract.
export {
  CROP_SIDE,
  cosineSimilarity,
  cropAround,
  faceAtCentre,
  workingSize,
  type FaceRect,
} from '@eventsite/contract/face-recipe';

/**
 * What can go wrong while the browser describes a selfie; each has its own message. `small`,
 * `blurred` and `turned`: a face was found but cannot identify anyone (the recipe's
 * `unidentifiable`, the limits the API indexes event photos by).
 */
export type SelfieFailure = 'unreadable' | 'no-face' | 'model' | Unidentifiable;

export class SelfieError extends Error {
  readonly kind: SelfieFailure;
  constructor(kind: SelfieFailure, detail?: string) {
    super(detail ?? kind);
    this.name = 'SelfieError';
    this.kind = kind;
  }
}

export interface DetectedFace extends ModelFace {
  /** x, y, width, height in the input's pixels (Human's `box`). */
  box: [number, number, number, number];
  embedding?: number[];
  /** Head pose from the mesh, in radians. */
  rotation?: { angle?: { yaw?: number; pitch?: number } };
}

/** A face's pose in whole degrees (0 facing the camera). */
export function poseOf(face: DetectedFace): { yaw: number; pitch: number } {
  const degrees = (radians: number | undefined) => Math.round(((radians ?? 0) * 180) / Math.PI);
  return { yaw: degrees(face.rotation?.angle?.yaw), pitch: degrees(face.rotation?.angle?.pitch) };
}

/** Sharpness of RGBA pixels of SHARPNESS_SIDE × SHARPNESS_SIDE (the face, scaled): the recipe's measure on their grey. */
export function sharpnessOfRgba(rgba: Uint8ClampedArray | Uint8Array): number {
  const grey = new Float32Array(SHARPNESS_SIDE * SHARPNESS_SIDE);
  for (let i = 0; i < grey.length; i++)
    grey[i] = 0.2126 * rgba[i * 4]! + 0.7152 * rgba[i * 4 + 1]! + 0.0722 * rgba[i * 4 + 2]!;
  return sharpnessOfGrey(grey);
}

/** The faces worth describing, largest first (a selfie's own face is its largest). */
export function usableFaces(faces: DetectedFace[], minScore = MIN_FACE_SCORE, minSize = MIN_FACE_SIZE): DetectedFace[] {
  return faces
    .filter((f) => (f.boxScore || f.score) >= minScore && Math.min(f.box[2], f.box[3]) >= minSize)
    .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
}

/** The descriptor scaled to unit length, as plain numbers; null when it is empty, not finite or all zeros. */
export function unitDescriptor(values: ArrayLike<number>): number[] | null {
  if (values.length !== FACE_EMBEDDING_LENGTH) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) return null;
    sum += v * v;
  }
  if (sum === 0) return null;
  const scale = 1 / Math.sqrt(sum);
  return Array.from(values, (v) => v * scale);
}

/** RGBA pixels (a canvas's ImageData) as the RGB int32 values the model's input tensor takes. */
export function rgbOf(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Int32Array {
  const out = new Int32Array(width * height * 3);
  for (let i = 0, j = 0; i < width * height * 4; i += 4, j += 3) {
    out[j] = rgba[i]!;
    out[j + 1] = rgba[i + 1]!;
    out[j + 2] = rgba[i + 2]!;
  }
  return out;
}
