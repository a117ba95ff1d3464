/**
 * Figures of features being built now (zip downloads, bib and name search, selfie search).
 * Each is probed in the running API's OpenAPI document; a missing one is a 'not available' row,
 * and the measuring code lights up when the route lands.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cli, hasOperation, hasQueryParam, type OpenApi, startApi } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { percentiles, sequential } from '../lib/load.js';
import { sampleMemory } from '../lib/mem.js';
import { BENCH, run, runNodeJson } from '../lib/proc.js';
import { addRow, failedRow, fmt, notAvailable, verdict } from '../lib/table.js';
import { makePhotoFolder } from './photos.js';

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

const ZIP_FIGURE = 'zip download: MB/s and peak memory, 500 photos';
const ZIP_GOAL = '≥ 80 % of reading the files in Node; memory flat (< 64 MB growth)';

export async function zip(ctx: Context) {
  const route = ctx.features.zip;
  if (!route) {
    notAvailable(
      ZIP_FIGURE,
      ZIP_GOAL,
      'no POST /api/v1/client/events/{eventId}/downloads in this API build (probed /docs/json)',
    );
    return;
  }
  try {
    const count = 500;
    const eventId = await createEvent(ctx, 'Bench zip');
    const folder = await makePhotoFolder(ctx, 'zip', count);
    await cli(ctx.pglite.store, ['import', String(eventId), folder, '--concurrency', '3']);
    const api = await startApi(ctx.pglite.store);
    try {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `limit=100${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await (
          await fetch(`${api.url}/api/v1/client/events/${eventId}/photos?${query}`)
        ).json()) as {
          data: { photos: Array<{ uuid: string }>; next_cursor: string | null };
        };
        ids.push(...page.data.photos.map((p) => p.uuid));
        cursor = page.data.next_cursor;
      } while (cursor && ids.length < count);
      const url = `${api.url}${route.replace(/\{[^}]+\}/, String(eventId))}`;
      const runs: Array<{
        mbps: number;
        growth: number;
        bytes: number;
        lengthOk: boolean;
        firstByteMs: number;
      }> = [];
      const body = JSON.stringify({ photo_ids: ids.slice(0, count) });
      // A native client when there is one, as a browser is: a node:http client counting bytes
      // in JavaScript reaches about half the rate curl does on the same download here.
      const client = existsSync(CURL) ? 'curl' : 'node:http';
      const download = () =>
        client === 'curl' ? postCurl(url, body, ctx.tmp) : postCount(url, body);
      // One download unmeasured, as every load figure warms up first (the API's code paths are
      // compiled on the first request; its time is in the notes).
      const warmUp = await download();
      for (let i = 0; i < (ctx.quick ? 1 : 3); i++) {
        const memory = sampleMemory(api.proc.pid);
        const got = await download();
        const mem = memory.stop();
        if (got.status !== 200)
          throw new Error(`POST ${route}: HTTP ${got.status}: ${got.error.slice(0, 200)}`);
        runs.push({
          mbps: got.bytes / 1e6 / got.seconds,
          growth: mem.growth,
          bytes: got.bytes,
          lengthOk: got.declared === got.bytes,
          firstByteMs: got.firstByteMs,
        });
      }
      const best = runs.reduce((a, b) => (b.mbps > a.mbps ? b : a));
      const growth = Math.max(...runs.map((r) => r.growth));
      const originals = path.join(ctx.pglite.store.dataDir, 'photos', String(eventId));
      const baseline = await runNodeJson<{ mbps: number; bytes: number; files: number }>(
        path.join(BENCH, 'baselines/read-files.mjs'),
        [originals, String(ctx.quick ? 1 : 3)],
      );
      const ratio = best.mbps / baseline.mbps;
      addRow({
        figure: ZIP_FIGURE,
        value: `${fmt(best.mbps)} MB/s; API peak RSS +${fmt(growth / 2 ** 20)} MB`,
        baseline: `reading the ${baseline.files} originals in Node: ${fmt(baseline.mbps)} MB/s`,
        ratio,
        goal: ZIP_GOAL,
        status: verdict(ratio >= 0.8 && growth < 64 * 2 ** 20 && best.lengthOk),
        notes: `${fmt(best.bytes / 1e6, 1)} MB zip; Content-Length ${best.lengthOk ? 'exact' : 'WRONG or missing'}; first byte after ${fmt(best.firstByteMs)} ms; client ${client}; best of ${runs.length} after one unmeasured (${fmt(warmUp.bytes / 1e6 / warmUp.seconds)} MB/s, first byte ${fmt(warmUp.firstByteMs)} ms)`,
        data: { runs, warmUp, baseline },
      });
    } finally {
      await api.stop();
    }
  } catch (error) {
    failedRow(ZIP_FIGURE, ZIP_GOAL, error);
  }
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
    const api = await startApi(ctx.pglite.store);
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
      [ctx.pglite.store.dataDir, String(eventId), String(SELFIE_FACES), '50'],
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
export function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((n, f) => n + statSync(path.join(dir, f)).size, 0);
}

const CURL = '/usr/bin/curl';

/** POSTs JSON with curl, the answer's bytes discarded; curl's own timings. */
async function postCurl(url: string, body: string, tmp: string): ReturnType<typeof postCount> {
  const bodyFile = path.join(tmp, 'zip-request.json');
  const headerFile = path.join(tmp, 'zip-answer-headers.txt');
  writeFileSync(bodyFile, body);
  const result = await run(
    CURL,
    [
      '-s',
      '-o',
      '/dev/null',
      '-D',
      headerFile,
      '-w',
      '%{http_code} %{size_download} %{time_starttransfer} %{time_total}',
      '-H',
      'content-type: application/json',
      '--data-binary',
      `@${bodyFile}`,
      url,
    ],
    { timeoutMs: 5 * 60_000 },
  );
  if (result.code !== 0) throw new Error(`curl failed (${result.code}): ${result.stderr}`);
  const [status = 0, bytes = 0, start = 0, total = 0] = result.stdout.trim().split(' ').map(Number);
  const declared = Number(
    /^content-length:\s*(\d+)/im.exec(readFileSync(headerFile, 'utf8'))?.[1] ?? NaN,
  );
  // An error's text, from a second request (curl discarded the first answer's body).
  const error =
    status === 200
      ? ''
      : await (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
        ).text();
  return { status, declared, bytes, error, firstByteMs: start * 1000, seconds: total };
}

/** POSTs JSON and counts the response bytes without keeping them. */
function postCount(
  url: string,
  body: string,
): Promise<{
  status: number;
  declared: number;
  bytes: number;
  error: string;
  /** From sending the request to the answer's headers. */
  firstByteMs: number;
  seconds: number;
}> {
  return new Promise((resolve, reject) => {
    const sent = performance.now();
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const firstByteMs = performance.now() - sent;
        let bytes = 0;
        let error = '';
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (response.statusCode !== 200 && error.length < 300) error += chunk.toString();
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            declared: Number(response.headers['content-length']),
            bytes,
            error,
            firstByteMs,
            seconds: (performance.now() - sent) / 1000,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
