/**
 * Figures of the search features (bib and name search, selfie search); the zip download's is in zip.ts.
 * Each is probed in the running API's OpenAPI document; a missing one is a 'not available' row,
 * and the measuring code lights up when the route lands.
 */
import { FACE_RECIPE_VERSION } from '@eventsite/contract/face-recipe';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cli, hasOperation, hasQueryParam, type OpenApi, startApi } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { percentiles, sequential } from '../lib/load.js';
import { BENCH, runNodeJson } from '../lib/proc.js';
import { addRow, failedRow, fmt, notAvailable, verdict } from '../lib/table.js';

const PHOTOS_PATH = '/api/v1/client/events/{eventId}/photos';
const SELFIE_PATH = /^\/api\/v1\/client\/events\/\{[^}]+\}\/photos\/selfie-search$/;

export function probeFeatures(doc: OpenApi): Record<string, string | null> {
  return {
    zip: hasOperation(doc, 'post', /^\/api\/v1\/client\/events\/\{[^}]+\}\/downloads$/),
    bib: hasQueryParam(doc, 'get', PHOTOS_PATH, 'bib') ? PHOTOS_PATH : null,
    name: hasQueryParam(doc, 'get', PHOTOS_PATH, 'name') ? PHOTOS_PATH : null,
    selfie: hasOperation(doc, 'post', SELFIE_PATH),
  };
}

