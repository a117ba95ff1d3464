import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3BlobStores, s3Client } from './adapters/blobs-s3.js';
import { openDatabase } from './adapters/db/index.js';
import { createServices } from './services/index.js';
import { testEntryArgs } from './test-support/api-build.js';
import { adminToken, bearer, multipart } from './test-support/admin.js';
import { createEmptyPostgresDatabase, testDatabaseKind } from './test-support/database.js';
import { seedEvent, seedOrganiser } from './test-support/fixtures.js';
import { testImage } from './test-support/images.js';
import {
  dropRedisPrefix,
  requireRedis,
  TEST_REDIS_URL,
  testRedisPrefix,
} from './test-support/redis.js';
import { startTestS3, type TestS3 } from './test-support/s3.js';

/**
 * The whole scaled stack, as operators run it: PostgreSQL, Redis, an S3 server on loopback, one
 * API that only serves (JOB_CONCURRENCY=0), two `npm run start:worker` processes, and a second
 * API. Runs in the api-postgres project (the embedded database cannot be shared by processes).
 */
const wanted = testDatabaseKind() === 'postgres' && (await requireRedis('scaled-stack'));

// Entries under src/, started from the run's compiled API (test-support/api-build.ts).
const SRC = path.dirname(fileURLToPath(import.meta.url));
const SERVER = 'server.ts';
const WORKER = 'worker.ts';
const PHOTOS = 100;

interface Proc {
  child: ChildProcess;
  output: string;
}

