/**
 * Bib search precision and recall on generated, labelled race photos (the product's OCR
 * engine, evaluateBibSearch): as an event with race results (its start list's bibs registered)
 * and without. The goal is judged on the event with results; both are shown.
 */
import path from 'node:path';
import type { Context } from '../lib/context.js';
import { BENCH, runNodeJson } from '../lib/proc.js';
import { addRow, failedRow, fmt, notAvailable, verdict } from '../lib/table.js';

interface Evaluation {
  missing?: string;
  photos: number;
  truthBibs: number;
  threshold: number;
  precision: number;
  recall: number;
  recallVisible: number;
  recallOccluded: number;
  perPhotoMs: number;
  perPhotoCpuMs: number;
  photosPerMinute: number;
  /** Absent from an API build older than the start-list evaluation. */
  withResults?: {
    registeredBibs: number;
    numbering: string;
    precision: number;
    recall: number;
    recallVisible: number;
    recallOccluded: number;
  };
}

export async function bibQuality(ctx: Context) {
  const figure = 'bib search precision / recall on the labelled generated set';
  const goal = '≥ 95 % / ≥ 90 %';
  try {
    const count = ctx.quick ? 20 : 100;
    const evaluation = await runNodeJson<Evaluation>(
      path.join(BENCH, 'workers/bib-eval.mjs'),
      [String(count), '7'],
      {
        timeoutMs: 20 * 60_000,
      },
    );
    if (evaluation.missing) {
      notAvailable(figure, goal, evaluation.missing);
    } else {
      const pr = (e: { precision: number; recall: number }) =>
        `precision ${fmt(e.precision * 100, 1)} %, recall ${fmt(e.recall * 100, 1)} %`;
      const withResults = evaluation.withResults;
      const judged = withResults ?? evaluation;
      addRow({
        figure,
        value: withResults
          ? `with race results: ${pr(withResults)}; without: ${pr(evaluation)}`
          : pr(evaluation),
        baseline: '–',
        ratio: null,
        goal,
        status: verdict(judged.precision >= 0.95 && judged.recall >= 0.9),
        notes:
          `${evaluation.photos} photos (seed 7), ${evaluation.truthBibs} true (photo, bib) pairs, threshold ${evaluation.threshold}; ` +
          (withResults
            ? `with results (strategies ocr + results, ${withResults.registeredBibs} registered bibs: a start list with the photos' runners and others): ` +
              `recall visible ${fmt(withResults.recallVisible * 100, 1)} %, partly hidden ${fmt(withResults.recallOccluded * 100, 1)} %; ` +
              `without results (ocr): `
            : '') +
          `recall visible ${fmt(evaluation.recallVisible * 100, 1)} %, partly hidden ${fmt(evaluation.recallOccluded * 100, 1)} %; ` +
          `the goal is judged ${withResults ? 'with results' : 'on this build (no results figures)'}; ` +
          `reading ${fmt(evaluation.perPhotoMs)} ms wall, ${fmt(evaluation.perPhotoCpuMs)} ms CPU per photo (${fmt(evaluation.photosPerMinute)} photos/min)` +
          (ctx.quick ? '; quick run: small sample, full run uses 100 photos' : ''),
        data: { ...evaluation },
      });
    }
  } catch (error) {
    failedRow(figure, goal, error);
  }
}
