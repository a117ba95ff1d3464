/**
 * Bib search measured on the independent set (bib-photos.ts), as a visitor meets it: an event
 * without race results, the product's reader (`readBibs`) at the event's default threshold.
 *
 * - A bib on a photo is found when a reading at or above the threshold is its number as a visitor
 *   types it: its digits ("1234" for "A1234"), or the whole of it ("A1234").
 * - A reading that is no bib on that photo is a wrong answer: a search for it returns a photo
 *   without it. Readings of decoy numbers (times, distances, years, phones) are counted apart.
 *
 * Recall is reported for every kind of bib (a bib counts in each of its kinds).
 */
import type { BibFormat } from '@eventsite/contract';
import {
  bibsFromLines,
  sharedOcrEngine,
  usualDigitCount,
  usualDigitLengths,
  type BibDetection,
} from '../../apps/api/src/bibs/index.js';
import { digitsOf, USUAL_DIGITS_MIN_CONFIDENCE } from '../../apps/api/src/bibs/bib-format.js';
import type { OcrTextLine } from '../../apps/api/src/bibs/ocr-engine.js';
import { sharedFaceEngine, type FaceBox } from '../../apps/api/src/faces/index.js';
import {
  eventFormatOf,
  HELD_OUT_FROM,
  PHOTOS_PER_EVENT,
  renderEvalPhoto,
  type BibKind,
  type EvalPhoto,
} from './bib-photos.js';

/** Where the numbered series' held-out photos start (apart from the mixed series' held-out seeds). */
export const NUMBERED_HELD_OUT_FROM = 2_000_000;

/** The format an organiser of the numbered series' event would set: its range, letters, and template words. */
export function organiserFormat(seed: number): BibFormat {
  const f = eventFormatOf(seed);
  return { range: f.range, letters: f.letters, ignore: f.template };
}

export interface KindFigure {
  kind: BibKind;
  bibs: number;
  found: number;
  recall: number;
}

export interface HeldOutEvaluation {
  photos: number;
  bibs: number;
  threshold: number;
  precision: number;
  recall: number;
  /** Wrong answers in all, and those that were decoy numbers. */
  wrong: number;
  wrongDecoys: number;
  byKind: KindFigure[];
  /**
   * The bibs whose number is whole on the photo (neither partly hidden nor cut by the frame):
   * what a reader of the photo alone can find; the others need another photo or the face.
   */
  whole: { bibs: number; found: number; recall: number };
  /** Some misses and wrong answers, to look at (seed, what). */
  examples: { misses: string[]; wrong: string[] };
  perPhotoMs: number;
  perPhotoCpuMs: number;
  /** With `learnDigits`: the photos scored with their event's usual digit count known. */
  learntPhotos: number;
  /** With `learnDigits`: each event's confident readings by digit count, once all were read. */
  digitCounts: Array<{ firstSeed: number; counts: Record<number, number> }>;
}

