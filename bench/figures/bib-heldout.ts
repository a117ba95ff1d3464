/**
 * Bib search on photos it was not tuned on: the held-out part of an evaluation set made apart
 * from the product (bench/eval-sets/bib-photos.ts: its own fonts, prefixes, decoy numbers,
 * rotation, blur, colours, small and partly hidden bibs). An event without race results; recall
 * is shown for every kind of bib, weakest first.
 */
import path from 'node:path';
import type { Context } from '../lib/context.js';
import { BENCH, runNodeJson } from '../lib/proc.js';
import { addRow, failedRow, fmt, verdict } from '../lib/table.js';
import type { HeldOutEvaluation } from '../eval-sets/bib-evaluate.js';
import type { SeriesEvaluation } from '../eval-sets/bib-series.js';

const GOAL = 'precision ≥ 97 %, recall ≥ 95 %';

export async function bibHeldOut(ctx: Context) {
  await heldOutRow(ctx, {
    figure: 'bib search on the independent held-out set (no race results)',
    series: [],
    photos: 'photos',
  });
  // The numbered series: each event's bibs in one format (a range, its letters, its template's
  // words), each photo read with its event's format as the organiser sets it in `bib_config.format`.
  await heldOutRow(ctx, {
    figure:
      "bib search on the independent held-out numbered set, with each event's bib format (no race results)",
    series: ['numbered'],
    photos: 'photos from seed 2,000,000',
  });
  // The same photos without a format, as most events run: each scored with the digit count its
  // event learns from its own clear readings (settled: as for a long event's photos).
  await heldOutRow(ctx, {
    figure:
      "bib search on the independent held-out numbered set, without a format, each event's digit count learnt (no race results)",
    series: ['learnt'],
    photos: 'photos from seed 2,000,000',
  });
  await runnerSeriesRow(ctx);
}

/**
 * The runner series: events whose runners are on several photos. What share of each runner's
 * photos a search for their bib returns, read photo by photo (the baseline) and with what the
 * event's other photos say (`eventConfidence`: a cut-off reading of a bib read clearly elsewhere
 * is confirmed, a part of a clear bib is lowered), as the `bibs` job stores them.
 */
async function runnerSeriesRow(ctx: Context): Promise<void> {
  const figure =
    "bib search on the independent held-out runner series: share of each runner's photos found, with the event's other photos (no race results)";
  const goal = "≥ 98 % of each runner's photos; precision ≥ 97 %";
  try {
    const events = ctx.quick ? 1 : 4;
    const r = await runNodeJson<SeriesEvaluation>(
      path.join(BENCH, 'workers/bib-series.mjs'),
      [String(events)],
      { timeoutMs: 30 * 60_000 },
    );
    const pct = (x: number) => `${fmt(x * 100, 1)} %`;
    const asRead = r.figures.find((f) => f.variant === 'as read')!;
    const product = r.figures.at(-1)!;
    addRow({
      figure,
      value: `per runner ${pct(product.meanRunnerShare)}; precision ${pct(product.precision)}, recall ${pct(product.recall)}`,
      baseline: `per runner ${pct(asRead.meanRunnerShare)}; precision ${pct(asRead.precision)}, recall ${pct(asRead.recall)} (photo by photo)`,
      ratio: asRead.meanRunnerShare > 0 ? product.meanRunnerShare / asRead.meanRunnerShare : null,
      goal,
      status: verdict(product.meanRunnerShare >= 0.98 && product.precision >= 0.97),
      notes:
        `${r.events} events, ${r.photos} photos, ${r.runners} runners on ${r.appearances} (photo, runner) pairs, ${r.hidden} of them partly hidden; threshold 0.8; ` +
        r.figures
          .map(
            (f) =>
              `${f.variant}: precision ${pct(f.precision)}, recall ${pct(f.recall)}, per runner ${pct(f.meanRunnerShare)}, all photos found for ${f.runnersAllFound} runners, partly hidden ${pct(f.hiddenRecall)}, ${f.wrong} wrong`,
          )
          .join('; ') +
        `; reading ${fmt(r.cpuMsPerPhoto)} ms CPU per photo, the event's photos weighed together at no reading cost` +
        (ctx.quick ? '; quick run: full run uses 4 events (160 photos)' : ''),
      data: { ...r },
    });
  } catch (error) {
    failedRow(figure, goal, error);
  }
}

/** One row: the held-out photos of a series read by the product's reader in a worker process. */
async function heldOutRow(
  ctx: Context,
  row: { figure: string; series: string[]; photos: string },
): Promise<void> {
  try {
    const count = ctx.quick ? 20 : 120;
    const r = await runNodeJson<HeldOutEvaluation>(
      path.join(BENCH, 'workers/bib-heldout.mjs'),
      [String(count), ...row.series],
      { timeoutMs: 30 * 60_000 },
    );
    const pct = (x: number) => `${fmt(x * 100, 1)} %`;
    addRow({
      figure: row.figure,
      value: `precision ${pct(r.precision)}, recall ${pct(r.recall)}`,
      baseline: '–',
      ratio: null,
      goal: GOAL,
      status: verdict(r.precision >= 0.97 && r.recall >= 0.95),
      notes:
        `${r.photos} ${row.photos}, ${r.bibs} bibs, threshold ${r.threshold}; ${r.wrong} wrong answers (${r.wrongDecoys} of them decoy numbers); ` +
        `recall of the bibs whole on the photo (neither partly hidden nor cut by the frame) ${pct(r.whole.recall)} (${r.whole.found}/${r.whole.bibs}); ` +
        `recall by kind: ${r.byKind.map((k) => `${k.kind} ${pct(k.recall)} (${k.found}/${k.bibs})`).join(', ')}; ` +
        `reading ${fmt(r.perPhotoMs)} ms wall, ${fmt(r.perPhotoCpuMs)} ms CPU per photo` +
        (row.series[0] === 'learnt'
          ? `; ${r.learntPhotos} photos scored with a learnt digit count (events from seed: ${r.digitCounts.map((e) => `${e.firstSeed} ${JSON.stringify(e.counts)}`).join(', ')})`
          : '') +
        (ctx.quick ? `; quick run: full run uses 120 photos` : ''),
      data: { ...r },
    });
  } catch (error) {
    failedRow(row.figure, GOAL, error);
  }
}
