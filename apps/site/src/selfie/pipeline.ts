/**
 * The selfie's side of selfie search, the parts that are plain arithmetic: the same steps as
 * the API's face engine (`apps/api/src/faces/engine.ts`), so a descriptor computed in the
 * browser compares with the ones the `faces` job stored for the event's photos.
 *
 * 1. The selfie is decoded upright and scaled to at most WORKING_SIDE on its long side.
 * 2. Faces are detected on the whole frame; the largest is the visitor's.
 * 3. A square of CROP_FACTOR × the face's box, centred on it, is cut out and scaled to CROP_SIDE.
 * 4. The crop is described (mesh + `faceres`, one face); the face nearest the crop's centre is
 *    kept and its 1024 values are scaled to unit length.
 */

/** The photo is decoded at most this long on its long side (the engine's DEFAULT_WORKING_SIDE). */
export const WORKING_SIDE = 2048;
/** A face is described from a square crop this many times its box (the engine's CROP_FACTOR). */
export const CROP_FACTOR = 2.4;
/** Crops are scaled to this side before description (the engine's CROP_SIDE). */
export const CROP_SIDE = 288;
/** Detections below this score are ignored (the engine's default minScore). */
export const MIN_FACE_SCORE = 0.5;
/** Faces smaller than this many pixels of the selfie are ignored (the engine's default minFaceSize). */
export const MIN_FACE_SIZE = 20;
/** Length of the `faceres` descriptor. */
export const DESCRIPTOR_LENGTH = 1024;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What can go wrong while the browser describes a selfie; each has its own message. */
export type SelfieFailure = 'unreadable' | 'no-face' | 'model';

export class SelfieError extends Error {
  readonly kind: SelfieFailure;
  constructor(kind: SelfieFailure, detail?: string) {
    super(detail ?? kind);
    this.name = 'SelfieError';
    this.kind = kind;
  }
}

/** The size the selfie is worked on at: at most `maxSide` on its long side, never enlarged. */
export function workingSize(width: number, height: number, maxSide = WORKING_SIDE): { width: number; height: number } {
  const ratio = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

export function clip(box: Box, frame: { width: number; height: number }): Box {
  const x = Math.max(0, Math.min(frame.width, box.x));
  const y = Math.max(0, Math.min(frame.height, box.y));
  return {
    x,
    y,
    width: Math.max(0, Math.min(frame.width, box.x + box.width) - x),
    height: Math.max(0, Math.min(frame.height, box.y + box.height) - y),
  };
}

/**
 * The square crop a face is described from, clipped to the frame, and the size it is scaled to
 * (long side CROP_SIDE); null when too little of it is inside the frame.
 */
export function cropAround(box: Box, frame: { width: number; height: number }): { crop: Box; width: number; height: number; scale: number } | null {
  const side = Math.round(Math.max(box.width, box.height) * CROP_FACTOR);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const crop = clip({ x: Math.round(cx - side / 2), y: Math.round(cy - side / 2), width: side, height: side }, frame);
  if (crop.width < 8 || crop.height < 8) return null;
  const scale = CROP_SIDE / Math.max(crop.width, crop.height);
  return { crop, width: Math.max(1, Math.round(crop.width * scale)), height: Math.max(1, Math.round(crop.height * scale)), scale };
}

export interface DetectedFace {
  /** x, y, width, height in the input's pixels (Human's `box`). */
  box: [number, number, number, number];
  score: number;
  boxScore?: number;
  embedding?: number[];
}

/** The faces worth describing, largest first (a selfie's own face is its largest). */
export function usableFaces(faces: DetectedFace[], minScore = MIN_FACE_SCORE, minSize = MIN_FACE_SIZE): DetectedFace[] {
  return faces
    .filter((f) => (f.boxScore || f.score) >= minScore && Math.min(f.box[2], f.box[3]) >= minSize)
    .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
}

/** The described face of a crop: the one nearest its centre, within a quarter of its side (a neighbour may show at an edge). */
export function faceAtCentre(faces: DetectedFace[], width: number, height: number): DetectedFace | null {
  let best: { face: DetectedFace; distance: number } | null = null;
  for (const face of faces) {
    if (face.embedding?.length !== DESCRIPTOR_LENGTH) continue;
    const distance = Math.hypot(face.box[0] + face.box[2] / 2 - width / 2, face.box[1] + face.box[3] / 2 - height / 2);
    if (distance < Math.max(width, height) / 4 && (!best || distance < best.distance)) best = { face, distance };
  }
  return best?.face ?? null;
}

/** The descriptor scaled to unit length, as plain numbers; null when it is empty, not finite or all zeros. */
export function unitDescriptor(values: ArrayLike<number>): number[] | null {
  if (values.length !== DESCRIPTOR_LENGTH) return null;
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

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
