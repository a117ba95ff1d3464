/**
 * Faces on a photo: where they are and a descriptor of each, offline. Human (BlazeFace, face
 * mesh, `faceres`) runs on tfjs's WebAssembly backend from models shipped in npm packages.
 *
 * Two passes: detection alone over the whole frame and, when the photo has room for small faces,
 * over overlapping tiles; then each distinct face is described from a crop around it, so every
 * face (large, or 40 px in a crowd) reaches the descriptor at a similar size.
 */
import {
  DESCRIBE_MIRRORED,
  FACE_DESCRIPTOR,
  FACE_DESCRIPTORS,
  FACE_WORKING_SIDE,
  MIN_FACE_SCORE,
  MIN_FACE_SIZE,
  clipBox,
  cropAround,
  faceAtCentre,
  mirroredMean,
  mirrorPixels,
  type FaceDescriptorName,
} from '@eventsite/contract/face-recipe';
import sharp from 'sharp';
import { UnreadableImageError } from '../bibs/unreadable-image.js';
import { decodeUpright } from '../engine-worker/decode.js';
import { LazyModels, perProcessEngine } from '../engine-worker/engine.js';
import { engineWorker } from '../engine-worker/index.js';
import { SerialQueue } from '../engine-worker/serial-queue.js';
import {
  defaultHumanPaths,
  loadHuman,
  type HumanFace,
  type HumanLike,
  type HumanPaths,
} from './human.js';
import {
  mergeDetections,
  planTiles,
  touchesInnerEdge,
  type FaceBox,
  type TileOptions,
} from './tiles.js';
import type { FaceQuality } from './quality.js';
import { descriptionSwitches, locateScaled, type Detection, type Raw } from './detector.js';
import { sharpness } from './sharpness.js';
import { normalise } from './vectors.js';

export { UnreadableImageError };

export interface Face {
  /** In the photo's pixels (after EXIF orientation). */
  box: FaceBox;
  /** Detection score, 0..1. */
  score: number;
  /** `faceres` descriptor scaled to unit length (1024 values): compare with a dot product. */
  embedding: Float32Array;
  /** What says whether the face can identify someone (quality.ts). */
  quality: FaceQuality;
}

export interface DetectFacesOptions {
  /** Search tiles for small faces too (default true; only where the photo is large enough). */
  tiles?: boolean;
  /** Faces whose detector box (about eyebrows to mouth) is smaller than this many photo pixels are ignored; default 20. */
  minFaceSize?: number;
  /** Detections below this score are ignored; default 0.5. */
  minScore?: number;
}

export interface FaceEngine {
  /** Every face on the photo, best score first. Rejects with `UnreadableImageError` for bytes that are not an image. */
  detectFaces(image: Buffer, options?: DetectFacesOptions): Promise<Face[]>;
  /**
   * Where the faces are, in the photo's pixels, largest first: the detector alone, nothing
   * described and nothing kept (the bib reader asks where runners' heads are).
   */
  locateFaces(image: Buffer, options?: DetectFacesOptions): Promise<FaceBox[]>;
  dispose(): Promise<void>;
}

export interface FaceEngineOptions {
  paths?: HumanPaths;
  /** The photo is decoded at most this long on its long side; default 2048. */
  workingSide?: number;
  tiles?: TileOptions;
  /** At most this many faces are described per photo (the largest); default 40. */
  maxFaces?: number;
  /** The description model (default the recipe's `FACE_DESCRIPTOR`; others for measuring). */
  descriptor?: FaceDescriptorName;
  /** Describe each face mirrored too and keep the mean (default the recipe's `DESCRIBE_MIRRORED`; off for measuring). */
  mirror?: boolean;
}

export const DEFAULT_WORKING_SIDE = FACE_WORKING_SIDE;

export function createFaceEngine(options: FaceEngineOptions = {}): FaceEngine {
  return new HumanFaceEngine(options);
}

