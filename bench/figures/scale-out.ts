/**
 * Scale-out: race-day indexing (ingest, then bib OCR) on the scaled stack (PostgreSQL, Redis, an
 * S3 server on loopback), by one and by two worker processes (`npm run start:worker`), with an API
 * that only serves (JOB_CONCURRENCY=0) taking the uploads through the admin API.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { adminToken, cli, type Store, startApi, waitForJobs } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { ROOT, start, type Started, tempDir } from '../lib/proc.js';
import { addRow, failedRow, fmt, notAvailable } from '../lib/table.js';
import { redisProblem } from '../../apps/api/src/test-support/redis.js';
import { makePhotoFolder } from './photos.js';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB = 'eventsite_bench_scale';
const WORKER = path.join(ROOT, 'apps/api/dist/worker.js');

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitFor(proc: Started, text: string, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!proc.output().includes(text)) {
    if (proc.child.exitCode !== null || Date.now() > end)
      throw new Error(`worker did not start: ${proc.output().slice(-600)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Uploads every photo of a folder (ten per request), then waits for all jobs: photos per minute. */
async function indexOnce(ctx: Context, folder: string, workers: number): Promise<number> {
  await admin(`drop database if exists ${DB} with (force)`);
  await admin(`create database ${DB}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB}`;
  const bucketDir = tempDir(`s3-${workers}`);
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: bucketDir,
    configureBuckets: [{ name: 'bench' }],
  });
  const address = (await s3.run()) as AddressInfo;
  const stack = {
    REDIS_URL,
    REDIS_PREFIX: `eventsite-bench-${Date.now()}`,
    S3_BUCKET: 'bench',
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    FACES_ENABLED: 'false',
  };
  const store: Store = {
    dataDir: path.join(ctx.tmp, `scale-${workers}`),
    databaseUrl: url.toString(),
  };
  const api = await startApi(store, { env: stack });
  const procs: Started[] = [];
  try {
    const orgFile = path.join(ctx.tmp, 'scale-organiser.json');
    writeFileSync(orgFile, JSON.stringify({ name: 'City Runs', domains: ['localhost'] }));
    await cli(store, ['organiser', 'apply', orgFile], undefined, stack);
    const created = await cli(
      store,
      [
        'event',
        'create',
        '--organiser',
        'localhost',
        '--name',
        'Race day',
        '--date',
        '2026-06-01',
        '--published',
      ],
      undefined,
      stack,
    );
    const eventId = Number(/Created event (\d+)/.exec(created.stdout)?.[1]);
    const token = await adminToken({ ...store }, 'localhost');
    for (let i = 0; i < workers; i++) {
      const proc = start(process.execPath, [WORKER], {
        name: `worker-${i}`,
        env: {
          ...process.env,
          ...stack,
          DATABASE_URL: store.databaseUrl,
          DATA_DIR: store.dataDir,
          JOB_CONCURRENCY: '1',
          LOG_LEVEL: 'warn',
        },
      });
      procs.push(proc);
    }
    for (const proc of procs) await waitFor(proc, 'Worker ready');
    const files = readdirSync(folder).sort();
    const started = Date.now();
    for (let i = 0; i < files.length; i += 10) {
      const form = new FormData();
      for (const name of files.slice(i, i + 10))
        form.append('file', new Blob([readFileSync(path.join(folder, name))]), name);
      const res = await fetch(`${api.url}/api/v1/admin/events/${eventId}/photos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (res.status !== 202) throw new Error(`upload: HTTP ${res.status}: ${await res.text()}`);
    }
    const counts = await waitForJobs(api, token, eventId, 30 * 60_000);
    const seconds = (Date.now() - started) / 1000;
    // An ingest and a bibs job per photo.
    if (!counts || counts.done !== files.length * 2)
      throw new Error(`jobs not all done: ${JSON.stringify(counts)}`);
    return (files.length / seconds) * 60;
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await api.stop();
    await new Promise((resolve) => s3.close(resolve));
    await admin(`drop database if exists ${DB} with (force)`);
  }
}

export async function scaleOut(ctx: Context) {
  const figure = 'scale-out: race-day indexing (ingest + bib OCR), photos per minute, 2 workers';
  const goal = 'report: 2 worker processes beside 1 (this machine has few cores)';
  let problem: string | null = null;
  try {
    await admin('select 1');
  } catch (error) {
    problem = `PostgreSQL at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')} unreachable: ${(error as Error).message}`;
  }
  problem ??= (await redisProblem(REDIS_URL)) && `Redis at ${REDIS_URL} unreachable`;
  if (problem) return notAvailable(figure, goal, problem);
  try {
    const count = ctx.quick ? 16 : 48;
    const folder = await makePhotoFolder(ctx, 'scale', count, { seed: 515_000 });
    const one = await indexOnce(ctx, folder, 1);
    const two = await indexOnce(ctx, folder, 2);
    addRow({
      figure,
      value: `${fmt(two, 1)} photos/min`,
      baseline: `${fmt(one, 1)} photos/min (1 worker)`,
      ratio: two / one,
      goal,
      status: 'report',
      notes: `${count} photos uploaded through the admin API to an API with JOB_CONCURRENCY=0; PostgreSQL, Redis (BullMQ), s3rver; each worker JOB_CONCURRENCY=1`,
      data: { photos: count, oneWorkerPerMinute: one, twoWorkersPerMinute: two },
    });
  } catch (error) {
    failedRow(figure, goal, error);
  }
}
