/**
 * "More photos of you" (face fusion): the face above a runner's confidently read bib is searched
 * for the photos where the bib is hidden. One similarity bar for every event is not enough: on
 * faces the model tells apart poorly (the demo's drawn faces, a crowd of look-alikes) strangers
 * pass it. So the bar is calibrated per event from the event's own faces: faces worn above
 * *different* confidently read bibs are known to be different people (impostor pairs).
 *
 * - The bar is the higher of the event's threshold and a high quantile of its impostor
 *   similarities (`FUSION_IMPOSTOR_QUANTILE`): strangers of this event rarely reach it.
 * - A face found must also be clearly nearer the runner's faces than any other runner's known
 *   face (`FUSION_MARGIN`): a stranger whose own bib was read elsewhere is turned away even
 *   above the bar, and so is a face found where the bib of another runner sits under it.
 *
 * Both were chosen on half of the demo's bibs and checked on the other half and on photographed
 * faces (docs/selfie-search.md, "More photos of you on the demo's drawn faces").
 */
import type { FaceIndex } from './face-index.js';
import { MATCH_STANDOUT, MIN_STANDOUT_FACES } from './thresholds.js';

/** The quantile of the event's impostor similarities that the bar is raised to. */
export const FUSION_IMPOSTOR_QUANTILE = 0.99;
/** How much nearer the runner's faces than any other runner's a face found must be. */
export const FUSION_MARGIN = 0.02;
/** Fewer impostor pairs than this say nothing about the event: the event's threshold alone. */
export const MIN_IMPOSTOR_PAIRS = 50;
/** Labelled faces kept per event (a deterministic sample past this): the margin test's reference. */
export const MAX_LABELLED_FACES = 1000;
/** Labelled faces the impostor quantile is computed on (their pairs: ~80,000 at most). */
export const MAX_QUANTILE_FACES = 400;

/** A face worn above a confidently read bib: who it is, as far as the event knows. */
export interface LabelledFace {
  id: number;
  photoId: string;
  /** The bibs read under it (a lettered bib and its number are one runner). */
  bibs: string[];
  embedding: Float32Array;
}

export interface FusionCalibration {
  /** The similarity a face must reach: max(the event's threshold, impostor quantile). */
  bar: number;
  /** The event's impostor similarity at `FUSION_IMPOSTOR_QUANTILE`, or null (too few pairs). */
  impostorQuantile: number | null;
  /** Impostor pairs measured. */
  pairs: number;
  /** The margin test's reference: known faces and whose they are. */
  labelled: LabelledFace[];
}

export interface FusionOptions {
  quantile?: number | null;
  margin?: number | null;
}

/** A bib's number without its letters ("F123" → "123"): the runner, for telling runners apart. */
function runnerKey(bib: string): string {
  const digits = bib.replace(/\D/g, '');
  return digits === '' ? bib : digits;
}

/** Whether two label sets may be the same runner (they share a bib, or a bib's number). */
export function mayBeSameRunner(a: readonly string[], b: readonly string[]): boolean {
  const keys = new Set(a.map(runnerKey));
  return b.some((bib) => keys.has(runnerKey(bib)));
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Every `step`-th item, so a big event's sample is spread over it and the same each time. */
function sample<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * step)]!);
}

/** The value below which `q` of the sorted values lie. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[at]!;
}

/** The event's calibration from its labelled faces (unit embeddings) and its threshold. */
export function calibrateFusion(
  faces: LabelledFace[],
  threshold: number,
  options: FusionOptions = {},
): FusionCalibration {
  const q = options.quantile === undefined ? FUSION_IMPOSTOR_QUANTILE : options.quantile;
  const labelled = sample(
    [...faces].sort((a, b) => a.id - b.id),
    MAX_LABELLED_FACES,
  );
  const few = sample(labelled, MAX_QUANTILE_FACES);
  const sims: number[] = [];
  for (let i = 0; i < few.length; i++)
    for (let j = i + 1; j < few.length; j++)
      if (!mayBeSameRunner(few[i]!.bibs, few[j]!.bibs))
        sims.push(dot(few[i]!.embedding, few[j]!.embedding));
  const sorted = Float64Array.from(sims).sort();
  const impostorQuantile =
    q === null || sorted.length < MIN_IMPOSTOR_PAIRS
      ? null
      : Math.round(quantile(sorted, q) * 1000) / 1000;
  return {
    bar: Math.max(threshold, impostorQuantile ?? -1),
    impostorQuantile,
    pairs: sorted.length,
    labelled,
  };
}

/**
 * Whether a face found at `similarity` to the runner (whose bibs are `bibs`) is clearly nearer
 * the runner than every other runner's known face: `similarity − nearest other ≥ margin`.
 */
export function nearerThanOthers(
  calibration: FusionCalibration,
  bibs: readonly string[],
  embedding: ArrayLike<number>,
  similarity: number,
  margin: number | null = FUSION_MARGIN,
): boolean {
  if (margin === null) return true;
  let nearest = -1;
  for (const face of calibration.labelled) {
    if (mayBeSameRunner(face.bibs, bibs)) continue;
    const s = dot(face.embedding, embedding);
    if (s > nearest) nearest = s;
    if (similarity - nearest < margin) return false;
  }
  return true;
}

/**
 * The photos "more photos of you" answers: per photo outside `exclude`, its face most similar
 * to any query, at or above the bar and nearer the runner than any other runner.
 */
export function fuse(
  index: FaceIndex,
  queries: ReadonlyArray<ArrayLike<number>>,
  calibration: FusionCalibration,
  bibs: readonly string[],
  exclude: ReadonlySet<string>,
  options: { limit: number; margin?: number | null; minStandout?: number | null },
): Map<string, { similarity: number; face: number }> {
  const minStandout = options.minStandout === undefined ? MATCH_STANDOUT : options.minStandout;
  // Per face, its best similarity to any query.
  const faces = new Map<number, { photoId: string; similarity: number }>();
  for (const query of queries)
    for (const found of index.search(query, {
      limit: options.limit,
      minSimilarity: calibration.bar,
      // As sure as a selfie's match: standing out from the event's faces (thresholds.ts).
      minStandout: index.size >= MIN_STANDOUT_FACES && minStandout !== null ? minStandout : undefined,
    })) {
      if (exclude.has(found.photoId)) continue;
      if ((faces.get(found.id)?.similarity ?? -1) < found.similarity)
        faces.set(found.id, { photoId: found.photoId, similarity: found.similarity });
    }
  const best = new Map<string, { similarity: number; face: number }>();
  for (const [id, { photoId, similarity }] of faces) {
    if ((best.get(photoId)?.similarity ?? -1) >= similarity) continue;
    const embedding = index.embedding(id);
    if (
      embedding &&
      !nearerThanOthers(
        calibration,
        bibs,
        embedding,
        similarity,
        options.margin === undefined ? FUSION_MARGIN : options.margin,
      )
    )
      continue;
    best.set(photoId, { similarity, face: id });
  }
  return best;
}