/**
 * One engine per process (engine-worker/engine.ts): the models take ~15 MB on disk, ~100 MB
 * loaded. From the main thread it runs in the engine worker thread (`engine-worker/`, shared with
 * the OCR engine), so inference never blocks the caller's event loop; inside that thread it is
 * an in-thread engine.
 */
export const sharedFaceEngine: () => FaceEngine = perProcessEngine<FaceEngine>({
  create: () => createFaceEngine(),
  worker: engineWorker,
  calls: { detectFaces: 'detectFaces', locateFaces: 'locateFaces' },
  dispose: 'disposeFaces',
});

/** The faces of a photo, with the shared engine. */
export function detectFaces(image: Buffer, options?: DetectFacesOptions): Promise<Face[]> {
  return sharedFaceEngine().detectFaces(image, options);
}

/** Where the faces of a photo are, with the shared engine (nothing described). */
export function locateFaces(image: Buffer, options?: DetectFacesOptions): Promise<FaceBox[]> {
  return sharedFaceEngine().locateFaces(image, options);
}

class HumanFaceEngine implements FaceEngine {
  readonly #human: LazyModels<HumanLike>;
  /** One photo at a time: the backend is single-threaded, and a queued burst then holds one decoded photo. */
  readonly #queue = new SerialQueue();
  readonly #options: FaceEngineOptions;
  readonly #descriptor: FaceDescriptorName;
  readonly #mirror: boolean;

  constructor(options: FaceEngineOptions) {
    this.#options = options;
    this.#descriptor = options.descriptor ?? FACE_DESCRIPTOR;
    this.#mirror = options.mirror ?? DESCRIBE_MIRRORED;
    this.#human = new LazyModels(() =>
      loadHuman(options.paths ?? defaultHumanPaths(), options.maxFaces ?? 40, this.#descriptor),
    );
  }

  detectFaces(image: Buffer, options: DetectFacesOptions = {}): Promise<Face[]> {
    return this.#queue.run(async () => {
      const { raw, scale } = await decode(image, this.#options.workingSide ?? DEFAULT_WORKING_SIDE);
      const human = await this.#human.get();
      const candidates = await this.#candidates(human, raw, scale, options);
      const faces: Face[] = [];
      for (const candidate of candidates) {
        const described = await describe(human, raw, candidate.box, this.#descriptor, this.#mirror);
        if (!described) continue;
        faces.push({
          box: scaleBox(described.box, scale, raw),
          score: Math.min(candidate.score, described.score),
          embedding: described.embedding,
          quality: {
            ...described.quality,
            size: Math.min(candidate.box.width, candidate.box.height) * scale,
          },
        });
      }
      return mergeDetections(faces).sort((a, b) => b.score - a.score);
    });
  }

  locateFaces(image: Buffer, options: DetectFacesOptions = {}): Promise<FaceBox[]> {
    return this.#queue.run(async () => {
      const { raw, scale } = await decode(image, this.#options.workingSide ?? DEFAULT_WORKING_SIDE);
      const human = await this.#human.get();
      const candidates = await this.#candidates(human, raw, scale, options);
      return candidates.map((c) => scaleBox(c.box, scale, raw));
    });
  }

  /** The detector's boxes over the photo (and its tiles), merged and filtered, largest first. */
  async #candidates(
    human: HumanLike,
    raw: Raw,
    scale: number,
    options: DetectFacesOptions,
  ): Promise<Detection[]> {
    const minSize = (options.minFaceSize ?? MIN_FACE_SIZE) / scale;
    const minScore = options.minScore ?? MIN_FACE_SCORE;
    const maxFaces = this.#options.maxFaces ?? 40;
    const found = await locateScaled(human, raw, maxFaces);
    if (options.tiles !== false) {
      for (const tile of planTiles(raw.width, raw.height, this.#options.tiles)) {
        for (const d of await locateScaled(human, raw, maxFaces, tile)) {
          if (!touchesInnerEdge(d.box, tile, raw.width, raw.height)) found.push(d);
        }
      }
    }
    return mergeDetections(
      found.filter((d) => d.score >= minScore && Math.min(d.box.width, d.box.height) >= minSize),
    )
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)
      .slice(0, maxFaces);
  }

  async dispose(): Promise<void> {
    // tfjs keeps its backend for the process; dropping the reference lets the models be collected.
    void this.#human.take();
    await this.#queue.idle();
  }
}

