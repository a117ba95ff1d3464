/**
 * The zip download figure: MB/s of a 500-photo zip through the API against reading the same files
 * in Node, and the API's memory while it streams (with curl as the client when it is installed).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cli, startApi } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { sampleMemory } from '../lib/mem.js';
import { BENCH, run, runNodeJson } from '../lib/proc.js';
import { addRow, failedRow, fmt, notAvailable, verdict } from '../lib/table.js';
import { createEvent } from './features.js';
import { makePhotoFolder } from './photos.js';
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
