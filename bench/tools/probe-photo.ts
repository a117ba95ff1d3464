/**
 * A/B of the cached photo variant: the API's hot path against node:http sending the same bytes
 * from a buffer, alternating wrk runs so both see the same machine.
 * Usage: node --import tsx bench/tools/probe-photo.ts [rounds=3] [seconds=5]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDemo, startApi } from '../lib/api.js';
import { wrk } from '../lib/load.js';
import { BENCH, cleanupAll, freePort, start, tempDir, waitForHttp } from '../lib/proc.js';

const [rounds = '3', seconds = '5'] = process.argv.slice(2);
try {
  const tmp = tempDir('probe-photo');
  const store = { dataDir: path.join(tmp, 'data'), databaseUrl: undefined };
  const truth = await createDemo(store, 0.05);
  const api = await startApi(store, { jobs: false });
  const headers = { accept: 'image/avif,image/webp,*/*' };
  const url = `${api.url}/events/photos/${truth.photos[0]!.uuid}?w=1600`;
  const bytes = Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
  const file = path.join(tmp, 'variant.webp');
  writeFileSync(file, bytes);
  const port = await freePort();
  const ref = start(
    process.execPath,
    [
      process.env.REF ?? path.join(BENCH, 'baselines/bare-http.mjs'),
      String(port),
      file,
      'image/webp',
    ],
    { name: 'bare-http' },
  );
  const refUrl = `http://127.0.0.1:${port}/`;
  await waitForHttp(refUrl, { proc: ref, timeoutMs: 10_000 });
  for (let i = 0; i < Number(rounds); i++) {
    const a = await wrk({ url, connections: 50, seconds: Number(seconds), headers });
    const b = await wrk({ url: refUrl, connections: 50, seconds: Number(seconds), headers });
    console.log(
      `round ${i + 1}: API ${a.rps.toFixed(0)} req/s, node:http ${b.rps.toFixed(0)} req/s: ${((a.rps / b.rps) * 100).toFixed(0)} %`,
    );
  }
} finally {
  await cleanupAll();
}
