/**
 * The zip download through the API, as the bench measures it, several times, with two clients:
 * node:http counting bytes (the bench's) and curl. Shows whether the client bounds the figure.
 *   node --import tsx bench/tools/probe-zip-http.ts [runs=3]
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cli, startApi } from '../lib/api.js';
import { demoContext } from '../lib/context.js';
import { createEvent } from '../figures/features.js';
import { makePhotoFolder } from '../figures/photos.js';
import { cleanupAll, run } from '../lib/proc.js';

const runs = Number(process.argv[2] ?? 3);
try {
  const ctx = await demoContext('probe-zip', 0.05);
  const { tmp } = ctx;
  const { store } = ctx.pglite;
  const eventId = await createEvent(ctx, 'Probe zip');
  const folder = await makePhotoFolder(ctx, 'zip', 500);
  await cli(store, ['import', String(eventId), folder, '--concurrency', '3']);
  const api = await startApi(store);
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = (await (
      await fetch(
        `${api.url}/api/v1/client/events/${eventId}/photos?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      )
    ).json()) as { data: { photos: Array<{ uuid: string }>; next_cursor: string | null } };
    ids.push(...page.data.photos.map((p) => p.uuid));
    cursor = page.data.next_cursor;
  } while (cursor);
  const url = `${api.url}/api/v1/client/events/${eventId}/downloads`;
  const body = JSON.stringify({ photo_ids: ids.slice(0, 500) });
  const bodyFile = path.join(tmp, 'body.json');
  writeFileSync(bodyFile, body);
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    const bytes = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          let n = 0;
          res.on('data', (c: Buffer) => (n += c.length));
          res.on('end', () => resolve(n));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    const nodeMbps = bytes / 1e6 / ((performance.now() - t) / 1000);
    t = performance.now();
    const out = await run('curl', [
      '-s',
      '-o',
      '/dev/null',
      '-w',
      '%{size_download} %{time_starttransfer} %{time_total}',
      '-H',
      'content-type: application/json',
      '--data-binary',
      `@${bodyFile}`,
      url,
    ]);
    const [size, start, total] = out.stdout.trim().split(' ').map(Number) as [
      number,
      number,
      number,
    ];
    console.log(
      `run ${i + 1}: node:http ${nodeMbps.toFixed(0)} MB/s; curl ${(size / 1e6 / total).toFixed(0)} MB/s (first byte ${(start * 1000).toFixed(0)} ms, after it ${(size / 1e6 / (total - start)).toFixed(0)} MB/s)`,
    );
  }
  await api.stop();
} finally {
  await cleanupAll();
}
