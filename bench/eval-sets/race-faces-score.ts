/**
 * Scores selfie search and "more photos of you" on the real race photos (race-faces.ts) from the
 * faces the product's engine found: who each face is (by the labelled face boxes), genuine and
 * impostor similarities, and the answers a search gives at a threshold.
 */
import { FaceIndex, type FaceMatch } from '../../apps/api/src/faces/face-index.js';
import { calibrateFusion, fuse, type LabelledFace } from '../../apps/api/src/faces/fusion.js';
import {
  unidentifiable,
  type FaceQuality,
  type QualityLimits,
} from '../../apps/api/src/faces/quality.js';
import { bibOfSelfie, keptWithBib } from '../../apps/api/src/faces/selfie-bib.js';
import { matchTier, type MatchBars } from '../../apps/api/src/faces/thresholds.js';
import { MAX_SELFIE_MATCHES } from '../../packages/contract/src/constants.js';
import { runnerOfFace, type Box, type RaceFaces } from './race-faces.js';

export interface FoundFace {
  box: Box;
  score: number;
  quality: FaceQuality;
  embedding: number[] | Float32Array;
}

export interface Described {
  /** The faces found on each photo. */
  photos: Record<string, FoundFace[]>;
  /** Each labelled appearance's selfie: the largest face found on its crop, or null. */
  selfies: Array<{ photo: string; runner: string; face: FoundFace | null }>;
}

export type Part = 'tuning' | 'heldOut' | 'all';

/** Faces a selfie search looks at, as the API (services/faces.ts). */
const FACES_PER_SEARCH = MAX_SELFIE_MATCHES * 4;

