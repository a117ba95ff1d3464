/**
 * Bib search precision and recall on generated, labelled race photos (the product's OCR
 * engine, evaluateBibSearch).
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
      addRow({
        figure,
        value: `precision ${fmt(evaluation.precision * 100, 1)} %, recall ${fmt(evaluation.recall * 100, 1)} %`,
        baseline: '–',
        ratio: null,
        goal,
        status: verdict(evaluation.precision >= 0.95 && evaluation.recall >= 0.9),
        notes:
          `${evaluation.photos} photos (seed 7), ${evaluation.truthBibs} true (photo, bib) pairs, threshold ${evaluation.threshold}; ` +
          `recall visible ${fmt(evaluation.recallVisible * 100, 1)} %, partly hidden ${fmt(evaluation.recallOccluded * 100, 1)} %; ` +
          `readBibs ${fmt(evaluation.perPhotoMs)} ms wall, ${fmt(evaluation.perPhotoCpuMs)} ms CPU per photo (${fmt(evaluation.photosPerMinute)} photos/min)` +
          (ctx.quick ? '; quick run: small sample, full run uses 100 photos' : ''),
        data: { ...evaluation },
      });
    }
  } catch (error) {
    failedRow(figure, goal, error);
  }
}
