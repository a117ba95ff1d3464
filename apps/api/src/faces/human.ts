/**
 * Loads `@vladmandic/human` on the tfjs WebAssembly backend, offline: the Node WASM build is
 * loaded by file path (the package's `exports` map names it without "./", so it cannot be
 * imported by specifier), the backend's .wasm files come from `@tensorflow/tfjs-backend-wasm/dist/`
 * and models from `@vladmandic/human/models/` through a `file://` load router. Nothing is fetched.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  FACE_DESCRIPTOR,
  humanFaceConfig,
  type FaceDescriptorName,
} from '@eventsite/contract/face-recipe';

const require = createRequire(import.meta.url);

/** The part of Human's result we use. */
export interface HumanFace {
  /** x, y, width, height in the input's pixels. */
  box: [number, number, number, number];
  /** Combined detection and mesh score, 0..1. */
  score: number;
  boxScore: number;
  faceScore: number;
  embedding?: number[];
  /** Head pose from the mesh, in radians. */
  rotation?: { angle?: { roll?: number; yaw?: number; pitch?: number } };
}

export interface HumanTensor {
  dispose(): void;
}

export interface HumanLike {
  load(): Promise<void>;
  detect(
    input: HumanTensor,
    config?: Record<string, unknown>,
  ): Promise<{ face: HumanFace[]; error?: string | null }>;
  tf: {
    tensor(values: Int32Array, shape: number[], dtype: 'int32'): HumanTensor;
    getBackend(): string;
    memory(): { numTensors: number; numBytes: number };
  };
}

export interface HumanPaths {
  /** `human.node-wasm.js`. */
  library: string;
  /** Folder with the model .json and .bin files. */
  models: string;
  /** Folder with `tfjs-backend-wasm*.wasm`, ending in a separator. */
  wasm: string;
}

export function defaultHumanPaths(): HumanPaths {
  // The package's `require` export is dist/human.node.js (tfjs-node); its WASM build sits beside it.
  const dist = path.dirname(require.resolve('@vladmandic/human'));
  const wasmPackage = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
  return {
    library: path.join(dist, 'human.node-wasm.js'),
    models: path.join(dist, '..', 'models'),
    wasm: path.join(wasmPackage, 'dist') + path.sep,
  };
}

let routerInstalled = false;

/** `tf.loadGraphModel('file:///…/model.json')` reads the model and its weight shards from disk. */
function installFileRouter(): void {
  if (routerInstalled) return;
  routerInstalled = true;
  // The same tfjs-core instance Human's Node build requires.
  const tf = require('@tensorflow/tfjs-core') as {
    io: { registerLoadRouter(router: (url: string | string[]) => unknown): void };
  };
  tf.io.registerLoadRouter((url) => {
    const first = Array.isArray(url) ? url[0] : url;
    if (typeof first !== 'string' || !first.startsWith('file://')) return null;
    const file = decodeURIComponent(first.slice('file://'.length));
    return {
      async load() {
        const json = JSON.parse(await readFile(file, 'utf8')) as {
          weightsManifest: { paths: string[]; weights: unknown[] }[];
          [key: string]: unknown;
        };
        const { weightsManifest, ...artifacts } = json;
        const specs: unknown[] = [];
        const shards: Buffer[] = [];
        for (const group of weightsManifest) {
          specs.push(...group.weights);
          for (const shard of group.paths)
            shards.push(await readFile(path.join(path.dirname(file), shard)));
        }
        const weights = Buffer.concat(shards);
        return {
          ...artifacts,
          weightSpecs: specs,
          weightData: weights.buffer.slice(
            weights.byteOffset,
            weights.byteOffset + weights.byteLength,
          ),
        };
      },
    };
  });
}

/** Human's configuration: the face recipe's (the browser uses the same), with local files. */
export function humanConfig(
  paths: HumanPaths,
  maxFaces: number,
  descriptor: FaceDescriptorName = FACE_DESCRIPTOR,
): Record<string, unknown> {
  return humanFaceConfig({
    wasmPath: paths.wasm,
    modelBasePath: 'file://' + paths.models.split(path.sep).join('/') + '/',
    maxFaces,
    descriptor,
  });
}

export async function loadHuman(
  paths: HumanPaths,
  maxFaces: number,
  descriptor: FaceDescriptorName = FACE_DESCRIPTOR,
): Promise<HumanLike> {
  installFileRouter();
  const { Human } = require(paths.library) as {
    Human: new (config: Record<string, unknown>) => HumanLike;
  };
  const human = new Human(humanConfig(paths, maxFaces, descriptor));
  await human.load();
  if (human.tf.getBackend() !== 'wasm')
    throw new Error(`face engine: expected the wasm backend, got ${human.tf.getBackend()}`);
  return human;
}
