/**
 * One race-day burst through the built API, as the "race-day indexing" row runs it (warm-up
 * photo first, two uploads in flight), printed as photos a minute: for comparing builds quickly.
 * Usage: node --import tsx bench/tools/race-burst.ts [photos=40] [KEY=value ...]  (extra API env)
 */
import { startApi, waitForJobs } from '../lib/api.js';
import { cleanupAll } from '../lib/proc.js';
import { RACE_ENV, raceStore, shots, uploadBurst, uploadOne } from '../figures/race-day.js';

const count = Number(process.argv[2] ?? 40);
const extra = Object.fromEntries(
  process.argv.slice(3).map((kv) => kv.split('=', 2) as [string, string]),
);
try {
  const burst = await shots(count, 5_100_000);
  const [warmUp] = await shots(1, 5_099_999);
  const { store, eventId, token } = await raceStore();
  const api = await startApi(store, { jobs: true, env: { ...RACE_ENV, ...extra } });
  try {
    await uploadOne(api.url, token, eventId, warmUp!);
    await waitForJobs(api, token, eventId, 10 * 60_000);
    const t0 = performance.now();
    await uploadBurst(api.url, token, eventId, burst);
    const uploaded = performance.now() - t0;
    const counts = await waitForJobs(api, token, eventId, 60 * 60_000);
    const wall = performance.now() - t0;
    console.log(
      `${count} photos: uploaded in ${(uploaded / 1000).toFixed(1)} s, all jobs done after ${(wall / 1000).toFixed(1)} s: ` +
        `${(count / (wall / 60_000)).toFixed(1)} photos/min; jobs ${JSON.stringify(counts)}`,
    );
  } finally {
    await api.stop();
  }
} finally {
  await cleanupAll();
}