async function decode(image: Buffer, maxSide: number): Promise<{ raw: Raw; scale: number }> {
  const { raw, scale } = await decodeUpright(image, maxSide);
  return { raw, scale };
}

/** A crop is described for its best face only: in a crowd, its neighbours' faces show at the edges. */
const describeOne = (descriptor: FaceDescriptorName): Record<string, unknown> => ({
  face: {
    detector: { maxDetected: 1 },
    mesh: { enabled: true },
    ...descriptionSwitches(descriptor),
  },
});

/** The face at the centre of a crop around `box`, described; null when the full model finds no face there. */
async function describe(
  human: HumanLike,
  raw: Raw,
  box: FaceBox,
  descriptor: FaceDescriptorName,
  mirror: boolean,
): Promise<{
  box: FaceBox;
  score: number;
  embedding: Float32Array;
  quality: Omit<FaceQuality, 'size'>;
} | null> {
  const plan = cropAround(box, raw);
  if (!plan) return null;
  const { crop, width, height, scale: target } = plan;
  const { data } = await sharp(raw.data, {
    raw: { width: raw.width, height: raw.height, channels: 3 },
  })
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgb = new Int32Array(data);
  const best = await describeCrop(human, rgb, width, height, descriptor);
  if (!best) return null;
  let embedding: Float32Array;
  try {
    embedding = normalise(best.embedding!);
  } catch {
    return null;
  }
  if (mirror) {
    // The same crop mirrored, described the same way; the face's descriptor is the mean.
    const twin = await describeCrop(
      human,
      mirrorPixels(rgb, width, height),
      width,
      height,
      descriptor,
    );
    const mean = twin?.embedding ? mirroredMean(embedding, twin.embedding) : null;
    if (mean) embedding = Float32Array.from(mean);
  }
  const [bx, by, bw, bh] = best.box;
  const angle = best.rotation?.angle;
  const degrees = (radians: number | undefined) => Math.round(((radians ?? 0) * 180) / Math.PI);
  const quality = {
    sharpness: await sharpness(data, width, height, { x: bx, y: by, width: bw, height: bh }),
    yaw: degrees(angle?.yaw),
    pitch: degrees(angle?.pitch),
  };
  return {
    quality,
    box: clipBox(
      {
        x: crop.x + bx / target,
        y: crop.y + by / target,
        width: bw / target,
        height: bh / target,
      },
      raw,
    ),
    score: best.score,
    embedding,
  };
}

/** The face at the centre of a crop (RGB bytes), through the mesh and the descriptor; null when none. */
async function describeCrop(
  human: HumanLike,
  pixels: Int32Array,
  width: number,
  height: number,
  descriptor: FaceDescriptorName,
): Promise<HumanFace | null> {
  const input = human.tf.tensor(pixels, [1, height, width, 3], 'int32');
  try {
    const result = await human.detect(input, describeOne(descriptor));
    if (result.error) throw new Error(`face description failed: ${result.error}`);
    return faceAtCentre(result.face, width, height, FACE_DESCRIPTORS[descriptor].length);
  } finally {
    input.dispose();
  }
}

function scaleBox(box: FaceBox, scale: number, raw: Raw): FaceBox {
  const x = Math.round(box.x * scale);
  const y = Math.round(box.y * scale);
  return {
    x,
    y,
    width: Math.min(Math.round(box.width * scale), Math.round(raw.width * scale) - x),
    height: Math.min(Math.round(box.height * scale), Math.round(raw.height * scale) - y),
  };
}
