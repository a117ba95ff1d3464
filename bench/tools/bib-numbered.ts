/**
 * The numbered series of the independent set (each event's bibs in one format) read without and
 * with the event's format, and without it but with each event's usual digit count learnt (as the
 * photos are read, and settled once all are); on tuning seeds unless asked otherwise.
 * Usage: node --import tsx bench/tools/bib-numbered.ts [from=0] [count=120] [learnt]  (learnt: those modes only)
 */
import { evaluateHeldOut } from '../eval-sets/bib-evaluate.js';
import { closeEngineWorker } from '../../apps/api/src/engine-worker/index.js';

const from = Number(process.argv[2] ?? 0);
const count = Number(process.argv[3] ?? 120);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const MODES = [
  { mode: 'without format' },
  { mode: 'digits learnt as read', learnDigits: 'as-read' },
  { mode: 'digits learnt, settled', learnDigits: 'settled' },
  { mode: 'with format', withFormat: true },
] as const;
for (const m of MODES) {
  const learnDigits = 'learnDigits' in m ? m.learnDigits : undefined;
  const withFormat = 'withFormat' in m;
  if (process.argv[4] === 'learnt' && !learnDigits) continue;
  const r = await evaluateHeldOut({ count, from, numbered: true, withFormat, learnDigits });
  console.log(
    `${m.mode.padEnd(22)}: precision ${pct(r.precision)}, recall ${pct(r.recall)}, ${r.wrong} wrong (${r.wrongDecoys} decoys) of ${r.bibs} bibs on ${r.photos} photos; ` +
      r.byKind.map((k) => `${k.kind} ${k.found}/${k.bibs}`).join(', ') +
      (learnDigits ? `; ${r.learntPhotos} photos scored with the count learnt` : ''),
  );
  if (learnDigits === 'settled')
    for (const e of r.digitCounts)
      console.log(
        `  event from seed ${e.firstSeed}: readings by digit count ${JSON.stringify(e.counts)}`,
      );
  if (withFormat) console.log(r.examples.wrong.slice(0, 12).join('\n'));
}
await closeEngineWorker();
