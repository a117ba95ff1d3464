/**
 * A runner is on many photos of an event. A reading lowered as cut off (an arm or another runner
 * touches the end of the number, or covers a digit: the photo alone cannot tell which) is
 * confirmed when the same bib was read clearly and whole on another photo of the event, and no
 * bib read clearly in the event continues it on its cut side: then the reading is that runner's
 * whole bib, not a part of another runner's longer one.
 *
 * What it cannot confirm: a runner whose bib is never read whole (nothing says what the number
 * is), and a reading that is a part of another runner's bib when that other runner is never read
 * clearly ("31" of 312 when 31 is a runner too and 312 is always hidden).
 */
import { USUAL_DIGITS_MIN_CONFIDENCE } from './bib-format.js';
import type { BibDetection, CutSide } from './read-bibs.js';

/** A reading that confirms others: whole (not lowered as cut off) and at least this confident. */
export const CLEAR_READING_MIN_CONFIDENCE = USUAL_DIGITS_MIN_CONFIDENCE;

/** One character read is too little to say which runner it is. */
export const CONFIRM_MIN_CHARS = 2;

/** Whether a reading is clear enough to confirm the same bib's cut-off readings on other photos. */
export function isClearReading(reading: Pick<BibDetection, 'confidence' | 'cutOff'>): boolean {
  return !reading.cutOff && reading.confidence >= CLEAR_READING_MIN_CONFIDENCE;
}

/**
 * The bibs read clearly and whole in an event (or tagged by an operator), indexed so that
 * "does one of them continue this reading on its cut side" is a look-up, not a scan of the
 * event's thousands of bibs.
 */
export class ClearBibs {
  private readonly bibs = new Set<string>();
  /** Proper starts and ends of the clear bibs ("487" and "72A" of 4872A). */
  private readonly starts = new Set<string>();
  private readonly ends = new Set<string>();

  /** `base`: clear bibs these add to, looked up through rather than copied. */
  constructor(
    bibs: Iterable<string> = [],
    private readonly base?: ClearBibs,
  ) {
    for (const bib of bibs) this.add(bib);
  }

  add(bib: string): this {
    if (this.bibs.has(bib)) return this;
    this.bibs.add(bib);
    for (let n = 1; n < bib.length; n++) {
      this.starts.add(bib.slice(0, n));
      this.ends.add(bib.slice(bib.length - n));
    }
    return this;
  }

  /** These and `bibs`, without copying these (a later `add` to these shows through). */
  with(bibs: Iterable<string>): ClearBibs {
    return new ClearBibs(bibs, this);
  }

  has(bib: string): boolean {
    return this.bibs.has(bib) || (this.base?.has(bib) ?? false);
  }

  /**
   * Whether a clear bib is `bib` with more characters on `side` ("95056" continues a "9505"
   * cut on the right; `both`: on either side, as for a reading that may be cut anywhere).
   */
  continues(bib: string, side: CutSide): boolean {
    return (
      (side !== 'left' && this.starts.has(bib)) ||
      (side !== 'right' && this.ends.has(bib)) ||
      (this.base?.continues(bib, side) ?? false)
    );
  }
}

/**
 * The bibs whose readings a new clear bib may change: itself (its cut-off readings elsewhere
 * may now be confirmed) and its proper starts and ends (readings of them are now parts of it).
 */
export function bibsAffectedBy(bib: string): string[] {
  const out = new Set([bib]);
  for (let n = 1; n < bib.length; n++) out.add(bib.slice(0, n)).add(bib.slice(bib.length - n));
  return [...out];
}

/** What an event's other photos say about a reading's bib. */
export interface EventContext {
  /** Whether the bib is read clearly and whole on another photo of the event, or tagged there. */
  clearElsewhere(bib: string): boolean;
  /** The event's clear bibs (`ClearBibs.continues`): does one continue this reading on `side`? */
  continues(bib: string, side: CutSide): boolean;
}

/**
 * The confidence of a reading once its event's other photos are known:
 * - a cut-off reading of a bib read clearly elsewhere, that no clear bib continues on its cut
 *   side, is that runner's whole bib: its whole confidence;
 * - any other reading is as read. A reading that is only the start or end of a clear bib
 *   ("72A" of 4872A) is not lowered for it: in an event whose bibs run to several lengths most
 *   short bibs are the start or end of some longer one, and runners photographed once were lost.
 *   Lowering them cost 79 of 513 visible bibs on 300 demo race photos to save 6 wrong answers.
 */
export function eventConfidence(
  reading: Pick<BibDetection, 'bib' | 'confidence' | 'cutOff'>,
  event: EventContext,
): number {
  const { bib, cutOff } = reading;
  if (event.clearElsewhere(bib))
    return cutOff && bib.length >= CONFIRM_MIN_CHARS && !event.continues(bib, cutOff.side)
      ? cutOff.wholeConfidence
      : reading.confidence;
  return reading.confidence;
}