export async function evaluateHeldOut(options: {
  count: number;
  /** First seed; default the held-out part's. */
  from?: number;
  threshold?: number;
  /**
   * Photos of the numbered series (each event's bibs in one format, `renderEvalPhoto`); with
   * `withFormat`, each read with its event's format as its organiser would set it.
   */
  numbered?: boolean;
  withFormat?: boolean;
  /**
   * Each numbered event's usual digit count learnt from its readings (`usualDigitCount`):
   * `as-read` from its earlier photos' readings, as the `bibs` job learns it (the job counts
   * again once a minute, this after every photo); `settled` each photo scored with the count
   * its event has once all of its photos were read, as for the photos of a long event read
   * after the count was learnt.
   */
  learnDigits?: 'as-read' | 'settled';
  onProgress?: (done: number, total: number) => void;
}): Promise<HeldOutEvaluation> {
  const from = options.from ?? HELD_OUT_FROM;
  const threshold = options.threshold ?? 0.8;
  const engine = sharedOcrEngine();
  const faceEngine = process.env.BIB_FACES === '0' ? null : sharedFaceEngine();
  const kinds = new Map<BibKind, { bibs: number; found: number }>();
  let bibs = 0;
  let found = 0;
  const whole = { bibs: 0, found: 0 };
  let returned = 0;
  let wrong = 0;
  let wrongDecoys = 0;
  const misses: string[] = [];
  const wrongOnes: string[] = [];
  let readMs = 0;
  let cpuMs = 0;
  /** Per numbered event: its confident readings so far, by digit count. */
  const learnt = new Map<number, Map<number, number>>();
  let learntPhotos = 0;
  /** The event's format as its organiser sets it, when asked. */
  const formatOf = (photo: EvalPhoto) =>
    options.withFormat ? { format: organiserFormat(photo.seed) } : {};
  /** Counts one photo's answers at the threshold: its bibs found, and its wrong answers. */
  function score(photo: EvalPhoto, all: BibDetection[], usualDigits: number | null): void {
    if (usualDigits !== null) learntPhotos++;
    const readings = all.filter((d) => d.confidence >= threshold);
    const answers = new Set(readings.map((d) => d.bib.toUpperCase()));
    for (const bib of photo.bibs) {
      bibs++;
      const hit = answers.has(bib.digits) || answers.has(bib.compact);
      if (!bib.kinds.includes('occluded') && !bib.kinds.includes('cut-off')) {
        whole.bibs++;
        if (hit) whole.found++;
      }
      if (hit) found++;
      else if (misses.length < 40)
        misses.push(
          `${photo.seed}: ${bib.printed} (${bib.kinds.join('+')}, ${Math.round(bib.digitHeight)} px) read as [${[...answers].join(', ')}]`,
        );
      for (const kind of bib.kinds) {
        const k = kinds.get(kind) ?? { bibs: 0, found: 0 };
        k.bibs++;
        if (hit) k.found++;
        kinds.set(kind, k);
      }
    }
    for (const answer of answers) {
      returned++;
      if (photo.bibs.some((b) => b.digits === answer || b.compact === answer)) continue;
      wrong++;
      if (photo.decoys.includes(answer)) wrongDecoys++;
      if (wrongOnes.length < 40)
        wrongOnes.push(
          `${photo.seed}: ${answer} (on it: ${photo.bibs.map((b) => b.printed).join(', ')}; decoys ${photo.decoys.join(', ')})`,
        );
    }
  }
  const eventOf = (seed: number): Map<number, number> => {
    const event = Math.floor(seed / PHOTOS_PER_EVENT);
    const counts = learnt.get(event) ?? new Map<number, number>();
    learnt.set(event, counts);
    return counts;
  };
  const read: Array<{ photo: EvalPhoto; lines: OcrTextLine[]; faces: FaceBox[] | null }> = [];
  for (let i = 0; i < options.count; i++) {
    const photo = await renderEvalPhoto(from + i, { numbered: options.numbered === true });
    const wall = performance.now();
    const cpu = process.cpuUsage();
    // As readBibs reads them, with the event's format when asked.
    const lines = await engine.readText(photo.jpeg, { skipSmallPrint: true });
    // Where the heads are, as the bibs job asks them (FACES_ENABLED); BIB_FACES=0: not at all.
    const faces = faceEngine ? await faceEngine.locateFaces(photo.jpeg, { tiles: false }) : null;
    const counts = eventOf(photo.seed);
    const usualDigits = options.learnDigits ? usualDigitCount(counts) : null;
    const usualLengths = options.learnDigits ? usualDigitLengths(counts) : null;
    const all = bibsFromLines(lines, { ...formatOf(photo), usualDigits, usualLengths, faces });
    for (const d of all.filter((r) => r.confidence >= USUAL_DIGITS_MIN_CONFIDENCE)) {
      const n = digitsOf(d.bib).length;
      counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    readMs += performance.now() - wall;
    const used = process.cpuUsage(cpu);
    cpuMs += (used.user + used.system) / 1000;
    if (options.learnDigits === 'settled') read.push({ photo, lines, faces });
    else score(photo, all, usualDigits);
    options.onProgress?.(i + 1, options.count);
  }
  for (const { photo, lines, faces } of read) {
    const usualDigits = usualDigitCount(eventOf(photo.seed));
    const usualLengths = usualDigitLengths(eventOf(photo.seed));
    score(
      photo,
      bibsFromLines(lines, { ...formatOf(photo), usualDigits, usualLengths, faces }),
      usualDigits,
    );
  }
  return {
    photos: options.count,
    bibs,
    threshold,
    precision: returned ? (returned - wrong) / returned : 1,
    recall: bibs ? found / bibs : 1,
    wrong,
    wrongDecoys,
    byKind: [...kinds.entries()]
      .map(([kind, k]) => ({
        kind,
        bibs: k.bibs,
        found: k.found,
        recall: k.bibs ? k.found / k.bibs : 1,
      }))
      .sort((a, b) => a.recall - b.recall),
    whole: { ...whole, recall: whole.bibs ? whole.found / whole.bibs : 1 },
    examples: { misses, wrong: wrongOnes },
    perPhotoMs: readMs / options.count,
    perPhotoCpuMs: cpuMs / options.count,
    learntPhotos,
    digitCounts: [...learnt].map(([event, counts]) => ({
      firstSeed: event * PHOTOS_PER_EVENT,
      counts: Object.fromEntries(counts),
    })),
  };
}
