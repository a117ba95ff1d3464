import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlobStores } from './adapters/blobs.js';
import { loadConfig } from './config.js';
import { openBlobStores } from './runtime.js';
import { testEntryArgs } from './test-support/api-build.js';
import { createCliSandbox } from './test-support/cli.js';
import { storedKeys } from './test-support/stack.js';

// Crash consistency: the API and the import killed with SIGKILL mid-work, then started again.
// Every photo sent ends up in its gallery exactly once, and once the start-up sweep has run no
// file is left that no photo or waiting job names.

const SRC = path.dirname(fileURLToPath(import.meta.url));
// Entries under src/, started from the run's compiled API (test-support/api-build.ts).
const SERVER = 'server.ts';
const CLI = 'cli/main.ts';
const PHOTOS = 6;

type Box = Awaited<ReturnType<typeof createCliSandbox>>;
const children: ChildProcess[] = [];
const boxes: Box[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const box of boxes.splice(0)) await box.close();
});

/** Distinct photos large enough that making each takes a moment (a window to kill in). */
async function photos(count: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp({
        create: {
          width: 1200,
          height: 900,
          channels: 3,
          background: { r: (i * 40) % 255, g: 120, b: 60 },
          noise: { type: 'gaussian', mean: 100, sigma: 30 },
        },
      })
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The photo stores the sandbox's API and CLI use (a folder of its DATA_DIR, or a bucket). */
function blobsOf(box: Box): BlobStores {
  return openBlobStores(loadConfig({ ...process.env, ...box.env }, box.dataDir));
}

/** How many originals are stored (an import's or an upload's progress). */
async function originalsOf(box: Box): Promise<number> {
  return (await storedKeys(blobsOf(box).originals)).length;
}

/** Runs an entry of this package (a path under src/). */
function node(script: string, args: string[], env: Record<string, string>, cwd = SRC) {
  const child = spawn(process.execPath, [...testEntryArgs(script), ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startApi(box: Box, port: number) {
  const api = node(
    SERVER,
    [],
    {
      ...box.env,
      PORT: String(port),
      LOG_LEVEL: 'info',
      JOB_CONCURRENCY: '1',
      OCR_ENABLED: 'false',
      FACES_ENABLED: 'false',
      // Nothing else writes to this data folder: what a crash left is swept at once, also on
      // PostgreSQL (where another API could otherwise be writing the newest files).
      SWEEP_MIN_AGE_MINUTES: '0',
      // On PostgreSQL, the killed API's running job is taken back once silent this long.
      JOB_LEASE_SECONDS: '2',
    },
    SRC,
  );
  await until(
    'the API to listen',
    () => {
      if (api.child.exitCode !== null) throw new Error(`the API exited:\n${api.output()}`);
      return api.output().includes('Server listening');
    },
    40_000,
  );
  return api;
}

async function idle(port: number) {
  await until(
    'every job to finish',
    async () => {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      const body = (await res.json()) as { data: { indexing: { pending: number } } };
      return res.ok && body.data.indexing.pending === 0;
    },
    120_000,
  );
}

/** The photos of the event as a visitor sees them: uuids, each served. */
async function gallery(port: number, eventId: number): Promise<string[]> {
  const res = await fetch(
    `http://127.0.0.1:${port}/api/v1/client/events/${eventId}/photos?limit=200`,
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { photos: Array<{ uuid: string }> } };
  const uuids = body.data.photos.map((p) => p.uuid);
  for (const uuid of uuids) {
    const photo = await fetch(`http://127.0.0.1:${port}/events/photos/${uuid}?w=480`);
    expect(photo.status, uuid).toBe(200);
    await photo.arrayBuffer();
  }
  return uuids;
}

/** After a clean stop: every original is a photo's, nothing waits in incoming, no partial write. */
async function expectNoOrphans(box: Box, uuids: string[]) {
  const blobs = blobsOf(box);
  const originals = await storedKeys(blobs.originals);
  expect(originals.map((key) => key.split('/').at(-1)!.split('.')[0]).sort()).toEqual(
    [...uuids].sort(),
  );
  expect(await storedKeys(blobs.incoming)).toEqual([]);
  // Every variant of a photo is kept under `{uuid}/`.
  for (const key of await storedKeys(blobs.variants))
    expect(uuids, key).toContain(key.split('/')[0]);
  for (const store of [blobs.originals, blobs.incoming, blobs.variants])
    expect((await store.list()).filter((entry) => entry.partial)).toEqual([]);
}

async function setUp(box: Box): Promise<{ eventId: number; token: string }> {
  await writeFile(
    path.join(box.dataDir, 'org.json'),
    JSON.stringify({ name: 'Crash Runs', domains: ['crash.example'] }),
  );
  expect((await box.run('organiser', 'apply', 'org.json')).code).toBe(0);
  const event = await box.run(
    'event',
    'create',
    '--organiser',
    'crash.example',
    '--name',
    'Crash Test',
    '--date',
    '2025-05-01',
    '--published',
  );
  expect(event.code, event.err.join('\n')).toBe(0);
  const token = await box.run('token', 'create', 'crash.example');
  return { eventId: 1, token: token.out.at(-1)! };
}

async function stop(api: ReturnType<typeof node>) {
  api.child.kill('SIGTERM');
  expect(await api.exited).toBe(0);
}

describe('crash consistency', () => {
  // On PostgreSQL the killed import's running job is taken back once its lease has run out: the
  // imports run with a 2 s lease (JOB_LEASE_SECONDS), so the second one waits that long at most.
  it('kill -9 during an import, then the import again: every photo once, no orphan file', async () => {
    const box = await createCliSandbox();
    boxes.push(box);
    const { eventId } = await setUp(box);
    const folder = path.join(box.dataDir, 'to-import');
    await mkdir(folder);
    const images = await photos(PHOTOS);
    for (const [i, bytes] of images.entries())
      await writeFile(path.join(folder, `p${i}.jpg`), bytes);

    const env = { ...box.env, JOB_LEASE_SECONDS: '2' };
    const first = node(CLI, ['import', String(eventId), folder, '--concurrency', '1'], env);
    // Killed once some photos are made and others are not.
    await until('the import to be under way', async () => (await originalsOf(box)) >= 2, 90_000);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await originalsOf(box)).toBeLessThan(PHOTOS);

    const again = node(CLI, ['import', String(eventId), folder], env);
    expect(await again.exited, again.output()).toBe(0);

    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const api = await startApi(box, port);
    await idle(port);
    const uuids = await gallery(port, eventId);
    expect(uuids).toHaveLength(PHOTOS);
    await stop(api);
    await expectNoOrphans(box, uuids);
  }, 300_000);

  it('kill -9 of the API during an upload, then the upload again: every photo once, no orphan file', async () => {
    const box = await createCliSandbox();
    boxes.push(box);
    const { eventId, token } = await setUp(box);
    const images = await photos(PHOTOS);
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    let api = await startApi(box, port);

    // One request of every photo, sent slowly: half of it, then the API is killed.
    const boundary = '----crash';
    const partOf = (bytes: Buffer, i: number) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        bytes,
        Buffer.from('\r\n'),
      ]);
    const half = Math.floor(PHOTOS / 2);
    let sentHalf = false;
    let release = () => {};
    const killed = new Promise<void>((resolve) => (release = resolve));
    // One part per pull; at half, the stream waits until the API is gone and then fails.
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (next === half) {
          sentHalf = true;
          await killed;
          controller.error(new Error('the API was killed'));
          return;
        }
        controller.enqueue(partOf(images[next]!, next));
        next += 1;
      },
    });
    const request = fetch(`http://127.0.0.1:${port}/api/v1/admin/events/${eventId}/photos`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    await until(
      'half the upload to arrive and its first photo to be made',
      async () => sentHalf && (await originalsOf(box)) >= 1,
      90_000,
    );
    api.child.kill('SIGKILL');
    await api.exited;
    release();
    expect(await request).toBeInstanceOf(Error);

    // Started again: the jobs that were accepted finish; the client sends the request again.
    api = await startApi(box, port);
    await idle(port);
    const retry = await fetch(`http://127.0.0.1:${port}/api/v1/admin/events/${eventId}/photos`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Buffer.concat([...images.map(partOf), Buffer.from(`--${boundary}--\r\n`)]),
    });
    expect(retry.status).toBe(202);
    await idle(port);
    const uuids = await gallery(port, eventId);
    expect(uuids).toHaveLength(PHOTOS);
    await stop(api);

    // Every photo's bytes once, and a start (with its sweep) leaves nothing behind.
    const checksums = new Set(images.map(sha));
    expect(checksums.size).toBe(PHOTOS);
    api = await startApi(box, port);
    expect(await gallery(port, eventId)).toHaveLength(PHOTOS);
    await stop(api);
    await expectNoOrphans(box, uuids);
  }, 300_000);
});
