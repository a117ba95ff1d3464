/**
 * Real race photos with labelled bibs and faces, read at run time from the shared data folder
 * (never copied into the repository: they are third-party photographs, for measuring and tuning
 * only). A fixed third of the photos is held out: rules are fitted on the rest, and the held-out
 * part is reported as its own row.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rng } from './random.js';

export type Box = [x: number, y: number, width: number, height: number];

export interface RealBib {
  number: string;
  box: Box;
  face?: Box;
}

export interface RealPhoto {
  file: string;
  path: string;
  bibs: RealBib[];
  /** Numbers really on the photo and readable, but not labelled: a reading of one is neither right nor wrong. */
  unlabelled: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The shared data folder beside the checkout; `REAL_RACE_DIR` points elsewhere. */
export const REAL_RACE_DIR =
  process.env.REAL_RACE_DIR ?? path.resolve(here, '../../../shared/data/rbnr-set1');

/** The seed that draws the held-out third: fixed before any rule was fitted, never changed. */
const HELD_OUT_SEED = 33;

export function realRaceAvailable(dir = REAL_RACE_DIR): boolean {
  return existsSync(path.join(dir, 'labels.json'));
}

export interface RealRaceSet {
  tuning: RealPhoto[];
  heldOut: RealPhoto[];
}

export function loadRealRace(dir = REAL_RACE_DIR): RealRaceSet {
  const labels = JSON.parse(readFileSync(path.join(dir, 'labels.json'), 'utf8')) as Record<
    string,
    { bibs: RealBib[]; unlabelled_visible?: string[] }
  >;
  const photos = Object.keys(labels)
    .sort()
    .map(
      (file): RealPhoto => ({
        file,
        path: path.join(dir, file),
        bibs: labels[file]!.bibs,
        unlabelled: labels[file]!.unlabelled_visible ?? [],
      }),
    );
  // Fisher–Yates with the fixed seed; the first third is held out.
  const order = [...photos];
  const random = rng(HELD_OUT_SEED);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const cut = Math.round(order.length / 3);
  const heldOut = new Set(order.slice(0, cut).map((p) => p.file));
  return {
    tuning: photos.filter((p) => !heldOut.has(p.file)),
    heldOut: photos.filter((p) => heldOut.has(p.file)),
  };
}

export interface PairScore {
  right: number;
  wrong: number;
  labelled: number;
  precision: number;
  recall: number;
}

/** Scores (photo, number) pairs: a found number that is only in `unlabelled` counts neither way. */
export function scorePairs(
  photos: readonly RealPhoto[],
  found: ReadonlyMap<string, readonly string[]>,
): PairScore {
  let right = 0;
  let wrong = 0;
  let labelled = 0;
  for (const photo of photos) {
    const truth = new Set(photo.bibs.map((b) => b.number));
    labelled += truth.size;
    for (const bib of new Set(found.get(photo.file) ?? [])) {
      if (truth.has(bib)) right++;
      else if (!photo.unlabelled.includes(bib)) wrong++;
    }
  }
  return {
    right,
    wrong,
    labelled,
    precision: right + wrong === 0 ? 1 : right / (right + wrong),
    recall: labelled === 0 ? 1 : right / labelled,
  };
}
