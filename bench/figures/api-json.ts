/**
 * Organiser data, all-events and event config at 50 connections (autocannon), beside a bare
 * Fastify route sending the same bytes, measured right after it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Api, type GroundTruth, mainEvent } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { autocannon, type LoadResult, warm } from '../lib/load.js';
import { BENCH, freePort, start, waitForHttp } from '../lib/proc.js';
import { addRow, failedRow, fmt, verdict } from '../lib/table.js';

const GOAL = '≥ 60 % of baseline req/s; p99 < 20 ms';
const CONNECTIONS = 50;

export const ENDPOINT_NAMES = ['organiser data', 'all-events', 'event config'];

export function endpoints(truth: GroundTruth) {
  const event = mainEvent(truth);
  return [
    { name: 'organiser data', path: '/api/v1/client/events/organiser/data?app_domain=localhost' },
    {
      name: 'all-events',
      path: '/api/v1/client/events/organiser/all-events?app_domain=localhost&page=1',
    },
    { name: 'event config', path: `/api/v1/client/events/${event.id}/config` },
  ];
}

const show = (r: LoadResult) =>
  `${fmt(r.rps)} req/s; p99 ${fmt(r.p99)} ms${r.non2xx + r.errors ? `; ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`;

export async function apiJson(ctx: Context, api: Api, truth: GroundTruth, database: string) {
  const list = endpoints(truth);
  // Capture the bytes each endpoint sends, for the baseline server.
  const routes: string[] = [];
  const bodies: number[] = [];
  for (const [i, e] of list.entries()) {
    const response = await fetch(`${api.url}${e.path}`);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${e.path}: HTTP ${response.status}`);
    const file = path.join(ctx.tmp, `body-${database}-${i}.json`);
    writeFileSync(file, body);
    routes.push(`/b${i}=${file}=${response.headers.get('content-type') ?? 'application/json'}`);
    bodies.push(body.length);
  }
  const port = await freePort();
  const bare = start(
    process.execPath,
    [path.join(BENCH, 'baselines/bare-fastify.mjs'), String(port), ...routes],
    {
      name: 'bare-fastify',
    },
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/b0`, { proc: bare });
    for (const [i, e] of list.entries()) {
      const figure = `${e.name} (${database}): req/s and p99 at ${CONNECTIONS} connections`;
      try {
        const productUrl = `${api.url}${e.path}`;
        const bareUrl = `http://127.0.0.1:${port}/b${i}`;
        await warm(productUrl);
        const product = await autocannon({
          url: productUrl,
          connections: CONNECTIONS,
          seconds: ctx.seconds,
        });
        await warm(bareUrl);
        const baseline = await autocannon({
          url: bareUrl,
          connections: CONNECTIONS,
          seconds: ctx.seconds,
        });
        const ratio = product.rps / baseline.rps;
        const clean = product.non2xx === 0 && product.errors === 0;
        addRow({
          figure,
          value: show(product),
          baseline: show(baseline),
          ratio,
          goal: GOAL,
          status: verdict(clean && ratio >= 0.6 && product.p99 < 20),
          notes: `${fmt(bodies[i]!)} B body; autocannon ${ctx.seconds} s${clean ? '' : '; errors count as a fail'}`,
          data: { product, baseline, bodyBytes: bodies[i] },
        });
      } catch (error) {
        failedRow(figure, GOAL, error);
      }
    }
  } finally {
    await bare.stop();
  }
}
