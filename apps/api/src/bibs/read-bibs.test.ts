import { describe, expect, it } from 'vitest';
import type { OcrTextLine } from './ocr-engine.js';
import { usualDigitCount } from './bib-format.js';
import { bibsFromLines, COMPLETION_FACTOR, registeredCompletions } from './read-bibs.js';
import { searchableBibs } from './strategies.js';

/** A recognised line with its box; the print height is the box height. */
function line(
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
  confidence = 0.99,
): OcrTextLine {
  return {
    text,
    confidence,
    chars: [],
    quad: [
      { x, y },
      { x: x + width, y },
      { x: x + width, y: y + height },
      { x, y: y + height },
    ],
    box: { x, y, width, height },
    lineHeight: height,
    ends: { left: true, right: true },
  };
}

describe('bibsFromLines', () => {
  it('keeps the bib number and drops the year printed small under it', () => {
    const lines = [
      line('CITY MARATHON', 100, 100, 200, 20),
      line('2031', 110, 130, 180, 70),
      line('2026', 170, 210, 60, 20),
      line('VELOX', 120, 210, 40, 20),
    ];
    expect(bibsFromLines(lines).map((d) => d.bib)).toEqual(['2031']);
  });

  it('reports 2026 when it is the largest print: a bib can be 2026', () => {
    const lines = [
      line('CITY MARATHON', 100, 100, 200, 20),
      line('2026', 110, 130, 180, 70),
      line('VELOX·2026', 150, 210, 100, 20),
    ];
    expect(bibsFromLines(lines)).toEqual([
      { bib: '2026', confidence: 0.99, box: { x: 110, y: 130, width: 180, height: 70 } },
    ]);
  });

  it('keeps a smaller bib of a runner further back beside a near bib', () => {
    const lines = [line('785', 780, 638, 210, 97), line('9930', 1104, 527, 129, 47)];
    expect(
      bibsFromLines(lines)
        .map((d) => d.bib)
        .sort(),
    ).toEqual(['785', '9930']);
  });

  it('boosts registered bibs and halves the others', () => {
    const lines = [line('123', 0, 0, 100, 50, 0.8), line('456', 500, 0, 100, 50, 0.9)];
    const found = bibsFromLines(lines, { registeredBibs: new Set(['123']), minConfidence: 0 });
    expect(found.map((d) => [d.bib, d.confidence])).toEqual([
      ['123', 0.9],
      ['456', 0.45],
    ]);
  });

  it('reports each bib once, with its best reading, and drops weak readings', () => {
    const lines = [
      line('123', 0, 0, 100, 50, 0.7),
      line('123', 500, 0, 100, 50, 0.95),
      line('77', 900, 0, 60, 50, 0.3),
    ];
    expect(bibsFromLines(lines).map((d) => [d.bib, d.confidence])).toEqual([['123', 0.95]]);
  });

  it('lowers the confidence of a number that looks cut off below the default threshold', () => {
    const cut = { ...line('9505', 0, 0, 100, 50, 0.99), ends: { left: true, right: false } };
    expect(bibsFromLines([cut], { minConfidence: 0 })[0]?.confidence).toBeCloseTo(0.7425, 6);
  });

  it('with registered bibs, lowers a cut-off reading only when a registered bib continues it', () => {
    const cutRight = { ...line('9930', 0, 0, 100, 50, 0.99), ends: { left: true, right: false } };
    const [alone] = bibsFromLines([cutRight], { registeredBibs: new Set(['9930', '12000']) });
    expect(alone?.confidence).toBeCloseTo(0.995, 6);
    const [continued] = bibsFromLines([cutRight], {
      registeredBibs: new Set(['9930', '99301']),
      minConfidence: 0,
    });
    expect(continued?.confidence).toBeCloseTo(0.995 * 0.75, 6);
    const cutLeft = { ...cutRight, ends: { left: false, right: true } };
    const [left] = bibsFromLines([cutLeft], {
      registeredBibs: new Set(['9930', '19930']),
      minConfidence: 0,
    });
    expect(left?.confidence).toBeCloseTo(0.995 * 0.75, 6);
  });

  it('charges repaired letters', () => {
    expect(bibsFromLines([line('2O31', 0, 0, 100, 50, 1)])).toEqual([
      { bib: '2031', confidence: 0.9, box: { x: 0, y: 0, width: 100, height: 50 } },
    ]);
  });
});

