/**
 * The numbered series of the bib evaluation set: events whose bibs follow one format each, as
 * real events number their runners (bib-photos.ts draws the photos; this module, the formats
 * and the numbers in them).
 */
import { rng, type Rng } from './random.js';

/** Letters a race prints before a number (waves, categories). */
export const PREFIXES = ['A', 'B', 'C', 'F', 'M', 'W', 'H', 'K'];

/** A bib as drawn: printed, its digits alone, letters and digits without separators, its kinds. */
export interface DrawnBib {
  printed: string;
  digits: string;
  compact: string;
  kinds: Array<'prefix' | 'suffix'>;
}

/**
 * How one event numbers and prints its bibs, as its organiser would describe it: a range, the
 * letters printed with the number, and what its bib template prints on every bib (the year, the
 * distance). Real events number their runners this way; the set's other photos mix every kind.
 */
export interface EvalEventFormat {
  range: { from: number; to: number };
  letters: 'none' | 'prefix' | 'suffix';
  /** Printed on every bib of the event besides the number. */
  template: string[];
}

const EVENT_FORMATS: readonly EvalEventFormat[] = [
  { range: { from: 1000, to: 4999 }, letters: 'none', template: ['2026', '10K'] },
  { range: { from: 10001, to: 14500 }, letters: 'none', template: ['42.2', '2026'] },
  { range: { from: 100, to: 899 }, letters: 'prefix', template: ['21K'] },
  { range: { from: 1, to: 2500 }, letters: 'none', template: ['2025', '5K'] },
  { range: { from: 2000, to: 7999 }, letters: 'suffix', template: ['HALF 21K'] },
];

/** Photos of one event in the numbered series: seeds n·20 … n·20+19 share a format. */
export const PHOTOS_PER_EVENT = 20;

/** The format of the event a numbered photo's seed belongs to. */
export function eventFormatOf(seed: number): EvalEventFormat {
  return rng(Math.floor(seed / PHOTOS_PER_EVENT) * 7919 + 13).pick(EVENT_FORMATS);
}

/** A bib of an event with a format: a number in its range, with its letters. */
export function eventBibNumber(r: Rng, format: EvalEventFormat): DrawnBib {
  const digits = String(r.int(format.range.from, format.range.to));
  if (format.letters === 'prefix') {
    const p = r.pick(PREFIXES);
    const sep = r.pick(['', '', '-', ' ']);
    return { printed: `${p}${sep}${digits}`, digits, compact: `${p}${digits}`, kinds: ['prefix'] };
  }
  if (format.letters === 'suffix') {
    const x = r.pick(['A', 'B', 'C', 'X']);
    return { printed: `${digits}${x}`, digits, compact: `${digits}${x}`, kinds: ['suffix'] };
  }
  return { printed: digits, digits, compact: digits, kinds: [] };
}
