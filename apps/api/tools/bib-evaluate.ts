/**
 * Bib search quality on synthetic race photos, measured as search: for every (photo, bib)
 * pair the renderer put in the ground truth, does a search for that bib return the photo,
 * and how many returned pairs are wrong. Photos are rendered on the fly from seeds.
 *
 * Every photo is read once and searched twice: as an event without race results (strategy
 * `ocr`) and as one with them (`ocr` + `results`, the registered bibs given to `readBibs`).
 * The registered bibs are an honest start list: every runner's bib, those on no photo too.
 */
import { randomBibNumber } from '../src/demo/scene/bib.js';
import { renderRaceScene } from '../src/demo/scene/index.js';
import { createRng } from '../src/demo/scene/prng.js';
import { sharedOcrEngine, type OcrEngine, type OcrTextLine } from '../src/bibs/ocr-engine.js';
import { bibsFromLines, type BibDetection, type ReadBibsOptions } from '../src/bibs/read-bibs.js';
import { searchableBibs } from '../src/bibs/strategies.js';

export interface EvaluateOptions {
  count: number;
  seed: number;
  engine?: OcrEngine;
  /** Confidence threshold of the `ocr` strategy; default 0.8 (the event default). */
  threshold?: number;
  /** Passed to `readBibs` (detection side, pattern). */
  read?: Omit<ReadBibsOptions, 'engine' | 'registeredBibs'>;
  /**
   * The event's registered bibs, numbered as given (e.g. 1..15000): runners wear bibs from
   * this list. Without it, runners wear the renderer's bibs (3–5 digits) and the start list is
   * every bib on the photos plus further runners drawn the same way (`startList`).
   */
  registeredBibs?: readonly string[];
  /** Runners on the simulated start list when `registeredBibs` is not given; default 2000. */
  startList?: number;
  /** Also figures for these thresholds, from the same readings. */
  thresholds?: readonly number[];
  onProgress?: (done: number, total: number) => void;
}

export interface PhotoRef {
  /** The scene seed: `renderRaceScene({ seed })` renders the photo again. */
  seed: number;
  index: number;
}

export interface SearchFigures {
  threshold: number;
  returnedPairs: number;
  correctPairs: number;
  precision: number;
  recall: number;
  recallVisible: number;
  recallOccluded: number;
}

export interface SearchErrors {
  falsePositives: (PhotoRef & { bib: string; confidence: number; truth: string[] })[];
  misses: (PhotoRef & {
    bib: string;
    occluded: boolean;
    read: { bib: string; confidence: number }[];
  })[];
  byThreshold: SearchFigures[];
}

/** An event with race results: strategies `ocr` + `results`, `readBibs` given the registered bibs. */
export interface ResultsEvaluation extends SearchFigures, SearchErrors {
  /** How many bibs are registered. */
  registeredBibs: number;
  /** `start list`: the photos' bibs and further runners drawn like them; `given`: `registeredBibs` as passed. */
  numbering: 'start list' | 'given';
}

/** The main figures are an event without race results (strategy `ocr`). */
export interface BibSearchEvaluation extends SearchFigures, SearchErrors {
  photos: number;
  /** True (photo, bib) pairs in the ground truth. */
  truthBibs: number;
  visibleBibs: number;
  occludedBibs: number;
  photosWithoutBib: number;
  /** Wall time of reading a photo (rendering excluded). */
  perPhotoMs: number;
  /** Process CPU time per photo (every thread): what it costs when the machine is shared. */
  perPhotoCpuMs: number;
  photosPerMinute: number;
  withResults: ResultsEvaluation;
}

/** Scene seeds of an evaluation set: stable, and apart from the demo seeder's small seeds. */
export function sceneSeed(seed: number, index: number): number {
  return seed * 100_003 + index;
}

export const DEFAULT_START_LIST = 2000;

interface Photo {
  ref: PhotoRef;
  truth: { bib: string; occluded: boolean }[];
  lines: OcrTextLine[];
}

interface Sample {
  ref: PhotoRef;
  registered: ReadonlySet<string> | undefined;
  truth: { bib: string; occluded: boolean }[];
  detections: BibDetection[];
}

