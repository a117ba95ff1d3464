import { describe, expect, it } from 'vitest';
import type { OcrTextLine } from './ocr-engine.js';
import { bibsFromLines } from './read-bibs.js';

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
