/**
 * Scores selfie search and "more photos of you" on the real race photos (race-faces.ts) from the
 * faces the product's engine found: who each face is (by the labelled face boxes), genuine and
 * impostor similarities, and the answers a search gives at a threshold.
 */
import { FaceIndex } from '../../apps/api/src/faces/face-index.js';
import { calibrateFusion, fuse, type LabelledFace } from '../../apps/api/src/faces/fusion.js';
import { unidentifiable, type FaceQuality, type QualityLimits } from '../../apps/api/src/faces/quality.js';
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
export function facesOf(set: RaceFaces, described: Described, limits?: QualityLimits | null): Face[] {
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

/**
 * Each selfie of a runner on two or more photos searched against the race's other photos: a
 * photo is answered when one of its indexed faces reaches `threshold`; right when the runner is
 * labelled on it.
 */
export function selfieSearch(
  set: RaceFaces,
  described: Described,
  faces: Face[],
  part: Part,
  threshold: number,
  limits?: QualityLimits | null,
): SelfieFigures {
  const figures: SelfieFigures = { selfies: 0, refused: 0, right: 0, wrong: 0, relevant: 0 };
  const photosOf = new Map<string, Set<string>>();
  for (const a of set.appearances)
    photosOf.set(a.runner, (photosOf.get(a.runner) ?? new Set()).add(a.photo));
  for (const selfie of described.selfies) {
    const mine = photosOf.get(selfie.runner)!;
    if (mine.size < 2 || !inPart(set, selfie.runner, part)) continue;
    if (part === 'tuning' && set.heldOut.has(selfie.runner)) continue;
    figures.selfies++;
    figures.relevant += mine.size - 1;
    const face = selfie.face;
    if (!face || (limits !== null && unidentifiable(face.quality, limits))) {
      figures.refused++;
      continue;
    }
    const answered = new Set<string>();
    for (const f of faces)
      if (f.photo !== selfie.photo && dot(face.embedding, f.embedding) >= threshold) answered.add(f.photo);
    for (const photo of answered) {
      if (mine.has(photo)) figures.right++;
      else figures.wrong++;
    }
  }
  return figures;
}

export interface FusionFigures {
  searches: number;
  right: number;
  wrong: number;
  /** The runner's photos with the bib unread that were not answered. */
  missed: number;
}

/**
 * "More photos of you" as the API runs it (faces/fusion.ts), with the labels as the bibs read:
 * for each runner on two or more photos and each of their photos, that photo's bib is taken as
 * unread and the others as read; the runner's faces above their read bibs are the queries, every
 * other labelled face the event's known faces. Right: the unread photo comes back; wrong: a photo
 * without the runner.
 */
export function morePhotos(
  set: RaceFaces,
  faces: Face[],
  part: Part,
  threshold: number,
  options: { quantile?: number | null; margin?: number | null } = {},
): FusionFigures {
  const figures: FusionFigures = { searches: 0, right: 0, wrong: 0, missed: 0 };
  const index = new FaceIndex({ dimensions: faces[0]?.embedding.length });
  for (const f of faces) index.add(f.id, f.photo, f.embedding);
  const photosOf = new Map<string, Set<string>>();
  for (const a of set.appearances)
    photosOf.set(a.runner, (photosOf.get(a.runner) ?? new Set()).add(a.photo));
  for (const [runner, photos] of photosOf) {
    if (photos.size < 2 || !inPart(set, runner, part)) continue;
    for (const hidden of photos) {
      figures.searches++;
      const known: LabelledFace[] = faces
        .filter((f) => f.runner !== null && !(f.runner === runner && f.photo === hidden))
        .map((f) => ({ id: f.id, photoId: f.photo, bibs: [f.runner!], embedding: Float32Array.from(f.embedding) }));
      const queries = faces.filter((f) => f.runner === runner && f.photo !== hidden).map((f) => f.embedding);
      if (queries.length === 0) {
        figures.missed++;
        continue;
      }
      const calibration = calibrateFusion(known, threshold, { quantile: options.quantile });
      const exclude = new Set([...photos].filter((p) => p !== hidden));
      const found = fuse(index, queries, calibration, [runner], exclude, { limit: 200, margin: options.margin });
      if (!found.has(hidden)) figures.missed++;
      for (const photo of found.keys()) {
        if (photo === hidden) figures.right++;
        else figures.wrong++;
      }
    }
  }
  return figures;
}