let s3: TestS3;
let database: { url: string; drop(): Promise<void> };
let prefix: string;
let dataDir: string;
let env: NodeJS.ProcessEnv;
const procs: Proc[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port free now on loopback (a random one may be a client socket's of this busy suite). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, look: () => Promise<T | null> | T | null, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const found = await look();
    if (found !== null && found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

function start(script: string, extra: Record<string, string>, ready: string): Promise<Proc> {
  const child = spawn(process.execPath, testEntryArgs(script), {
    cwd: SRC,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Proc = { child, output: '' };
  child.stdout!.on('data', (d: Buffer) => (proc.output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (proc.output += d.toString()));
  procs.push(proc);
  return until(
    `${path.basename(script)} to start`,
    () => {
      if (child.exitCode !== null) throw new Error(`${script} exited:\n${proc.output}`);
      return proc.output.includes(ready) ? proc : null;
    },
    60_000,
  );
}

/** Job ids a worker's log says it started and has not finished. */
function inHand(proc: Proc): number[] {
  const started = new Set<number>();
  for (const line of proc.output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; jobId?: number };
    if (entry.msg === 'job started') started.add(entry.jobId!);
    if (entry.msg === 'job done') started.delete(entry.jobId!);
  }
  return [...started];
}

function doneBy(proc: Proc): number {
  return proc.output.split('\n').filter((l) => l.includes('"msg":"job done"')).length;
}

beforeAll(async () => {
  if (!wanted) return;
  s3 = await startTestS3();
  database = await createEmptyPostgresDatabase();
  prefix = testRedisPrefix();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'eventsite-scaled-'));
  env = {
    ...process.env,
    ...s3.env,
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    DATA_DIR: dataDir,
    JOB_LEASE_SECONDS: '2',
    OCR_ENABLED: 'false',
    FACES_ENABLED: 'false',
    LOG_LEVEL: 'debug',
  };
}, 60_000);

afterAll(async () => {
  if (!wanted) return;
  for (const { child } of procs) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(
    procs.map(({ child }) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => child.once('exit', resolve)),
    ),
  );
  await database?.drop();
  await dropRedisPrefix(prefix);
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!wanted)('the scaled stack (PostgreSQL, Redis, S3, separate workers)', () => {
  it('ingests 100 uploads exactly once though a worker is killed mid-job; a second API answers the same', async () => {
    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    await start(SERVER, { PORT: String(port), JOB_CONCURRENCY: '0' }, 'Server listening');

    // The organiser, its event and a token, written to the same database by this process.
    const db = await openDatabase({ kind: 'postgres', url: database.url });
    const services = createServices(db.db, s3BlobStores(s3.settings), {
      ocrEnabled: false,
      facesEnabled: false,
    });
    await seedOrganiser(services, { name: 'City Runs', domains: ['localhost'] });
    const eventId = (
      await seedEvent(services, 'localhost', {
        name: 'Harbour Run',
        event_date: '2025-01-01',
        published: true,
      })
    ).id;
    const token = await adminToken(services, 'localhost');

    const first = await start(WORKER, { JOB_CONCURRENCY: '1' }, 'Worker ready');
    const second = await start(WORKER, { JOB_CONCURRENCY: '1' }, 'Worker ready');

    // 100 distinct photos, ten uploads of ten, through the admin API.
    const started = Date.now();
    const accepted: string[] = [];
    for (let batch = 0; batch < PHOTOS / 10; batch++) {
      const files = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const n = batch * 10 + i;
          const colour = `#${(0x203040 + n * 0x010203).toString(16).slice(-6)}`;
          return {
            filename: `race-${n}.jpg`,
            bytes: await testImage({ width: 1600, height: 1200, colour }),
          };
        }),
      );
      const body = multipart(files);
      const res = await fetch(`${api}/api/v1/admin/events/${eventId}/photos`, {
        method: 'POST',
        headers: { ...body.headers, ...bearer(token) },
        body: body.payload,
      });
      expect(res.status).toBe(202);
      const answer = (await res.json()) as { data: { accepted: Array<{ uuid: string }> } };
      accepted.push(...answer.data.accepted.map((a) => a.uuid));
    }
    expect(new Set(accepted).size).toBe(PHOTOS);
    const uploadedMs = Date.now() - started;

    // Midway, once the workers have done about 40 of the 100 and the first holds one: SIGKILL,
    // no goodbye.
    const killed = await until('the first worker to hold a job midway', () => {
      const held = inHand(first);
      return doneBy(first) + doneBy(second) >= PHOTOS * 0.4 && held.length > 0 ? held[0]! : null;
    });
    first.child.kill('SIGKILL');
    const killedAtMs = Date.now() - started;
    const doneByFirst = doneBy(first);
    const doneBySecondAtKill = doneBy(second);
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      const atKill = await sql.query('select state from jobs where id = $1', [killed]);
      // The kill landed mid-job: its row still says running.
      expect(atKill.rows[0]?.state).toBe('running');
      const status = async () =>
        (await (
          await fetch(`${api}/api/v1/admin/events/${eventId}/jobs`, { headers: bearer(token) })
        ).json()) as { data: { counts: Record<string, number> } };
      const counts = await until(
        'every ingest job to be done',
        async () => {
          const { data } = await status();
          return data.counts.done === PHOTOS ? data.counts : null;
        },
        180_000,
      );
      expect(counts).toEqual({ queued: 0, running: 0, done: PHOTOS, failed: 0 });
      const allDoneMs = Date.now() - started;
      // The killed job was taken over by the other worker: a second attempt, done.
      const after = await sql.query('select state, attempts from jobs where id = $1', [killed]);
      expect(after.rows[0]).toEqual({ state: 'done', attempts: 2 });
      expect(doneBy(second)).toBeGreaterThan(0);

      // Exactly once: one photo per accepted upload, none twice.
      const rows = await sql.query<{ uuid: string; blob_key: string }>(
        'select uuid, blob_key from photos where event_id = $1',
        [eventId],
      );
      expect(rows.rows.map((r) => r.uuid).sort()).toEqual([...accepted].sort());

      // In the bucket: an original per photo, variants only of photos, no upload left waiting.
      const keys: string[] = [];
      const client = s3Client(s3.settings);
      let continuation: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: s3.settings.bucket,
            ContinuationToken: continuation,
          }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        continuation = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuation);
      const originals = keys.filter((k) => k.startsWith('photos/'));
      expect(originals.sort()).toEqual(rows.rows.map((r) => `photos/${r.blob_key}`).sort());
      expect(keys.filter((k) => k.startsWith('incoming/'))).toEqual([]);
      const uuids = new Set(accepted);
      const variantOwners = new Set(
        keys.filter((k) => k.startsWith('variants/')).map((k) => k.split('/')[1]!),
      );
      expect([...variantOwners].filter((u) => !uuids.has(u))).toEqual([]);
      expect(variantOwners.size).toBe(PHOTOS);
      // Nothing in DATA_DIR.
      expect(await readdir(dataDir, { recursive: true })).toEqual([]);

      // A second API process answers the same listing, and serves a photo from the bucket.
      const port2 = await freePort();
      await start(SERVER, { PORT: String(port2), JOB_CONCURRENCY: '0' }, 'Server listening');
      const listing = async (base: string) => {
        const res = await fetch(
          `${base}/api/v1/client/events/${eventId}/photos?limit=100&app_domain=localhost`,
        );
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { photos: Array<{ id: string }>; total: number } })
          .data;
      };
      const one = await listing(api);
      const two = await listing(`http://127.0.0.1:${port2}`);
      expect(one.total).toBe(PHOTOS);
      expect(two).toEqual(one);
      const photo = await fetch(`http://127.0.0.1:${port2}/events/photos/${accepted[0]}?w=480`);
      expect(photo.status).toBe(200);
      expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(100);
      // The run's figures, for the record (docs/deployment.md).
      console.log(
        `[scaled-stack] ${PHOTOS} photos uploaded in ${uploadedMs} ms; worker 1 SIGKILLed at ${killedAtMs} ms ` +
          `holding job ${killed} after ${doneByFirst} jobs (worker 2: ${doneBySecondAtKill}); worker 2 did ${doneBy(second)}; all ${PHOTOS} done ` +
          `at ${allDoneMs} ms (${((PHOTOS / allDoneMs) * 60_000).toFixed(1)} photos/min); the killed job: ` +
          `attempts 2, done; bucket: ${originals.length} originals, ${keys.filter((k) => k.startsWith('variants/')).length} ` +
          `variants, 0 incoming; DATA_DIR: empty; second API: same ${two.total} photos`,
      );
    } finally {
      await sql.end();
      await db.close();
    }
  }, 300_000);
});