describe('completing a cut-off reading from the registered bibs', () => {
  const cut = (text: string, ends: { left: boolean; right: boolean }, confidence = 0.99) => ({
    ...line(text, 0, 0, 100, 50, confidence),
    ends,
  });
  const rightCut = { left: true, right: false };
  const leftCut = { left: false, right: true };
  /** What a search at the event's default threshold finds on the photo. */
  const search = (lines: OcrTextLine[], registered?: ReadonlySet<string>) =>
    searchableBibs({
      detections: bibsFromLines(lines, registered ? { registeredBibs: registered } : {}),
      strategies: ['ocr', 'results'],
      threshold: 0.8,
      registeredBibs: registered,
    });

  it('finds the one registered bib that continues the reading on its cut side, at a lower confidence', () => {
    const registered = new Set(['95056', '1234', '95', '59505', '77777']);
    const found = bibsFromLines([cut('9505', rightCut)], { registeredBibs: registered });
    expect(found.map((d) => d.bib)).toEqual(['95056']);
    expect(found[0]!.confidence).toBeCloseTo(0.995 * COMPLETION_FACTOR, 6);
    expect(found[0]!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(found[0]!.confidence).toBeLessThan(0.9);
    expect(found[0]!.box).toEqual({ x: 0, y: 0, width: 100, height: 50 });
    // The same reading cut on the left is the end of a bib: 59505, not 95056.
    expect(
      bibsFromLines([cut('9505', leftCut)], { registeredBibs: registered }).map((d) => d.bib),
    ).toEqual(['59505']);
    expect(search([cut('656', leftCut)], new Set(['6568', '1656', '4000']))).toEqual(['1656']);
  });

  it('guesses nothing when several registered bibs would complete the reading', () => {
    const registered = new Set(['95056', '95057', '1234']);
    expect(
      bibsFromLines([cut('9505', rightCut)], { registeredBibs: registered, minConfidence: 0 }).map(
        (d) => d.bib,
      ),
    ).toEqual(['9505']);
    expect(search([cut('9505', rightCut)], registered)).toEqual([]);
    // Cut at both ends: a bib before or after it fits as well.
    expect(
      search([cut('9505', { left: false, right: false })], new Set(['95056', '19505'])),
    ).toEqual([]);
    expect(
      registeredCompletions(
        '9505',
        { left: false, right: false },
        new Set(['95056', '19505']),
      ).sort(),
    ).toEqual(['19505', '95056']);
  });

  it('does not complete a reading that is registered itself, ends on its paper, or is one digit', () => {
    // 1390 is someone's bib and the reading may be the whole of it: not turned into 13904.
    expect(search([cut('1390', rightCut)], new Set(['1390', '13904']))).toEqual([]);
    // Ends on its background at both ends: a whole number, nothing is missing.
    expect(search([cut('290', { left: true, right: true })], new Set(['43290']))).toEqual([]);
    expect(search([cut('6', leftCut)], new Set(['76']))).toEqual([]);
    // Only one unread character: two hidden digits fit too many bibs.
    expect(search([cut('798', leftCut)], new Set(['37798']))).toEqual([]);
  });

  it('needs registered bibs: without race results a cut-off reading stays below the threshold', () => {
    expect(search([cut('9505', rightCut)])).toEqual([]);
    const alone = bibsFromLines([cut('9505', rightCut)], { minConfidence: 0 });
    expect(alone.map((d) => d.bib)).toEqual(['9505']);
    expect(alone[0]!.confidence).toBeLessThan(0.8);
  });

  it('keeps a weak reading weak: a completion is never surer than what was read', () => {
    const registered = new Set(['95056']);
    const [weak] = bibsFromLines([cut('9505', rightCut, 0.6)], {
      registeredBibs: registered,
      minConfidence: 0,
    });
    expect(weak?.bib).toBe('95056');
    expect(weak!.confidence).toBeLessThan(0.8);
    expect(search([cut('9505', rightCut, 0.6)], registered)).toEqual([]);
    // A whole reading of the same bib elsewhere on the photo wins over the completion.
    const both = bibsFromLines([cut('9505', rightCut), line('95056', 400, 0, 120, 50, 0.99)], {
      registeredBibs: registered,
    });
    expect(both.map((d) => [d.bib, d.confidence])).toEqual([['95056', 0.995]]);
  });
});

describe('lettered bibs and decoy numbers on a photo', () => {
  /** A line whose letters the recogniser gave their digit with `digitProb`. */
  function lettered(text: string, digitProb: number, x: number): OcrTextLine {
    const l = line(text, x, 100, 200, 70);
    l.chars = [...text].map((char, i) => ({
      char,
      prob: 0.99,
      digit: '8',
      digitProb: /[0-9]/.test(char) ? 0.99 : digitProb,
      at: (i + 0.5) / text.length,
    }));
    return l;
  }

  it('keeps prefixes and suffixes as printed, canonical', () => {
    const lines = [
      line('A1234', 0, 100, 200, 70),
      line('F-123', 300, 100, 200, 70),
      line('M 56', 600, 100, 200, 70),
      line('1234B', 900, 100, 200, 70),
    ];
    expect(
      bibsFromLines(lines)
        .map((d) => d.bib)
        .sort(),
    ).toEqual(['1234B', 'A1234', 'F123', 'M56']);
  });

  it('tells the bib B5618 from the number 85618 by what the recogniser saw', () => {
    expect(bibsFromLines([lettered('B5618', 0.01, 0)]).map((d) => d.bib)).toEqual(['B5618']);
    const unsure = bibsFromLines([lettered('B5618', 0.45, 0)]);
    expect(unsure.map((d) => d.bib)).toEqual(['85618']);
    // The repaired letter costs confidence, as every repair does.
    expect(unsure[0]!.confidence).toBeCloseTo(0.99 * 0.9);
    expect(bibsFromLines([line('85618', 0, 100, 200, 70)]).map((d) => d.bib)).toEqual(['85618']);
  });

  it('returns no decoy: times, distances, phones, words', () => {
    const lines = ['07:45', '21K', '42.2', '0800 123 4567', 'SOS', 'BIB 2026', 'CORRAL 2'].map(
      (text, i) => line(text, i * 300, 100, 200, 70),
    );
    expect(bibsFromLines(lines)).toEqual([]);
  });

  it('drops a start time printed small under the number even when read without its colon', () => {
    const lines = [line('4817', 100, 100, 200, 80), line('0745', 120, 190, 60, 20)];
    expect(bibsFromLines(lines).map((d) => d.bib)).toEqual(['4817']);
  });
});

describe("bibsFromLines with the event's bib format", () => {
  const cutRight = (text: string, x: number) => ({
    ...line(text, x, 0, 120, 60, 0.99),
    ends: { left: true, right: false },
  });

  it('drops readings outside the range, and the words the event says to ignore', () => {
    const lines = [
      line('3125', 0, 0, 120, 60),
      line('312', 400, 0, 120, 60),
      line('8000', 800, 0, 120, 60),
      line('KM 35', 1200, 0, 120, 60),
      line('10 k', 1600, 0, 120, 60),
      line('2026', 2000, 0, 120, 60),
    ];
    expect(
      bibsFromLines(lines)
        .map((d) => d.bib)
        .sort(),
    ).toEqual(['2026', '312', '3125', '8000']);
    const format = {
      range: { from: 1000, to: 4999 },
      letters: 'none' as const,
      ignore: ['2026', '10K'],
    };
    expect(bibsFromLines(lines, { format }).map((d) => d.bib)).toEqual(['3125']);
  });

  it('trusts a reading with as many digits as every bib of the event, even where its end runs into an arm', () => {
    const lines = [cutRight('2676', 0), cutRight('31', 400)];
    const without = bibsFromLines(lines);
    expect(without.find((d) => d.bib === '2676')!.confidence).toBeLessThan(0.8);
    const format = { range: { from: 1000, to: 4999 }, letters: 'none' as const, ignore: [] };
    const withFormat = bibsFromLines(lines, { format });
    expect(withFormat.map((d) => d.bib)).toEqual(['2676']);
    expect(withFormat[0]!.confidence).toBeGreaterThanOrEqual(0.95);
    // A range whose ends differ in length says nothing about a reading's length: still lowered.
    const loose = { range: { from: 1, to: 4999 }, letters: 'none' as const, ignore: [] };
    expect(
      bibsFromLines(lines, { format: loose }).find((d) => d.bib === '2676')!.confidence,
    ).toBeLessThan(0.8);
  });

  it('keeps a printed prefix only where the event prints one; its number alone is in range', () => {
    const lines = [line('A 1234', 0, 0, 160, 60), line('1234B', 400, 0, 160, 60)];
    const prefix = { range: { from: 1000, to: 1999 }, letters: 'prefix' as const, ignore: [] };
    expect(bibsFromLines(lines, { format: prefix }).map((d) => d.bib)).toEqual(['A1234']);
    const suffix = { ...prefix, letters: 'suffix' as const };
    expect(bibsFromLines(lines, { format: suffix }).map((d) => d.bib)).toEqual(['1234B']);
  });
});

describe("an event's usual digit count, learnt from its readings", () => {
  const counts = (entries: Array<[number, number]>) => new Map(entries);

  it('is the digit count of 19 in 20 confident readings, once there are 20 of them', () => {
    expect(usualDigitCount(counts([[4, 19]]))).toBeNull();
    expect(usualDigitCount(counts([[4, 20]]))).toBe(4);
    expect(
      usualDigitCount(
        counts([
          [5, 57],
          [4, 3],
        ]),
      ),
    ).toBe(5);
    // Bibs 1–9999: a tenth of them have fewer than four digits; no count is usual enough.
    expect(
      usualDigitCount(
        counts([
          [4, 90],
          [3, 10],
        ]),
      ),
    ).toBeNull();
    // Bibs 1–2500: mostly four digits, many three.
    expect(
      usualDigitCount(
        counts([
          [4, 30],
          [3, 18],
          [2, 2],
        ]),
      ),
    ).toBeNull();
    expect(usualDigitCount(counts([]))).toBeNull();
  });

  it('trusts a reading with that many digits where its end runs into an arm, and no other', () => {
    const touched = (text: string, x: number) => ({
      ...line(text, x, 0, 120, 60, 0.99),
      ends: { left: false, right: true },
    });
    const lines = [touched('2676', 0), touched('312', 400)];
    const confidenceOf = (bib: string, usualDigits: number | null) =>
      bibsFromLines(lines, { usualDigits }).find((d) => d.bib === bib)!.confidence;
    expect(confidenceOf('2676', null)).toBeLessThan(0.8);
    expect(confidenceOf('2676', 4)).toBeGreaterThanOrEqual(0.95);
    // Three digits in a four-digit event may be part of a bib: still lowered.
    expect(confidenceOf('312', 4)).toBeLessThan(0.8);
    expect(confidenceOf('2676', 5)).toBeLessThan(0.8);
  });

  it('lowers a clear reading of another length: more likely part of a bib or another number', () => {
    const lines = [line('4821', 0, 0, 120, 60), line('21', 400, 0, 60, 60)];
    const found = (usualDigits: number | null) =>
      bibsFromLines(lines, { usualDigits })
        .filter((d) => d.confidence >= 0.8)
        .map((d) => d.bib);
    expect(found(null)).toEqual(['4821', '21']);
    expect(found(4)).toEqual(['4821']);
    // Lowered, not dropped: an operator who lowers the threshold still sees it.
    expect(bibsFromLines(lines, { usualDigits: 4 }).map((d) => d.bib)).toContain('21');
  });
});

describe('where the runners are: the faces on the photo', () => {
  // A runner's head at the top, their bib on the chest below it, a banner's number over the course.
  const head = { x: 400, y: 200, width: 80, height: 90 };
  const lines = [line('2331', 380, 420, 140, 60), line('14', 60, 40, 90, 60)];
  const confidences = (faces: Array<typeof head> | null) =>
    Object.fromEntries(bibsFromLines(lines, { faces }).map((d) => [d.bib, d.confidence]));

  it('lowers a number wholly above every face, under the threshold, and keeps the bib below one', () => {
    const read = confidences([head]);
    expect(read['2331']).toBe(0.99);
    expect(read['14']).toBeLessThan(0.8);
  });

  it('changes nothing where no face was found, or face detection is off', () => {
    expect(confidences([])).toEqual({ '2331': 0.99, '14': 0.99 });
    expect(confidences(null)).toEqual({ '2331': 0.99, '14': 0.99 });
  });

  it('takes a number below any face, not only its wearer’s: a head may go unseen', () => {
    const neighbour = { x: 900, y: 100, width: 60, height: 60 };
    const read = confidences([neighbour]);
    expect(read['2331']).toBe(0.99);
    expect(read['14']).toBeLessThan(0.8);
  });

  it('keeps a number level with a head: a runner further back wears theirs there', () => {
    // A near runner's face lower in the frame; a far runner's bib beside it, higher than its chin.
    const near = { x: 600, y: 60, width: 120, height: 140 };
    const read = confidences([near]);
    expect(read['14']).toBe(0.99);
  });
});
