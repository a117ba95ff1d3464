import { describe, expect, it } from 'vitest';
import { searchableBibs } from './strategies.js';

const detections = [
  { bib: '123', confidence: 0.95 },
  { bib: '456', confidence: 0.82 },
  { bib: '789', confidence: 0.5 },
];
const registeredBibs = new Set(['123', '789', '1000']);

describe('searchableBibs', () => {
  it('ocr: readings at or above the threshold', () => {
    expect(searchableBibs({ detections, strategies: ['ocr'], threshold: 0.8 })).toEqual([
      '123',
      '456',
    ]);
    expect(searchableBibs({ detections, strategies: ['ocr'], threshold: 0.82 })).toEqual([
      '123',
      '456',
    ]);
    expect(searchableBibs({ detections, strategies: ['ocr'], threshold: 0.9 })).toEqual(['123']);
  });

  it('manual: a reviewed photo is found by its tags only, OCR ignored', () => {
    expect(
      searchableBibs({
        detections,
        manualTags: ['1000', ' 42 ', '042', 'a7'],
        strategies: ['ocr', 'manual'],
        threshold: 0.8,
      }),
    ).toEqual(['42', 'A7', '1000']);
    // An empty review removes wrong readings.
    expect(
      searchableBibs({ detections, manualTags: [], strategies: ['ocr', 'manual'], threshold: 0.8 }),
    ).toEqual([]);
    // Not reviewed: OCR applies.
    expect(
      searchableBibs({
        detections,
        manualTags: null,
        strategies: ['ocr', 'manual'],
        threshold: 0.8,
      }),
    ).toEqual(['123', '456']);
  });

  it('manual off: tags are ignored', () => {
    expect(
      searchableBibs({ detections, manualTags: ['1000'], strategies: ['ocr'], threshold: 0.8 }),
    ).toEqual(['123', '456']);
    expect(
      searchableBibs({ detections, manualTags: null, strategies: ['manual'], threshold: 0.8 }),
    ).toEqual([]);
  });

  it('results: only registered bibs, still above the threshold', () => {
    expect(
      searchableBibs({
        detections,
        strategies: ['ocr', 'results'],
        threshold: 0.8,
        registeredBibs,
      }),
    ).toEqual(['123']);
    expect(
      searchableBibs({ detections, strategies: ['results'], threshold: 0.4, registeredBibs }),
    ).toEqual(['123', '789']);
  });

  it('results before results are uploaded: ocr alone applies with ocr on, nothing without', () => {
    expect(searchableBibs({ detections, strategies: ['ocr', 'results'], threshold: 0.8 })).toEqual([
      '123',
      '456',
    ]);
    expect(searchableBibs({ detections, strategies: ['results'], threshold: 0.8 })).toEqual([]);
  });

  it('all three: manual wins on reviewed photos, results filter the rest', () => {
    const all = ['ocr', 'manual', 'results'] as const;
    expect(
      searchableBibs({
        detections,
        manualTags: ['456'],
        strategies: all,
        threshold: 0.8,
        registeredBibs,
      }),
    ).toEqual(['456']);
    expect(searchableBibs({ detections, strategies: all, threshold: 0.8, registeredBibs })).toEqual(
      ['123'],
    );
    expect(searchableBibs({ detections, strategies: [], threshold: 0 })).toEqual([]);
  });
});
