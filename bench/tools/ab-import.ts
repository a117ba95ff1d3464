/**
 * A/B of the CLI import: two builds of the API (apps/api/dist and another folder beside it, e.g.
 * apps/api/dist-old made from an earlier commit) import the same generated photos into fresh
 * events, alternately, on one embedded database.
 *   node --import tsx bench/tools/ab-import.ts <other-dist> [photos=60] [rounds=3]
 */
import path from 'node:path';
import { demoContext } from '../lib/context.js';
import { createEvent } from '../figures/features.js';
import { makePhotoFolder } from '../figures/photos.js';
import { cleanupAll, ROOT, runOk } from '../lib/proc.js';

const [other = 'apps/api/dist-old', photos = '60', rounds = '3'] = process.argv.slice(2);
try {
  const ctx = await demoContext('ab-import', 0.02);
  const { store } = ctx.pglite;
  const folder = await makePhotoFolder(ctx, 'ab', Number(photos));
  const builds = { current: path.join(ROOT, 'apps/api/dist'), other: path.resolve(ROOT, other) };
  const times: Record<string, number[]> = { current: [], other: [] };
  for (let r = 0; r < Number(rounds); r++) {
    for (const [name, dist] of Object.entries(builds)) {
      const eventId = await createEvent(ctx, `AB ${name} ${r}`);
      const run = await runOk(
        process.execPath,
        [path.join(dist, 'cli/main.js'), 'import', String(eventId), folder, '--concurrency', '3'],
        {
          env: {
            ...process.env,
            DATA_DIR: store.dataDir,
            LOG_LEVEL: 'warn',
            OCR_ENABLED: 'false',
            FACES_ENABLED: 'false',
          },
          timeoutMs: 10 * 60_000,
        },
      );
      times[name]!.push(run.ms);
      console.log(`round ${r + 1} ${name}: ${(run.ms / 1000).toFixed(2)} s`);
    }
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  console.log(
    `median: current ${(median(times.current!) / 1000).toFixed(2)} s, other ${(median(times.other!) / 1000).toFixed(2)} s`,
  );
} finally {
  await cleanupAll();
}
