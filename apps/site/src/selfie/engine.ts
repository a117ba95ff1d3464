/**
 * Describes a selfie in the browser with Human (BlazeFace, face mesh, `faceres`) on tfjs's
 * WebAssembly backend: the same models and the same crop as the API's `faces` job, so only the
 * 1024-number descriptor has to leave the device.
 *
 * This module is imported on demand (when the visitor opens the selfie option): Human's browser
 * build (~2 MB of JavaScript) and the models (~9 MB) are never part of the gallery's first load.
 * The model files and .wasm binaries come from the site itself (`public/face-models/`, copied
 * from node_modules by next.config.ts).
 */
import { FACE_EMBEDDING_LENGTH } from '@eventsite/contract/constants';
import {
  DESCRIBE_MIRRORED,
  humanFaceConfig,
  mirroredMean,
  mirrorPixels,
  SHARPNESS_SIDE,
  unidentifiable,
} from '@eventsite/contract/face-recipe';
import {
  SelfieError,
  poseOf,
  sharpnessOfRgba,
  cropAround,
  faceAtCentre,
  rgbOf,
  unitDescriptor,
  usableFaces,
  workingSize,
  type FaceRect,
  type DetectedFace,
} from './pipeline';

/** Where the site serves the model and .wasm files (set by next.config.ts, versioned). */
export const FACE_MODELS_PATH = process.env.NEXT_PUBLIC_FACE_MODELS_PATH ?? '/face-models/';
/** The model files, in the order they are downloaded (faceres, the large one, last). */
export const MODEL_FILES = ['blazeface', 'facemesh', 'faceres'].flatMap((m) => [`${m}.json`, `${m}.bin`]);
/** The models are read through this scheme from what was downloaded (with progress), not fetched again. */
const SCHEME = 'selfie-models://';

export interface LoadProgress {
  received: number;
  /** Bytes in all, once every file's size is known; null before. */
  total: number | null;
}

export interface Described {
  /** Unit length, 1024 values. */
  descriptor: number[];
  /** Faces found on the selfie; the largest was described. */
  faces: number;
  /** The described face, in the selfie's pixels. */
  box: FaceRect;
}

interface Tensor {
  dispose(): void;
}
interface HumanLike {
  load(): Promise<void>;
  detect(input: Tensor, config?: Record<string, unknown>): Promise<{ face: DetectedFace[]; error?: string | null }>;
  tf: {
    tensor(values: Int32Array, shape: number[], dtype: 'int32'): Tensor;
    getBackend(): string;
    io: { registerLoadRouter(router: (url: string | string[]) => unknown): void };
  };
}

let loading: Promise<HumanLike> | null = null;
const progressListeners = new Set<(p: LoadProgress) => void>();

/** Whether this browser can try at all (WebAssembly and a canvas to read pixels from). */
export function browserCanDescribe(): boolean {
  return typeof WebAssembly === 'object' && typeof createImageBitmap === 'function' && typeof document !== 'undefined';
}

/** Downloads every model file, reporting bytes as they arrive. */
async function download(onProgress: (p: LoadProgress) => void): Promise<Map<string, ArrayBuffer>> {
  const responses = await Promise.all(
    MODEL_FILES.map(async (file) => {
      const response = await fetch(`${FACE_MODELS_PATH}${file}`);
      if (!response.ok) throw new SelfieError('model', `${file}: HTTP ${response.status}`);
      return response;
    }),
  );
  // Compressed responses (the JSON, a few KB) have no length: the progress counts the weights.
  const sizes = responses.map((r) => (r.headers.get('content-encoding') ? 0 : Number(r.headers.get('content-length')) || 0));
  const known = sizes.reduce((a, b) => a + b, 0);
  const total = known > 0 ? known : null;
  let received = 0;
  onProgress({ received, total });
  const files = new Map<string, ArrayBuffer>();
  await Promise.all(
    responses.map(async (response, i) => {
      const reader = response.body?.getReader();
      if (!reader) {
        const body = await response.arrayBuffer();
        if (sizes[i]) received += body.byteLength;
        onProgress({ received, total });
        files.set(MODEL_FILES[i]!, body);
        return;
      }
      const chunks: Uint8Array[] = [];
      let length = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        length += value.byteLength;
        if (sizes[i]) {
          received += value.byteLength;
          onProgress({ received, total });
        }
      }
      const body = new Uint8Array(length);
      let at = 0;
      for (const c of chunks) {
        body.set(c, at);
        at += c.byteLength;
      }
      files.set(MODEL_FILES[i]!, body.buffer);
    }),
  );
  return files;
}

