/**
 * Profiles the API under load: demo data on a temp embedded database (or DATABASE_URL), the API
 * with --cpu-prof, autocannon on one path, then the top frames.
 * Usage: node --import tsx bench/tools/profile-api.ts <path> [seconds=10] [connections=50]
 * e.g. '/api/v1/client/events/organiser/data?app_domain=localhost', or 'photo' (a cached variant, wrk).
 * Background jobs are off (JOB_CONCURRENCY=0) unless BENCH_JOBS=1: then the demo's bib OCR runs meanwhile.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createDemo, startApi } from '../lib/api.js';
import { autocannon, wrk } from '../lib/load.js';
import { BENCH, cleanupAll, run, tempDir } from '../lib/proc.js';

const [
  urlPath = '/api/v1/client/events/organiser/data?app_domain=localhost',
  seconds = '10',
  connections = '50',
] = process.argv.slice(2);
try {
  const tmp = tempDir('profile');
  const store = { dataDir: path.join(tmp, 'data'), databaseUrl: process.env.DATABASE_URL };
  const truth = await createDemo(store, 0.05);
  const photo = truth.photos[0]!.uuid;
  const profDir = path.join(tmp, 'prof');
  const api = await startApi(store, {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`],
    jobs: process.env.BENCH_JOBS === '1',
  });
  // 'photo' profiles a cached variant with wrk (autocannon saturates on large bodies).
  const isPhoto = urlPath === 'photo';
  const url = isPhoto ? `${api.url}/events/photos/${photo}?w=1600` : `${api.url}${urlPath}`;
  const headers = { accept: 'image/avif,image/webp,*/*' };
  if (isPhoto) await fetch(url, { headers }).then((r) => r.arrayBuffer());
  const options = { url, connections: Number(connections), seconds: Number(seconds), headers };
  const result = isPhoto ? await wrk(options) : await autocannon(options);
  console.log(
    `${urlPath}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
  );
  // SIGTERM: the API closes and exits, which writes the profile.
  process.kill(api.proc.pid, 'SIGTERM');
  await new Promise((r) => api.proc.child.once('exit', r));
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
  const out = await run(process.execPath, [
    path.join(BENCH, 'tools/top-frames.mjs'),
    path.join(profDir, file),
    '30',
  ]);
  console.log(out.stdout);
} finally {
  await cleanupAll();
}
