/**
 * Real race photos with labelled bibs and faces, read at run time from the shared data folder
 * (never copied into the repository: they are third-party photographs, for measuring and tuning
 * only). A fixed third of the photos is held out: rules are fitted on the rest, and the held-out
 * part is reported as its own row.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shuffled } from './random.js';

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

/** Every labelled photo of the set, by file name. */
export function readRealRace(dir = REAL_RACE_DIR): RealPhoto[] {
  const file = path.join(dir, 'labels.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: the real race photos are not here`);
  const labels = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { bibs: RealBib[]; unlabelled_visible?: string[] }
  >;
  return Object.keys(labels)
    .sort()
    .map((name): RealPhoto => ({
      file: name,
      path: path.join(dir, name),
      bibs: labels[name]!.bibs,
      unlabelled: labels[name]!.unlabelled_visible ?? [],
    }));
}

/** The set with its held-out third of the photos (for bib search; selfie search holds out runners). */
export function loadRealRace(dir = REAL_RACE_DIR): RealRaceSet {
  const photos = readRealRace(dir);
  const heldOut = new Set(
    shuffled(photos, HELD_OUT_SEED)
      .slice(0, Math.round(photos.length / 3))
      .map((p) => p.file),
  );
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
