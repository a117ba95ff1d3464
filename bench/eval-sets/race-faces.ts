/**
 * The real race photos with labelled faces (RBNR set 1, `../shared/data/rbnr-set1/`), read at
 * run time and never copied: each labelled runner's face box and bib, the bib being who it is.
 * For measuring and tuning selfie search and "more photos of you" only.
 *
 * The held-out runners: about a third of the runners seen on two or more photos, drawn with a
 * fixed seed before anything was fitted. Nothing is chosen on them; they are reported apart.
 */
import { readRealRace, REAL_RACE_DIR, realRaceAvailable } from './real-race.js';
import { shuffled } from './random.js';

/** The seed the held-out runners are drawn with: fixed, so the split never moves. */
export const HELD_OUT_SEED = 3401;
export const HELD_OUT_SHARE = 1 / 3;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One labelled runner on one photo. */
export interface Appearance {
  photo: string;
  runner: string;
  face: Box;
  bib: Box;
}

export interface RaceFaces {
  dir: string;
  photos: string[];
  appearances: Appearance[];
  /** Runners on two or more photos, each in one part. */
  tuning: Set<string>;
  heldOut: Set<string>;
}

const box = ([x, y, width, height]: number[]): Box => ({
  x: x!,
  y: y!,
  width: width!,
  height: height!,
});

export const raceFacesAvailable = realRaceAvailable;

export function loadRaceFaces(dir = REAL_RACE_DIR): RaceFaces {
  const labelled = readRealRace(dir);
  const photos = labelled.map((p) => p.file);
  const appearances: Appearance[] = [];
  for (const photo of labelled)
    for (const bib of photo.bibs)
      if (bib.face)
        appearances.push({
          photo: photo.file,
          runner: bib.number,
          face: box(bib.face),
          bib: box(bib.box),
        });
  const photosOf = new Map<string, Set<string>>();
  for (const a of appearances)
    photosOf.set(a.runner, (photosOf.get(a.runner) ?? new Set()).add(a.photo));
  // The first third, in an order drawn with the fixed seed, is held out.
  const seen = shuffled(
    [...photosOf]
      .filter(([, p]) => p.size >= 2)
      .map(([runner]) => runner)
      .sort(),
    HELD_OUT_SEED,
  );
  const held = Math.round(seen.length * HELD_OUT_SHARE);
  return {
    dir,
    photos,
    appearances,
    heldOut: new Set(seen.slice(0, held)),
    tuning: new Set(seen.slice(held)),
  };
}

/** Which labelled runner a face found on `photo` is: its centre inside a labelled face box grown by a quarter. */
export function runnerOfFace(set: RaceFaces, photo: string, found: Box): string | null {
  const cx = found.x + found.width / 2;
  const cy = found.y + found.height / 2;
  let best: { runner: string; distance: number } | null = null;
  for (const a of set.appearances) {
    if (a.photo !== photo) continue;
    const grow = Math.max(a.face.width, a.face.height) / 4;
    if (
      cx < a.face.x - grow ||
      cx > a.face.x + a.face.width + grow ||
      cy < a.face.y - grow ||
      cy > a.face.y + a.face.height + grow
    )
      continue;
    const distance = Math.hypot(
      cx - a.face.x - a.face.width / 2,
      cy - a.face.y - a.face.height / 2,
    );
    if (!best || distance < best.distance) best = { runner: a.runner, distance };
  }
  return best?.runner ?? null;
}

/** The selfie of an appearance: a square of `factor` × the labelled face box around it, clipped. */
export function selfieRegion(
  a: Appearance,
  frame: { width: number; height: number },
  factor = 2.2,
): Box {
  const side = Math.max(a.face.width, a.face.height) * factor;
  const x = Math.max(0, Math.round(a.face.x + a.face.width / 2 - side / 2));
  const y = Math.max(0, Math.round(a.face.y + a.face.height / 2 - side / 2));
  return {
    x,
    y,
    width: Math.min(frame.width - x, Math.round(side)),
    height: Math.min(frame.height - y, Math.round(side)),
  };
}