/** A tfjs load router that hands Human the downloaded model JSON and weights. */
function routerFor(files: Map<string, ArrayBuffer>) {
  return (url: string | string[]) => {
    const first = Array.isArray(url) ? url[0] : url;
    if (typeof first !== 'string' || !first.startsWith(SCHEME)) return null;
    const name = first.slice(SCHEME.length);
    return {
      async load() {
        const json = files.get(name);
        if (!json) throw new SelfieError('model', `${name} was not downloaded`);
        const { weightsManifest, ...artifacts } = JSON.parse(new TextDecoder().decode(json)) as {
          weightsManifest: { paths: string[]; weights: unknown[] }[];
          [key: string]: unknown;
        };
        const specs: unknown[] = [];
        const shards: Uint8Array[] = [];
        for (const group of weightsManifest) {
          specs.push(...group.weights);
          for (const shard of group.paths) {
            const data = files.get(shard);
            if (!data) throw new SelfieError('model', `${shard} was not downloaded`);
            shards.push(new Uint8Array(data));
          }
        }
        const weights = new Uint8Array(shards.reduce((n, s) => n + s.byteLength, 0));
        let at = 0;
        for (const s of shards) {
          weights.set(s, at);
          at += s.byteLength;
        }
        return { ...artifacts, weightSpecs: specs, weightData: weights.buffer };
      },
    };
  };
}

/** Human's configuration: the recipe's (the API's engine uses the same), with the files the site serves. */
function humanConfig(): Record<string, unknown> {
  return {
    ...humanFaceConfig({
      wasmPath: new URL(FACE_MODELS_PATH, window.location.href).href,
      modelBasePath: SCHEME,
      maxFaces: 20,
    }),
    // Settings of the browser's engine only.
    wasmPlatformFetch: false,
    cacheModels: false,
  };
}

async function load(): Promise<HumanLike> {
  if (!browserCanDescribe()) throw new SelfieError('model', 'this browser has no WebAssembly or canvas');
  const report = (p: LoadProgress) => progressListeners.forEach((l) => l(p));
  let human: HumanLike;
  let files: Map<string, ArrayBuffer>;
  try {
    const [library, downloaded] = await Promise.all([import('@vladmandic/human'), download(report)]);
    files = downloaded;
    const Human = (library as unknown as { Human: new (config: Record<string, unknown>) => HumanLike }).Human;
    human = new Human(humanConfig());
  } catch (error) {
    throw error instanceof SelfieError ? error : new SelfieError('model', String(error));
  }
  human.tf.io.registerLoadRouter(routerFor(files));
  try {
    await human.load();
  } catch (error) {
    throw new SelfieError('model', String(error));
  }
  if (human.tf.getBackend() !== 'wasm') throw new SelfieError('model', `expected the wasm backend, got ${human.tf.getBackend()}`);
  // Human logs a model that failed to load and goes on: a detection on a blank frame tells.
  const probe = human.tf.tensor(new Int32Array(32 * 32 * 3), [1, 32, 32, 3], 'int32');
  try {
    const result = await human.detect(probe, DESCRIBE);
    if (result.error) throw new SelfieError('model', result.error);
  } finally {
    probe.dispose();
  }
  return human;
}

/** Loads Human and the models once per page; later calls share the first. */
export function loadFaceModel(onProgress?: (p: LoadProgress) => void): Promise<unknown> {
  return human(onProgress);
}

function human(onProgress?: (p: LoadProgress) => void): Promise<HumanLike> {
  if (onProgress) progressListeners.add(onProgress);
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading.finally(() => {
    if (onProgress) progressListeners.delete(onProgress);
  });
}

// Human merges a call's config into its own for good, so each kind of call sets both switches.
const DETECT_ONLY = { face: { detector: { maxDetected: 20 }, mesh: { enabled: false }, description: { enabled: false } } };
const DESCRIBE = { face: { detector: { maxDetected: 1 }, mesh: { enabled: true }, description: { enabled: true } } };