export interface Face extends FoundFace {
  id: number;
  photo: string;
  runner: string | null;
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Every face found, with the labelled runner it is (null: nobody labelled there). */
export function facesOf(
  set: RaceFaces,
  described: Described,
  limits?: QualityLimits | null,
): Face[] {
  const faces: Face[] = [];
  for (const photo of set.photos)
    for (const f of described.photos[photo] ?? []) {
      if (limits !== null && unidentifiable(f.quality, limits)) continue;
      faces.push({ ...f, id: faces.length + 1, photo, runner: runnerOfFace(set, photo, f.box) });
    }
  return faces;
}

function inPart(set: RaceFaces, runner: string | null, part: Part): boolean {
  if (part === 'all') return true;
  if (runner === null) return part === 'tuning';
  const held = set.heldOut.has(runner);
  return part === 'heldOut' ? held : !held;
}

/**
 * Similarities of faces on different photos: genuine (the same labelled runner) and impostor
 * (different runners, or a labelled runner and a face nobody is labelled at). The tuning part
 * never touches a held-out runner's face; the held-out part keeps pairs with one.
 */
export function similarities(set: RaceFaces, faces: Face[], part: Part) {
  const genuine: number[] = [];
  const impostor: number[] = [];
  for (let i = 0; i < faces.length; i++)
    for (let j = i + 1; j < faces.length; j++) {
      const a = faces[i]!;
      const b = faces[j]!;
      if (a.photo === b.photo || (a.runner === null && b.runner === null)) continue;
      const held = [a.runner, b.runner].some((r) => r !== null && set.heldOut.has(r));
      if (part === 'tuning' && held) continue;
      if (part === 'heldOut' && !held) continue;
      const s = dot(a.embedding, b.embedding);
      if (a.runner === b.runner) genuine.push(s);
      else impostor.push(s);
    }
  return { genuine: genuine.sort((x, y) => x - y), impostor: impostor.sort((x, y) => x - y) };
}

export interface SelfieFigures {
  selfies: number;
  /** Selfies whose face could not be used (none found, or it fails the quality limits). */
  refused: number;
  right: number;
  wrong: number;
  /** The runner's other photos, summed over the selfies. */
  relevant: number;
}

export const precision = (f: { right: number; wrong: number }) =>
  f.right + f.wrong === 0 ? 1 : f.right / (f.right + f.wrong);
export const recall = (f: { right: number; relevant: number }) =>
  f.relevant === 0 ? 1 : f.right / f.relevant;

/** The rule a selfie search answers by: the product's bars, or a similarity alone (before). */
export type SelfieRule = { bars: MatchBars } | { similarity: number };

/**
 * Each selfie of a runner on two or more photos searched against the race's indexed faces as the
 * API searches (FaceIndex, the faces a search looks at, the bars): a photo is answered when it
 * has a match; right when the runner is labelled on it. The selfie's own photo is left out (a
 * visitor's selfie is not one of the event's photos).
 */
export function selfieSearch(
  set: RaceFaces,
  described: Described,
  faces: Face[],
  part: Part,
  rule: SelfieRule,
  limits?: QualityLimits | null,
  bibs?: { readShare: number },
  expand?: { confirm: number | null },
): SelfieFigures {
  const figures: SelfieFigures = { selfies: 0, refused: 0, right: 0, wrong: 0, relevant: 0 };
  const index = new FaceIndex({ dimensions: faces[0]?.embedding.length });
  for (const f of faces) index.add(f.id, f.photo, f.embedding);
  const photosOf = new Map<string, Set<string>>();
  for (const a of set.appearances)
    photosOf.set(a.runner, (photosOf.get(a.runner) ?? new Set()).add(a.photo));
  for (const selfie of described.selfies) {
    const mine = photosOf.get(selfie.runner)!;
    if (mine.size < 2 || !inPart(set, selfie.runner, part)) continue;
    figures.selfies++;
    figures.relevant += mine.size - 1;
    const face = selfie.face;
    if (!face || (limits !== null && unidentifiable(face.quality, limits))) {
      figures.refused++;
      continue;
    }
    const found: FaceMatch[] =
      'bars' in rule
        ? index
            .search(face.embedding, {
              limit: FACES_PER_SEARCH,
              minSimilarity: rule.bars.match.similarity,
              minStandout: Number.isFinite(rule.bars.match.standout)
                ? rule.bars.match.standout
                : undefined,
            })
            .filter((m) => matchTier(m, rule.bars) === 'match')
        : index.search(face.embedding, { limit: FACES_PER_SEARCH, minSimilarity: rule.similarity });
    if (expand && 'bars' in rule) {
      // Each sure match asked in turn, as a race photo's face of the visitor.
      const first = found.filter((m) => m.photoId !== selfie.photo);
      const selfieScores = new Map(
        index.search(face.embedding, { limit: 10_000 }).map((m) => [m.id, m.standout]),
      );
      const seen = new Set(first.map((m) => m.id));
      for (const m of first) {
        for (const more of index.search(index.embedding(m.id)!, {
          limit: FACES_PER_SEARCH,
          minSimilarity: rule.bars.match.similarity,
          minStandout: rule.bars.match.standout,
        })) {
          if (seen.has(more.id) || more.photoId === m.photoId) continue;
          if (expand.confirm !== null && (selfieScores.get(more.id) ?? -Infinity) < expand.confirm)
            continue;
          seen.add(more.id);
          found.push(more);
        }
      }
    }
    let answered = new Set(found.map((m) => m.photoId).filter((p) => p !== selfie.photo));
    if (bibs) {
      // The labels as the bibs read: a matched face's runner, when that bib counts as read.
      const byId = new Map(faces.map((f) => [f.id, f]));
      const worn = (id: number) => {
        const f = byId.get(id)!;
        return f.runner !== null && bibRead(f.photo, f.runner, bibs.readShare) ? f.runner : null;
      };
      const matched = found
        .filter((m) => m.photoId !== selfie.photo)
        .map((m) => ({ photo: m.photoId, bib: worn(m.id) }));
      const yours = bibOfSelfie(matched);
      answered = new Set(keptWithBib(matched, yours).map((m) => m.photo));
      if (yours !== null)
        for (const a of set.appearances)
          if (
            a.runner === yours &&
            a.photo !== selfie.photo &&
            bibRead(a.photo, a.runner, bibs.readShare)
          )
            answered.add(a.photo);
    }
    for (const photo of answered) {
      if (mine.has(photo)) figures.right++;
      else figures.wrong++;
    }
  }
  return figures;
}

export interface FusionFigures {
  /** Searches made: a runner with a read bib on another photo. */
  searches: number;
  right: number;
  wrong: number;
  /** The runner's photos with the bib unread that were not answered. */
  missed: number;
}

/** Whether the bib of `runner` on `photo` counts as read: a fixed share of them, by a hash. */
export function bibRead(photo: string, runner: string, share: number): boolean {
  if (share >= 1) return true;
  let h = 2166136261;
  for (const c of `${photo}|${runner}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h / 4294967296 < share;
}

/**
 * "More photos of you" as the API runs it (faces/fusion.ts and the worn-bib rule of
 * services/faces.ts), with the labels as the bibs read: a share `readShare` of the labelled bibs
 * count as read (the bib reader misses some). For each runner on two or more photos and each of
 * their photos, that photo's bib is taken as unread; the runner's faces above their read bibs
 * elsewhere are the queries, the faces above every other read bib the event's known faces.
 * Right: the unread photo comes back; wrong: a photo without the runner.
 */
export function morePhotos(
  set: RaceFaces,
  faces: Face[],
  part: Part,
  threshold: number,
  options: {
    quantile?: number | null;
    margin?: number | null;
    minStandout?: number | null;
    readShare?: number;
    /** The worn-bib rule: a face above another runner's read bib is never "you" (default on). */
    wornBib?: boolean;
  } = {},
): FusionFigures {
  const share = options.readShare ?? 1;
  const figures: FusionFigures = { searches: 0, right: 0, wrong: 0, missed: 0 };
  const index = new FaceIndex({ dimensions: faces[0]?.embedding.length });
  for (const f of faces) index.add(f.id, f.photo, f.embedding);
  const photosOf = new Map<string, Set<string>>();
  for (const a of set.appearances)
    photosOf.set(a.runner, (photosOf.get(a.runner) ?? new Set()).add(a.photo));
  const byId = new Map(faces.map((f) => [f.id, f]));
  for (const [runner, photos] of photosOf) {
    if (photos.size < 2 || !inPart(set, runner, part)) continue;
    for (const hidden of photos) {
      const read = (f: Face) =>
        f.runner !== null &&
        !(f.runner === runner && f.photo === hidden) &&
        bibRead(f.photo, f.runner, share);
      const queries = faces.filter((f) => f.runner === runner && f.photo !== hidden && read(f));
      if (queries.length === 0) continue;
      figures.searches++;
      const known: LabelledFace[] = faces
        .filter(read)
        .map((f) => ({
          id: f.id,
          photoId: f.photo,
          bibs: [f.runner!],
          embedding: Float32Array.from(f.embedding),
        }));
      const calibration = calibrateFusion(known, threshold, { quantile: options.quantile });
      // The bib search's photos: those where the runner's bib is read.
      const exclude = new Set(queries.map((f) => f.photo));
      const found = fuse(
        index,
        queries.map((f) => f.embedding),
        calibration,
        [runner],
        exclude,
        { limit: 200, margin: options.margin, minStandout: options.minStandout },
      );
      for (const [photo, { face }] of found) {
        const wearer = byId.get(face)!;
        if (
          options.wornBib !== false &&
          wearer.runner !== null &&
          wearer.runner !== runner &&
          read(wearer)
        )
          found.delete(photo);
      }
      if (!found.has(hidden)) figures.missed++;
      for (const photo of found.keys()) {
        if (photos.has(photo)) figures.right++;
        else figures.wrong++;
      }
    }
  }
  return figures;
}
