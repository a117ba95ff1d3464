/**
 * A cached photo variant under load (wrk), beside nginx serving the same bytes from a file with
 * one worker. Autocannon is not used: it saturates near 1k req/s on bodies this size.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Api, type GroundTruth, mainEvent } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { type LoadResult, wrk } from '../lib/load.js';
import { ensureTools, startNginx } from '../lib/nginx.js';
import { BENCH, freePort, start, waitForHttp } from '../lib/proc.js';
import { addRow, failedRow, fmt, notAvailable, verdict } from '../lib/table.js';

const FIGURE = 'cached photo variant: req/s (wrk, 50 connections)';
const GOAL = '≥ 50 % of nginx';
export const VARIANT_WIDTH = 1600;
const ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

const show = (r: LoadResult) =>
  `${fmt(r.rps)} req/s; p99 ${fmt(r.p99, 1)} ms${r.non2xx + r.errors ? `; ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`;

export async function photoCached(ctx: Context, api: Api, truth: GroundTruth) {
  const missing = await ensureTools();
  if (missing.length > 0) {
    notAvailable(
      FIGURE,
      GOAL,
      `${missing.join(' and ')} missing and not installable (not root); apt-get install -y wrk nginx-light`,
    );
    return;
  }
  try {
    const event = mainEvent(truth);
    const photo = truth.photos.find((p) => p.event_id === event.id)!;
    const url = `${api.url}/events/photos/${photo.uuid}?w=${VARIANT_WIDTH}`;
    let body = Buffer.alloc(0);
    let type = '';
    for (let i = 0; i < 3; i++) {
      const response = await fetch(url, { headers: { accept: ACCEPT } });
      if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`);
      body = Buffer.from(await response.arrayBuffer());
      type = response.headers.get('content-type') ?? 'application/octet-stream';
    }
    const www = path.join(ctx.tmp, 'www');
    mkdirSync(www, { recursive: true });
    chmodSync(ctx.tmp, 0o755);
    chmodSync(www, 0o755);
    const ext = type.split('/')[1]?.split(';')[0] ?? 'bin';
    writeFileSync(path.join(www, `photo.${ext}`), body, { mode: 0o644 });
    const nginx = await startNginx(ctx.tmp, www, { [ext]: type });
    try {
      const headers = { accept: ACCEPT };
      const options = { connections: 50, seconds: ctx.seconds, threads: 1, headers };
      await wrk({ ...options, url, seconds: 2 });
      const product = await wrk({ ...options, url });
      const nginxUrl = `http://127.0.0.1:${nginx.port}/photo.${ext}`;
      await wrk({ ...options, url: nginxUrl, seconds: 2 });
      const baseline = await wrk({ ...options, url: nginxUrl });
      // Reference, not the goal's baseline: node:http from an in-memory buffer, the ceiling of a Node server.
      let ceiling: LoadResult | null = null;
      const port = await freePort();
      const http = start(
        process.execPath,
        [
          path.join(BENCH, 'baselines/bare-http.mjs'),
          String(port),
          path.join(www, `photo.${ext}`),
          type,
        ],
        {
          name: 'bare-http',
        },
      );
      try {
        const httpUrl = `http://127.0.0.1:${port}/photo`;
        await waitForHttp(httpUrl, { proc: http });
        await wrk({ ...options, url: httpUrl, seconds: 2 });
        ceiling = await wrk({ ...options, url: httpUrl });
      } catch {
        ceiling = null;
      } finally {
        await http.stop();
      }
      const ratio = product.rps / baseline.rps;
      const clean = product.non2xx === 0 && product.errors === 0;
      addRow({
        figure: FIGURE,
        value: show(product),
        baseline: `nginx, 1 worker: ${show(baseline)}`,
        ratio,
        goal: GOAL,
        status: verdict(clean && ratio >= 0.5),
        notes:
          `${fmt(body.length / 1024, 1)} KB ${type} at w=${VARIANT_WIDTH}; wrk -t1 -c50 ${ctx.seconds} s; embedded database` +
          (ceiling
            ? `; reference node:http from a buffer: ${fmt(ceiling.rps)} req/s (${fmt((ceiling.rps / baseline.rps) * 100)} % of nginx)`
            : ''),
        data: { product, baseline, nodeHttpBuffer: ceiling, bytes: body.length, type },
      });
    } finally {
      await nginx.stop();
    }
  } catch (error) {
    failedRow(FIGURE, GOAL, error);
  }
}
