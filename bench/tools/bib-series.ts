/**
 * The runner series (bench/eval-sets/bib-series.ts): the share of each runner's photos a bib
 * search returns, photo by photo and with the event's confirmations.
 *   node --import tsx bench/tools/bib-series.ts [firstEvent=4000] [events=4] [threshold=0.8] [alone]
 * `alone`: without the event's other runners among its clear bibs.
 * Events from 30,000 on are the held-out part: read them once, after the rules are final.
 */
import { evaluateSeries } from '../eval-sets/bib-series.js';

const from = Number(process.argv[2] ?? 4000);
const count = Number(process.argv[3] ?? 4);
const threshold = Number(process.argv[4] ?? 0.8);
const result = await evaluateSeries({
  events: Array.from({ length: count }, (_, i) => from + i),
  threshold,
  withOthers: process.argv[5] !== 'alone',
  onProgress: (done, total) => {
    if (done % 20 === 0) process.stderr.write(`${done}/${total}\n`);
  },
});
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(
  `events ${from}–${from + count - 1}: ${result.photos} photos, ${result.runners} runners, ` +
    `${result.appearances} appearances (${result.hidden} partly hidden), threshold ${threshold}, ` +
    `${Math.round(result.cpuMsPerPhoto)} ms CPU a photo`,
);
console.log(
  '| readings | precision | recall | per runner (mean) | runners all found | partly hidden | wrong |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const f of result.figures)
  console.log(
    `| ${f.variant} | ${pct(f.precision)} | ${pct(f.recall)} | ${pct(f.meanRunnerShare)} | ${f.runnersAllFound} / ${result.runners} | ${pct(f.hiddenRecall)} | ${f.wrong} |`,
  );
for (const [reason, n] of result.missReasons) console.log(`${String(n).padStart(4)}  ${reason}`);
console.log(result.wrongExamples.join('\n'));
process.exit(0);
