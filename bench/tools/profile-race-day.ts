/**
 * Where race-day indexing time goes: a burst of generated race photos uploaded through the admin
 * API (OCR and faces on, one API process with its default worker) run with --cpu-prof, then each
 * thread's profile summarised (the main thread, and the recognition engines' worker thread):
 * how much of the run it was idle, and what it ran.
 * Usage: node --import tsx bench/tools/profile-race-day.ts [photos=60]
 */
import path from 'node:path';
import { mkdirSync, readdirSync } from 'node:fs';
import { startApi, waitForJobs } from '../lib/api.js';
import { BENCH, cleanupAll, run } from '../lib/proc.js';
import { RACE_ENV, raceStore, shots, uploadBurst } from '../figures/race-day.js';

const count = Number(process.argv[2] ?? 60);
try {
  const burst = await shots(count, 5_300_000);
  const { store, eventId, token } = await raceStore();
  const profDir = path.join(path.dirname(store.dataDir), 'prof');
  mkdirSync(profDir, { recursive: true });
  const api = await startApi(store, { jobs: true, env: RACE_ENV, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] });
  const t0 = performance.now();
  try {
    await uploadBurst(api.url, token, eventId, burst);
    const uploaded = performance.now() - t0;
    const counts = await waitForJobs(api, token, eventId, 60 * 60_000);
    const wall = performance.now() - t0;
    console.log(
      `${count} photos: uploaded in ${(uploaded / 1000).toFixed(1)} s, every job done after ${(wall / 1000).toFixed(1)} s ` +
        `(${(count / (wall / 60_000)).toFixed(1)} photos/min); jobs ${JSON.stringify(counts)}`,
    );
  } finally {
    await api.stop();
  }
  // Each thread's profile: how busy it was, and on what.
  for (const file of readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')).sort()) {
    console.log(`\n== ${file} (the thread's number is the one before .cpuprofile's counter: 0 the main thread)`);
    console.log((await run(process.execPath, [path.join(BENCH, 'tools/top-frames.mjs'), path.join(profDir, file), '8'])).stdout);
  }
} finally {
  await cleanupAll();
}
