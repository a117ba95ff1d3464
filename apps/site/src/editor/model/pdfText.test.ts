import { describe, expect, test } from 'vitest';
import { mapTextRuns, toWinAnsi } from './pdfText';

const run = { x: 100, y: 200, width: 400, rotation: 0, fontSize: 40, lineHeight: 1.25, align: 'left' as const, lines: [{ text: 'Hello', width: 100 }, { text: 'World', width: 120 }] };

describe('text on the PDF page', () => {
  test('maps design pixels to points with y flipped', () => {
    const [l1, l2] = mapTextRuns([run], { width: 1000, height: 1000 }, { width: 500, height: 500 });
    expect(l1).toMatchObject({ text: 'Hello', x: 50, size: 20, rotate: -0 });
    // baseline: top 200 + (50-40)/2 + 0.8*40 = 237 px -> 500 - 118.5
    expect(l1!.y).toBeCloseTo(500 - 118.5);
    expect(l2!.y).toBeCloseTo(l1!.y - 25);
  });

  test('alignment offsets each line inside the box', () => {
    const [c] = mapTextRuns([{ ...run, align: 'center' }], { width: 1000, height: 1000 }, { width: 1000, height: 1000 });
    expect(c!.x).toBe(100 + 150);
    const [r] = mapTextRuns([{ ...run, align: 'right' }], { width: 1000, height: 1000 }, { width: 1000, height: 1000 });
    expect(r!.x).toBe(100 + 300);
  });

  test('rotation turns the baseline about the element origin', () => {
    const [l] = mapTextRuns([{ ...run, rotation: 90 }], { width: 1000, height: 1000 }, { width: 1000, height: 1000 });
    // local (0, 37) rotated 90° clockwise (y down) -> (-37, 0)
    expect(l!.x).toBeCloseTo(63);
    expect(l!.y).toBeCloseTo(800);
    expect(l!.rotate).toBe(-90);
  });

  test('blank lines are skipped', () => {
    expect(mapTextRuns([{ ...run, lines: [{ text: '  ', width: 0 }] }], { width: 10, height: 10 }, { width: 10, height: 10 })).toEqual([]);
  });

  test('WinAnsi sanitising keeps Latin-1, drops accents it lacks, spells a few letters', () => {
    expect(toWinAnsi('João Sá – 1:41:07 €')).toBe('João Sá – 1:41:07 €');
    expect(toWinAnsi('Dvořák Łukasz')).toBe('Dvorák Lukasz');
    expect(toWinAnsi('Иван 🏅')).toBe('???? ?');
  });
});