export async function evaluateBibSearch(options: EvaluateOptions): Promise<BibSearchEvaluation> {
  const threshold = options.threshold ?? 0.8;
  if (!Number.isInteger(options.count) || options.count < 1)
    throw new RangeError(`count must be a positive integer, got ${options.count}`);
  const startList = options.startList ?? DEFAULT_START_LIST;
  if (!Number.isInteger(startList) || startList < 1)
    throw new RangeError(`startList must be a positive integer, got ${startList}`);
  const engine = options.engine ?? sharedOcrEngine();
  const pool = options.registeredBibs ? [...options.registeredBibs] : undefined;
  const photos: Photo[] = [];
  let wallMs = 0;
  let cpuMs = 0;
  for (let index = 0; index < options.count; index++) {
    const seed = sceneSeed(options.seed, index);
    const scene = await renderRaceScene({ seed, ...(pool ? { bibPool: pool } : {}) });
    const start = performance.now();
    const cpu = process.cpuUsage();
    const lines = await engine.readText(scene.jpeg, {
      skipSmallPrint: true,
      ...(options.read?.detectionSide ? { detectionSide: options.read.detectionSide } : {}),
    });
    const used = process.cpuUsage(cpu);
    wallMs += performance.now() - start;
    cpuMs += (used.user + used.system) / 1000;
    photos.push({
      ref: { seed, index },
      truth: scene.bibs.map((b) => ({ bib: b.bib, occluded: b.occluded })),
      lines,
    });
    options.onProgress?.(index + 1, options.count);
  }

  const registered = new Set(pool ?? startListOf(photos, startList, options.seed));
  const read = {
    ...(options.read?.pattern ? { pattern: options.read.pattern } : {}),
    minConfidence: 0,
  };
  const plain: Sample[] = photos.map((p) => ({
    ref: p.ref,
    registered: undefined,
    truth: p.truth,
    detections: bibsFromLines(p.lines, read),
  }));
  const withResults: Sample[] = photos.map((p) => ({
    ref: p.ref,
    registered,
    truth: p.truth,
    detections: bibsFromLines(p.lines, { ...read, registeredBibs: registered }),
  }));

  const truthBibs = photos.reduce((n, p) => n + p.truth.length, 0);
  const occludedBibs = photos.reduce((n, p) => n + p.truth.filter((t) => t.occluded).length, 0);
  const perPhotoMs = wallMs / photos.length;
  const thresholds = options.thresholds ?? [];
  return {
    photos: photos.length,
    truthBibs,
    visibleBibs: truthBibs - occludedBibs,
    occludedBibs,
    photosWithoutBib: photos.filter((p) => p.truth.length === 0).length,
    ...figures(plain, threshold),
    ...errors(plain, threshold, thresholds),
    perPhotoMs: Math.round(perPhotoMs),
    perPhotoCpuMs: Math.round(cpuMs / photos.length),
    photosPerMinute: Math.round(60_000 / perPhotoMs),
    withResults: {
      registeredBibs: registered.size,
      numbering: pool ? 'given' : 'start list',
      ...figures(withResults, threshold),
      ...errors(withResults, threshold, thresholds),
    },
  };
}

/**
 * An event's start list: every bib on the photos (each runner photographed is registered)
 * and further runners, drawn as the renderer draws bibs, up to `size` (a real list has
 * runners no photo shows, and each of them is one more bib a partial reading could fit).
 */
export function startListOf(
  photos: readonly { truth: readonly { bib: string }[] }[],
  size: number,
  seed: number,
): string[] {
  const bibs = new Set(photos.flatMap((p) => p.truth.map((t) => t.bib)));
  const rng = createRng(seed).fork(0x5717);
  for (let tries = 0; bibs.size < size && tries < size * 20; tries++)
    bibs.add(randomBibNumber(rng));
  return [...bibs];
}

function errors(
  samples: readonly Sample[],
  threshold: number,
  thresholds: readonly number[],
): SearchErrors {
  const falsePositives: SearchErrors['falsePositives'] = [];
  const misses: SearchErrors['misses'] = [];
  for (const s of samples) {
    const truth = new Set(s.truth.map((t) => t.bib));
    const found = new Set(returned(s, threshold));
    for (const d of s.detections) {
      if (found.has(d.bib) && !truth.has(d.bib))
        falsePositives.push({
          ...s.ref,
          bib: d.bib,
          confidence: round(d.confidence),
          truth: [...truth],
        });
    }
    for (const t of s.truth) {
      if (!found.has(t.bib))
        misses.push({
          ...s.ref,
          bib: t.bib,
          occluded: t.occluded,
          read: s.detections
            .filter((d) => d.confidence >= 0.05)
            .map((d) => ({ bib: d.bib, confidence: round(d.confidence) })),
        });
    }
  }
  return { falsePositives, misses, byThreshold: thresholds.map((t) => figures(samples, t)) };
}

function returned(sample: Sample, threshold: number): string[] {
  return sample.registered
    ? searchableBibs({
        detections: sample.detections,
        strategies: ['ocr', 'results'],
        threshold,
        registeredBibs: sample.registered,
      })
    : searchableBibs({ detections: sample.detections, strategies: ['ocr'], threshold });
}

function figures(samples: readonly Sample[], threshold: number): SearchFigures {
  let returnedPairs = 0;
  let correctPairs = 0;
  const hits = { visible: 0, occluded: 0 };
  const totals = { visible: 0, occluded: 0 };
  for (const s of samples) {
    const found = returned(s, threshold);
    const truth = new Map(s.truth.map((t) => [t.bib, t.occluded]));
    returnedPairs += found.length;
    correctPairs += found.filter((bib) => truth.has(bib)).length;
    for (const t of s.truth) {
      const kind = t.occluded ? 'occluded' : 'visible';
      totals[kind]++;
      if (found.includes(t.bib)) hits[kind]++;
    }
  }
  const truthPairs = totals.visible + totals.occluded;
  return {
    threshold,
    returnedPairs,
    correctPairs,
    precision: ratio(correctPairs, returnedPairs),
    recall: ratio(hits.visible + hits.occluded, truthPairs),
    recallVisible: ratio(hits.visible, totals.visible),
    recallOccluded: ratio(hits.occluded, totals.occluded),
  };
}

/** An empty denominator means nothing could go wrong: 1. */
function ratio(n: number, d: number): number {
  return d === 0 ? 1 : round(n / d);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
