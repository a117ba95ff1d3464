/**
 * Prints bib search quality on synthetic photos:
 *   npx tsx apps/api/tools/bib-evaluate-cli.ts --count 100 --seed 7 [--threshold 0.8] [--side 960] [--start-list 2000 | --registered 1-5000] [--json]
 * Every photo is searched as an event without race results (`ocr`) and as one with them
 * (`ocr` + `results`). The registered bibs are a start list of `--start-list` runners (the
 * photos' bibs and others drawn like them), or with `--registered FIRST-LAST` bibs numbered
 * FIRST..LAST, which the runners then wear.
 */
import { parseArgs } from 'node:util';
import { evaluateBibSearch } from './bib-evaluate.js';
import { createOcrEngine } from '../src/bibs/ocr-engine.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100' },
    seed: { type: 'string', default: '7' },
    threshold: { type: 'string', default: '0.8' },
    side: { type: 'string' },
    registered: { type: 'string' },
    'start-list': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});

const count = Number(values.count);
const seed = Number(values.seed);
const threshold = Number(values.threshold);
const side = values.side === undefined ? undefined : Number(values.side);
const startList = values['start-list'] === undefined ? undefined : Number(values['start-list']);
if (!Number.isInteger(count) || count < 1) fail('--count must be a positive integer');
if (
  startList !== undefined &&
  !(Number.isInteger(startList) && startList >= 1 && startList <= 200_000)
)
  fail('--start-list must be a number of runners within 1..200,000');
if (startList !== undefined && values.registered !== undefined)
  fail('--start-list and --registered exclude each other');
if (!Number.isInteger(seed)) fail('--seed must be an integer');
if (!(threshold >= 0 && threshold <= 1)) fail('--threshold must be within 0..1');
if (side !== undefined && !(Number.isInteger(side) && side >= 320 && side <= 4096))
  fail('--side must be an integer within 320..4096');

let registeredBibs: string[] | undefined;
if (values.registered !== undefined) {
  const match = /^(\d+)-(\d+)$/.exec(values.registered);
  const first = Number(match?.[1]);
  const last = Number(match?.[2]);
  if (!match || first < 1 || last < first || last - first > 200_000)
    fail('--registered must be a range FIRST-LAST of at most 200,000 bibs, e.g. 1-5000');
  registeredBibs = Array.from({ length: last - first + 1 }, (_, i) => String(first + i));
}

const engine = createOcrEngine();
const loadStart = performance.now();
// The first call loads the models; time it apart from the per-photo figures.
await engine.readText(
  Buffer.from(
    await (
      await import('sharp')
    )
      .default({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  ),
);
const loadMs = Math.round(performance.now() - loadStart);

const result = await evaluateBibSearch({
  count,
  seed,
  engine,
  threshold,
  ...(side ? { read: { detectionSide: side } } : {}),
  ...(registeredBibs ? { registeredBibs } : {}),
  ...(startList ? { startList } : {}),
  thresholds: [0.5, 0.6, 0.7, 0.8, 0.9, 0.95],
  onProgress: (done, total) => {
    if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} photos`);
    else if (done % 10 === 0 || done === total) process.stderr.write(`${done}/${total} photos\n`);
  },
});
if (process.stderr.isTTY) process.stderr.write('\n');
await engine.dispose();

if (values.json) {
  console.log(JSON.stringify({ loadMs, ...result }, null, 2));
} else {
  const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
  console.log(
    `photos ${result.photos} (seed ${seed}), true photo-bib pairs ${result.truthBibs} (${result.visibleBibs} visible, ${result.occludedBibs} partly hidden), photos without a bib ${result.photosWithoutBib}`,
  );
  console.log(
    `speed: ${result.perPhotoMs} ms a photo wall, ${result.perPhotoCpuMs} ms CPU, ${result.photosPerMinute} photos a minute; model load ${loadMs} ms`,
  );
  const r = result.withResults;
  const registered =
    r.numbering === 'given'
      ? `registered bibs ${values.registered}`
      : `start list of ${r.registeredBibs} runners: the photos' bibs and others drawn like them`;
  for (const [title, f] of [
    ['no race results (strategy ocr)', result],
    [`with race results (ocr + results; ${registered})`, r],
  ] as const) {
    console.log(`\n${title}`);
    console.log(
      `threshold ${threshold}: precision ${pct(f.precision)}, recall ${pct(f.recall)} (visible ${pct(f.recallVisible)}, partly hidden ${pct(f.recallOccluded)})`,
    );
    console.log('by threshold:');
    for (const t of f.byThreshold) {
      console.log(
        `  ${t.threshold.toFixed(2)}  precision ${pct(t.precision)}  recall ${pct(t.recall)}  (visible ${pct(t.recallVisible)}, hidden ${pct(t.recallOccluded)})  returned ${t.returnedPairs}`,
      );
    }
    if (f.falsePositives.length > 0) {
      console.log('false positives:');
      for (const e of f.falsePositives)
        console.log(
          `  photo #${e.index} (seed ${e.seed}): ${e.bib} @${e.confidence}, truth [${e.truth.join(', ')}]`,
        );
    }
    if (f.misses.length > 0) {
      console.log('misses:');
      for (const m of f.misses)
        console.log(
          `  photo #${m.index} (seed ${m.seed}): ${m.bib}${m.occluded ? ' (partly hidden)' : ''}, read [${m.read.map((x) => `${x.bib}@${x.confidence}`).join(', ')}]`,
        );
    }
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
