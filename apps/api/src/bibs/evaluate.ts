/**
 * Bib search quality on synthetic race photos, measured as search: for every (photo, bib)
 * pair the renderer put in the ground truth, does a search for that bib return the photo,
 * and how many returned pairs are wrong. Photos are rendered on the fly from seeds.
 */
import { renderRaceScene } from '../demo/scene/index.js';
import type { OcrEngine } from './ocr-engine.js';
import { readBibs, type BibDetection, type ReadBibsOptions } from './read-bibs.js';
import { searchableBibs } from './strategies.js';

export interface EvaluateOptions {
  count: number;
  seed: number;
  engine?: OcrEngine;
  /** Confidence threshold of the `ocr` strategy; default 0.8 (the event default). */
  threshold?: number;
  /** Passed to `readBibs` (detection side, pattern). */
  read?: Omit<ReadBibsOptions, 'engine' | 'registeredBibs'>;
  /**
   * Simulate an event with race results: runners wear these bibs, `readBibs` gets them as
   * the registered set and search uses strategies ['ocr', 'results'].
   */
  registeredBibs?: readonly string[];
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

export interface BibSearchEvaluation extends SearchFigures {
  photos: number;
  /** True (photo, bib) pairs in the ground truth. */
  truthBibs: number;
  visibleBibs: number;
  occludedBibs: number;
  photosWithoutBib: number;
  /** Wall time of `readBibs` per photo (rendering excluded). */
  perPhotoMs: number;
  /** Process CPU time per photo: what it costs when the machine is shared. */
  perPhotoCpuMs: number;
  photosPerMinute: number;
  falsePositives: (PhotoRef & { bib: string; confidence: number; truth: string[] })[];
  misses: (PhotoRef & {
    bib: string;
    occluded: boolean;
    read: { bib: string; confidence: number }[];
  })[];
  byThreshold: SearchFigures[];
}

/** Scene seeds of an evaluation set: stable, and apart from the demo seeder's small seeds. */
export function sceneSeed(seed: number, index: number): number {
  return seed * 100_003 + index;
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
  const registered = options.registeredBibs ? new Set(options.registeredBibs) : undefined;
  const pool = options.registeredBibs ? [...options.registeredBibs] : undefined;
  const samples: Sample[] = [];
  let wallMs = 0;
  let cpuMs = 0;
  for (let index = 0; index < options.count; index++) {
    const seed = sceneSeed(options.seed, index);
    const scene = await renderRaceScene({ seed, ...(pool ? { bibPool: pool } : {}) });
    const start = performance.now();
    const cpu = process.cpuUsage();
    const detections = await readBibs(scene.jpeg, {
      ...options.read,
      ...(options.engine ? { engine: options.engine } : {}),
      ...(registered ? { registeredBibs: registered } : {}),
      minConfidence: 0,
    });
    const used = process.cpuUsage(cpu);
    wallMs += performance.now() - start;
    cpuMs += (used.user + used.system) / 1000;
    samples.push({
      ref: { seed, index },
      registered,
      truth: scene.bibs.map((b) => ({ bib: b.bib, occluded: b.occluded })),
      detections,
    });
    options.onProgress?.(index + 1, options.count);
  }

  const main = figures(samples, threshold);
  const falsePositives: BibSearchEvaluation['falsePositives'] = [];
  const misses: BibSearchEvaluation['misses'] = [];
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
          read: s.detections.map((d) => ({ bib: d.bib, confidence: round(d.confidence) })),
        });
    }
  }
  const truthBibs = samples.reduce((n, s) => n + s.truth.length, 0);
  const occludedBibs = samples.reduce((n, s) => n + s.truth.filter((t) => t.occluded).length, 0);
  const perPhotoMs = wallMs / samples.length;
  return {
    photos: samples.length,
    truthBibs,
    visibleBibs: truthBibs - occludedBibs,
    occludedBibs,
    photosWithoutBib: samples.filter((s) => s.truth.length === 0).length,
    ...main,
    perPhotoMs: Math.round(perPhotoMs),
    perPhotoCpuMs: Math.round(cpuMs / samples.length),
    photosPerMinute: Math.round(60_000 / perPhotoMs),
    falsePositives,
    misses,
    byThreshold: (options.thresholds ?? []).map((t) => figures(samples, t)),
  };
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
