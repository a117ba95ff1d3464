/**
 * Precision and recall of the independent set's tuning seeds at several thresholds, from one
 * reading of each photo (the held-out seeds are refused: nothing is fitted to them).
 * Usage: node --import tsx bench/tools/bib-thresholds.ts [from=1] [count=120]
 */
import { bibsFromLines, createOcrEngine, type OcrTextLine } from '../../apps/api/src/bibs/index.js';
import { HELD_OUT_FROM, renderEvalPhoto, type EvalPhoto } from '../eval-sets/bib-photos.js';

const from = Number(process.argv[2] ?? 1);
const count = Number(process.argv[3] ?? 120);
if (from + count > HELD_OUT_FROM)
  throw new Error('tuning seeds only: the held-out part is not looked at');
const engine = createOcrEngine();
const read: Array<{ photo: EvalPhoto; lines: OcrTextLine[] }> = [];
for (let seed = from; seed < from + count; seed++) {
  const photo = await renderEvalPhoto(seed);
  read.push({
    photo: { ...photo, jpeg: Buffer.alloc(0) },
    lines: await engine.readText(photo.jpeg, { skipSmallPrint: true }),
  });
}
for (const threshold of [0.6, 0.65, 0.7, 0.74, 0.8, 0.9]) {
  let bibs = 0,
    found = 0,
    returned = 0,
    wrong = 0;
  for (const { photo, lines } of read) {
    const answers = new Set(
      bibsFromLines(lines, { minConfidence: threshold }).map((d) => d.bib.toUpperCase()),
    );
    for (const bib of photo.bibs) {
      bibs++;
      if (answers.has(bib.digits) || answers.has(bib.compact)) found++;
    }
    for (const a of answers) {
      returned++;
      if (!photo.bibs.some((b) => b.digits === a || b.compact === a)) wrong++;
    }
  }
  console.log(
    `threshold ${threshold}: precision ${((100 * (returned - wrong)) / returned).toFixed(1)} %, recall ${((100 * found) / bibs).toFixed(1)} % (${found}/${bibs}, ${wrong} wrong)`,
  );
}
await engine.dispose();
