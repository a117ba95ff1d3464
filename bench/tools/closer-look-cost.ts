/**
 * What the bib reader's closer look (`CLOSER_LOOK_SIDE`) costs: OCR time per photo with it and
 * without it, on the race-day bench's generated photos (1600×1067) and, when they are here, on
 * the real race photos. The two are run photo by photo in turn, so the machine's load weighs on
 * both alike; the ratio is the figure. Usage:
 *   node --import tsx bench/tools/closer-look-cost.ts [photos=40]
 */
import { readFileSync } from 'node:fs';
import { createOcrEngine } from '../../apps/api/src/bibs/ocr-engine.js';
import { shots } from '../figures/race-day.js';
import { readRealRace, realRaceAvailable } from '../eval-sets/real-race.js';

const count = Number(process.argv[2] ?? 40);
const engine = createOcrEngine();

async function compare(label: string, photos: Buffer[]): Promise<void> {
  await engine.readText(photos[0]!, { skipSmallPrint: true });
  let withMs = 0;
  let withoutMs = 0;
  let looked = 0;
  for (const photo of photos) {
    let t = performance.now();
    const plain = await engine.readText(photo, { skipSmallPrint: true, closerLookSide: 0 });
    withoutMs += performance.now() - t;
    t = performance.now();
    const closer = await engine.readText(photo, { skipSmallPrint: true });
    withMs += performance.now() - t;
    if (closer.length !== plain.length) looked++;
  }
  const n = photos.length;
  console.log(
    `${label}: ${n} photos; without ${(withoutMs / n).toFixed(0)} ms/photo, with ${(withMs / n).toFixed(0)} ms/photo ` +
      `(× ${(withMs / withoutMs).toFixed(2)}); lines added on ${looked} photos`,
  );
}

await compare(
  'race-day photos',
  (await shots(count, 5_100_000)).map((s) => s.jpeg),
);
if (realRaceAvailable())
  await compare(
    'real race photos',
    readRealRace().map((p) => readFileSync(p.path)),
  );
await engine.dispose();