function canvasOf(width: number, height: number): CanvasRenderingContext2D {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new SelfieError('model', 'no 2D canvas');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  return context;
}

/** The RGB values of a canvas, as the model's input takes them. */
function pixelsOf(context: CanvasRenderingContext2D): Int32Array {
  const { width, height } = context.canvas;
  return rgbOf(context.getImageData(0, 0, width, height).data, width, height);
}

async function detect(human: HumanLike, context: CanvasRenderingContext2D, config: Record<string, unknown>): Promise<DetectedFace[]> {
  return detectPixels(human, pixelsOf(context), context.canvas.width, context.canvas.height, config);
}

async function detectPixels(
  human: HumanLike,
  rgb: Int32Array,
  width: number,
  height: number,
  config: Record<string, unknown>,
): Promise<DetectedFace[]> {
  const input = human.tf.tensor(rgb, [1, height, width, 3], 'int32');
  try {
    const result = await human.detect(input, config);
    if (result.error) throw new SelfieError('model', result.error);
    return result.face;
  } finally {
    input.dispose();
  }
}

/**
 * The selfie's descriptor: its largest face, cropped and described like the `faces` job does.
 * Rejects with a SelfieError: `unreadable` (not an image this browser decodes), `no-face`,
 * `model` (the model could not be loaded or run here: the upload fallback applies).
 */
export async function describeSelfie(file: Blob, onProgress?: (p: LoadProgress) => void): Promise<Described> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new SelfieError('unreadable');
  }
  try {
    const model = await human(onProgress);
    const size = workingSize(bitmap.width, bitmap.height);
    const frame = canvasOf(size.width, size.height);
    frame.drawImage(bitmap, 0, 0, size.width, size.height);

    const faces = usableFaces(await detect(model, frame, DETECT_ONLY));
    const largest = faces[0];
    if (!largest) throw new SelfieError('no-face');
    const [x, y, width, height] = largest.box;
    const plan = cropAround({ x, y, width, height }, size);
    if (!plan) throw new SelfieError('no-face');
    const crop = canvasOf(plan.width, plan.height);
    crop.drawImage(frame.canvas, plan.crop.x, plan.crop.y, plan.crop.width, plan.crop.height, 0, 0, plan.width, plan.height);
    const pixels = pixelsOf(crop);
    const described = faceAtCentre(await detectPixels(model, pixels, plan.width, plan.height, DESCRIBE), plan.width, plan.height);
    let descriptor = described?.embedding ? unitDescriptor(described.embedding) : null;
    if (!described || !descriptor || descriptor.length !== FACE_EMBEDDING_LENGTH) throw new SelfieError('no-face');
    if (DESCRIBE_MIRRORED) {
      // The crop mirrored, described the same way; the descriptor is the mean, as the API's.
      const mirrored = mirrorPixels(pixels, plan.width, plan.height);
      const twin = faceAtCentre(await detectPixels(model, mirrored, plan.width, plan.height, DESCRIBE), plan.width, plan.height);
      descriptor = (twin?.embedding && mirroredMean(descriptor, twin.embedding)) || descriptor;
    }
    const toSelfie = bitmap.width / size.width;
    const [bx, by, bw, bh] = described.box;
    // A face that cannot identify anyone is not searched: the visitor is told what to change.
    const square = canvasOf(SHARPNESS_SIDE, SHARPNESS_SIDE);
    square.drawImage(crop.canvas, bx, by, Math.max(1, bw), Math.max(1, bh), 0, 0, SHARPNESS_SIDE, SHARPNESS_SIDE);
    const poor = unidentifiable({
      size: Math.min(width, height) * toSelfie,
      sharpness: sharpnessOfRgba(square.getImageData(0, 0, SHARPNESS_SIDE, SHARPNESS_SIDE).data),
      ...poseOf(described),
    });
    if (poor) throw new SelfieError(poor);
    return {
      descriptor,
      faces: faces.length,
      box: {
        x: Math.round((plan.crop.x + bx / plan.scale) * toSelfie),
        y: Math.round((plan.crop.y + by / plan.scale) * toSelfie),
        width: Math.round((bw / plan.scale) * toSelfie),
        height: Math.round((bh / plan.scale) * toSelfie),
      },
    };
  } catch (error) {
    throw error instanceof SelfieError ? error : new SelfieError('model', String(error));
  } finally {
    bitmap.close();
  }
}

