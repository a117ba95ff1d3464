/**
 * The numbered series of the independent set (each event's bibs in one format) read without and
 * with the event's format, on tuning seeds unless asked otherwise.
 * Usage: node --import tsx bench/tools/bib-numbered.ts [from=0] [count=120]
 */
import { evaluateHeldOut } from '../eval-sets/bib-evaluate.js';
import { closeEngineWorker } from '../../apps/api/src/engine-worker/index.js';

const from = Number(process.argv[2] ?? 0);
const count = Number(process.argv[3] ?? 120);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
for (const withFormat of [false, true]) {
  const r = await evaluateHeldOut({ count, from, numbered: true, withFormat });
  console.log(
    `${withFormat ? 'with format   ' : 'without format'}: precision ${pct(r.precision)}, recall ${pct(r.recall)}, ${r.wrong} wrong (${r.wrongDecoys} decoys) of ${r.bibs} bibs on ${r.photos} photos; ` +
      r.byKind.map((k) => `${k.kind} ${k.found}/${k.bibs}`).join(', '),
  );
  if (withFormat) console.log(r.examples.wrong.slice(0, 12).join('\n'));
}
await closeEngineWorker();
