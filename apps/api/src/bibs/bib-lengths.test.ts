/**
 * The digit counts an event's bibs have, learnt from its confident readings
 * (`usualDigitLengths`), and what the reader makes of a reading of another length.
 */
import { describe, expect, it } from 'vitest';
import { ocrLine as line } from '../test-support/ocr-lines.js';
import { usualDigitLengths } from './bib-format.js';
import { bibsFromLines } from './read-bibs.js';

describe("the digit counts an event's bibs have, learnt from its readings", () => {
  const counts = (entries: Array<[number, number]>) => new Map(entries);

  it('are the counts with one in twenty of its confident readings or more, once there are 20', () => {
    expect(usualDigitLengths(counts([[4, 19]]))).toBeNull();
    // Bibs 1–2500: four and three digits; the few of two are as rare as a part of a bib.
    expect(
      usualDigitLengths(
        counts([
          [4, 60],
          [3, 36],
          [2, 2],
          [5, 2],
        ]),
      ),
    ).toEqual([3, 4]);
    expect(usualDigitLengths(counts([[4, 20]]))).toEqual([4]);
  });

  it('lower a reading of another length, and no lone digit is a bib while they are unknown', () => {
    const lines = [
      line('4821', 0),
      line('318', 300),
      line('47', 500),
      line('20517', 700),
      line('2', 1000),
    ];
    const found = (usualLengths: number[] | null) =>
      bibsFromLines(lines, { usualLengths })
        .filter((d) => d.confidence >= 0.8)
        .map((d) => d.bib)
        .sort();
    expect(found(null)).toEqual(['20517', '318', '47', '4821']);
    expect(found([3, 4])).toEqual(['318', '4821']);
    // Lowered, not dropped: an operator who lowers the threshold still sees them.
    expect(
      bibsFromLines(lines, { usualLengths: [3, 4] })
        .map((d) => d.bib)
        .sort(),
    ).toEqual(['2', '20517', '318', '47', '4821']);
    // A race whose bibs have one digit says so with its format.
    const oneDigit = { range: { from: 1, to: 9 }, letters: 'none' as const, ignore: [] };
    expect(bibsFromLines([line('2', 0)], { format: oneDigit }).map((d) => d.bib)).toEqual(['2']);
  });
});
