import { describe, expect, it } from 'vitest';
import { bibsAffectedBy, ClearBibs, eventConfidence, type EventContext } from './event-context.js';
import { ocrLine } from '../test-support/ocr-lines.js';
import { bibsFromLines, CUT_OFF_PENALTY } from './read-bibs.js';

/** An event whose other photos show these bibs clearly. */
function eventOf(clear: string[]): EventContext {
  const bibs = new ClearBibs(clear);
  return {
    clearElsewhere: (bib) => bibs.has(bib),
    continues: (bib, side) => bibs.continues(bib, side),
  };
}

describe('ClearBibs', () => {
  it('knows which clear bibs continue a reading on each side, through the bibs it adds to', () => {
    const base = new ClearBibs(['95056']);
    const more = base.with(['F123']);
    expect(more.continues('9505', 'right')).toBe(true);
    expect(more.continues('9505', 'left')).toBe(false);
    expect(more.continues('5056', 'left')).toBe(true);
    expect(more.continues('123', 'left')).toBe(true);
    expect(more.continues('123', 'right')).toBe(false);
    expect(more.continues('95056', 'both')).toBe(false);
    expect(base.has('F123')).toBe(false);
    // A later add to the base shows through.
    base.add('777');
    expect(more.has('777')).toBe(true);
    expect(more.continues('77', 'both')).toBe(true);
  });

  it('lists the bibs a new clear bib changes: itself and its starts and ends', () => {
    expect(bibsAffectedBy('4872').sort()).toEqual(
      ['2', '4', '48', '487', '4872', '72', '872'].sort(),
    );
  });
});

describe('eventConfidence', () => {
  const [cut] = bibsFromLines([ocrLine('9505', 0, { left: true, right: false })]);
  const [whole] = bibsFromLines([ocrLine('505', 0)]);

  it('gives a cut-off reading its whole confidence back when the event reads that bib clearly', () => {
    expect(cut!.cutOff).toEqual({ side: 'right', wholeConfidence: 0.99 });
    expect(cut!.confidence).toBeCloseTo(0.99 * CUT_OFF_PENALTY);
    expect(eventConfidence(cut!, eventOf(['9505']))).toBe(0.99);
    // Not read clearly elsewhere, or a longer clear bib goes on where the line is cut: as read.
    expect(eventConfidence(cut!, eventOf(['1234']))).toBe(cut!.confidence);
    expect(eventConfidence(cut!, eventOf(['9505', '95056']))).toBe(cut!.confidence);
    // Continued on the side that ends on its paper: that is no reason to doubt it.
    expect(eventConfidence(cut!, eventOf(['9505', '19505']))).toBe(0.99);
  });

  it('keeps a whole reading as read, even where it is the start or end of a clear bib', () => {
    // Runner 505 photographed once, beside runners 9505 and 5051: still runner 505.
    expect(whole!.cutOff).toBeUndefined();
    expect(eventConfidence(whole!, eventOf(['9505']))).toBe(0.99);
    expect(eventConfidence(whole!, eventOf(['5051']))).toBe(0.99);
    expect(eventConfidence(whole!, eventOf(['9505', '505']))).toBe(0.99);
  });

  it('does not confirm a single character: too little to say whose bib it is', () => {
    const [one] = bibsFromLines([ocrLine('7', 0, { left: false, right: true })]);
    expect(eventConfidence(one!, eventOf(['7']))).toBe(one!.confidence);
  });
});