/** `event create` on the localhost organiser; returns the new event's id. */
export async function createEvent(ctx: Context, name: string, config?: object): Promise<number> {
  const extra: string[] = [];
  if (config) {
    const file = path.join(ctx.tmp, `event-config-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(config));
    extra.push('--config', file);
  }
  const result = await cli(ctx.pglite.store, [
    'event',
    'create',
    '--organiser',
    'localhost',
    '--name',
    name,
    '--date',
    '2026-06-01',
    '--published',
    ...extra,
  ]);
  const id = /Created event (\d+)/.exec(result.stdout)?.[1];
  if (!id) throw new Error(`cannot read the new event's id from: ${result.stdout.trim()}`);
  return Number(id);
}

const SEARCH_GOAL = 'p99 < 20 ms';
const SEARCH_PHOTOS = 100_000;

export async function search(ctx: Context) {
  const figures = {
    bib: `bib search over ${fmt(SEARCH_PHOTOS)} photos: p50, p99 (sequential)`,
    name: `name search over ${fmt(SEARCH_PHOTOS)} photos: p50, p99 (sequential)`,
  };
  const available = (['bib', 'name'] as const).filter((k) => ctx.features[k]);
  for (const k of ['bib', 'name'] as const) {
    if (!ctx.features[k])
      notAvailable(
        figures[k],
        SEARCH_GOAL,
        `GET ${PHOTOS_PATH} has no ?${k}= parameter in this API build (probed /docs/json)`,
      );
  }
  if (available.length === 0) return;
  try {
    const eventId = await createEvent(ctx, 'Bench search', {
      feature_flag: { bib_search: true, name_search: true },
    });
    const seeded = await runNodeJson<{ bibs: string[]; names: string[]; ms: number }>(
      path.join(BENCH, 'baselines/seed-search.mjs'),
      [ctx.pglite.store.dataDir, String(eventId), String(SEARCH_PHOTOS)],
      { timeoutMs: 15 * 60_000 },
    );
    // Every query of these rows comes from this one address, 2,100 of them within a minute or
    // two: the API's default search budget (30 a minute per client) would answer most with 429.
    // The rows measure the search, not the budget, so the bench's API allows all of them.
    const api = await startApi(ctx.pglite.store, { env: { SEARCHES_PER_MINUTE: '100000' } });
    try {
      const n = ctx.quick ? 200 : 1000;
      for (const k of available) {
        try {
          const values = k === 'bib' ? seeded.bibs : seeded.names;
          const base = `${api.url}/api/v1/client/events/${eventId}/photos?${k}=`;
          let found = 0;
          const run = async (i: number) => {
            const response = await fetch(base + encodeURIComponent(values[i % values.length]!));
            const body = (await response.json()) as { data?: { photos?: unknown[] } };
            if (response.status !== 200) throw new Error(`?${k}=: HTTP ${response.status}`);
            if ((body.data?.photos?.length ?? 0) > 0) found++;
          };
          await sequential(Math.min(50, n), run);
          found = 0;
          const result = await sequential(n, run);
          addRow({
            figure: figures[k],
            value: `p50 ${fmt(result.p50, 1)} ms; p99 ${fmt(result.p99, 1)} ms`,
            baseline: '–',
            ratio: null,
            goal: SEARCH_GOAL,
            status: verdict(result.p99 < 20 && found > 0),
            notes: `${n} queries, ${found} with photos; seeded in ${fmt(seeded.ms / 1000)} s; embedded database`,
            data: { ...percentiles(result.samples), n, found },
          });
        } catch (error) {
          failedRow(figures[k], SEARCH_GOAL, error);
        }
      }
    } finally {
      await api.stop();
    }
  } catch (error) {
    for (const k of available) failedRow(figures[k], SEARCH_GOAL, error);
  }
}

const SELFIE_FACES = 100_000;
/** The route allows 30 searches per minute per client address: each source address is a visitor. */
const SELFIE_PER_ADDRESS = 25;

export async function selfie(ctx: Context) {
  const figure = `selfie search over ${fmt(SELFIE_FACES)} faces: p50, p99 (sequential)`;
  const goal = 'p99 < 50 ms';
  if (!ctx.features.selfie) {
    notAvailable(
      figure,
      goal,
      'no POST /api/v1/client/events/{eventId}/photos/selfie-search in this API build (probed /docs/json)',
    );
    return;
  }
  try {
    const eventId = await createEvent(ctx, 'Bench selfie', {
      feature_flag: { selfie_search: true },
    });
    const seeded = await runNodeJson<{ queries: number[][]; ms: number }>(
      path.join(BENCH, 'baselines/seed-faces.mjs'),
      [ctx.pglite.store.dataDir, String(eventId), String(SELFIE_FACES), '50', FACE_RECIPE_VERSION],
      { timeoutMs: 20 * 60_000 },
    );
    const started = performance.now();
    const api = await startApi(ctx.pglite.store);
    const upMs = performance.now() - started;
    const agents = new Map<string, http.Agent>();
    try {
      const url = `${api.url}/api/v1/client/events/${eventId}/photos/selfie-search`;
      const bodies = seeded.queries.map((embedding) => JSON.stringify({ embedding }));
      let sent = 0;
      let found = 0;
      const run = async (i: number) => {
        // 127.0.0.2, .3, ...: a new loopback source address every SELFIE_PER_ADDRESS searches.
        const address = `127.0.${Math.floor(sent / SELFIE_PER_ADDRESS / 250)}.${2 + (Math.floor(sent / SELFIE_PER_ADDRESS) % 250)}`;
        sent++;
        let agent = agents.get(address);
        if (!agent) {
          agent = new http.Agent({ keepAlive: true, localAddress: address });
          agents.set(address, agent);
        }
        const answer = await postJson(url, bodies[i % bodies.length]!, agent);
        if (answer.status !== 200)
          throw new Error(`selfie search: HTTP ${answer.status} ${answer.body.slice(0, 300)}`);
        const data = JSON.parse(answer.body) as { data?: { photos?: Array<{ tier: string }> } };
        if (data.data?.photos?.some((p) => p.tier === 'match')) found++;
      };
      // The API loads the event's faces when it starts: the first search waits for what is left.
      const load = performance.now();
      await run(0);
      const firstMs = performance.now() - load;
      const loadMs = performance.now() - started;
      const n = ctx.quick ? 200 : 1000;
      await sequential(20, run);
      found = 0;
      const result = await sequential(n, run);
      addRow({
        figure,
        value: `p50 ${fmt(result.p50, 1)} ms; p99 ${fmt(result.p99, 1)} ms`,
        baseline: '–',
        ratio: null,
        goal,
        status: verdict(result.p99 < 50 && found === n),
        notes: `${n} searches of ${bodies.length} selfies (a seeded face plus noise), ${found} found their face as a match; API start to first answer ${fmt(loadMs / 1000, 1)} s (listening after ${fmt(upMs / 1000, 1)} s, first search ${fmt(firstMs / 1000, 1)} s: the index loads in the background); ${fmt(SELFIE_FACES)} faces on ${fmt(SELFIE_FACES / 2)} photos seeded in ${fmt(seeded.ms / 1000)} s; embedded database`,
        data: {
          ...percentiles(result.samples),
          n,
          found,
          loadMs,
          upMs,
          firstMs,
          seedMs: seeded.ms,
        },
      });
    } finally {
      for (const agent of agents.values()) agent.destroy();
      await api.stop();
    }
  } catch (error) {
    failedRow(figure, goal, error);
  }
}

/** POSTs JSON through an agent and reads the answer as text. */
function postJson(
  url: string,
  body: string,
  agent: http.Agent,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        timeout: 600_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 10 minutes')));
    request.on('error', reject);
    request.end(body);
  });
}

/** Total bytes of the files of a folder (for notes). */
