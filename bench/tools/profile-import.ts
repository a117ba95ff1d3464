/**
 * Profiles the operator's import: demo data on a temp embedded database, N generated photos,
 * `import` run with --cpu-prof, then the top frames.
 * Usage: node --import tsx bench/tools/profile-import.ts [photos=60]   (KEEP_PROFILE=<file> keeps it)
 */
import { copyFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { API_CLI } from '../lib/api.js';
import { demoContext } from '../lib/context.js';
import { BENCH, cleanupAll, run, runOk } from '../lib/proc.js';
import { createEvent } from '../figures/features.js';
import { makePhotoFolder } from '../figures/photos.js';

const count = Number(process.argv[2] ?? 60);
try {
  const ctx = await demoContext('profile', 0.02);
  const { tmp } = ctx;
  const { store } = ctx.pglite;
  const folder = await makePhotoFolder(ctx, 'profile', count, { seed: 99_000 });
  const eventId = await createEvent(ctx, 'Profile import');
  const profDir = path.join(tmp, 'prof');
  const result = await runOk(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${profDir}`, API_CLI, 'import', String(eventId), folder],
    {
      env: { ...process.env, DATA_DIR: store.dataDir, LOG_LEVEL: 'warn' },
    },
  );
  console.log(
    `import of ${count} photos: ${(result.ms / 1000).toFixed(1)} s wall (CLI start-up included)`,
  );
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
  if (process.env.KEEP_PROFILE) {
    copyFileSync(path.join(profDir, file), process.env.KEEP_PROFILE);
    console.log(`profile kept at ${process.env.KEEP_PROFILE}`);
  }
  console.log(
    (
      await run(process.execPath, [
        path.join(BENCH, 'tools/top-frames.mjs'),
        path.join(profDir, file),
        '25',
      ])
    ).stdout,
  );
} finally {
  await cleanupAll();
}
