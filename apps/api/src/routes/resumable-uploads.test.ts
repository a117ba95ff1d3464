import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_NAME, watchAndUpload } from '../cli/commands/watch.js';
import {
  UploadLedger,
  uploadResumable,
  UploadTargetError,
  type UploadTarget,
} from '../cli/resumable-client.js';
import type { CliIo } from '../cli/io.js';
import { adminToken, bearer, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedEvent, seedOrganiser } from '../test-support/fixtures.js';
import { noisyJpeg, testImage } from '../test-support/images.js';

// Resumable uploads (tus) from a photographer's laptop: a connection cut mid-file goes on from the
// server's offset, and the watch command sends each settled photo once, across restarts.

let t: TestApp;
let api: string;
let cityToken: string;
let trailToken: string;
let eventId: number;
let tmp: string;

/** A photo of noise: large (about 800 KB) and unlike any other. */
/**
 * A TCP relay to the API that cuts the first connection carrying upload bytes after `cutAfter`
 * bytes from the client, and records each PATCH's Upload-Offset.
 */
async function flakyRelay(cutAfter: number) {
  const offsets: number[] = [];
  let cuts = 0;
  const target = new URL(api);
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    let sent = 0;
    let carriesBytes = false;
    client.on('data', (chunk: Buffer) => {
      const text = chunk.subarray(0, 2048).toString('latin1');
      if (text.startsWith('PATCH ')) {
        carriesBytes = true;
        const m = /upload-offset:\s*(\d+)/i.exec(text);
        if (m) offsets.push(Number(m[1]));
      }
      sent += chunk.length;
      if (carriesBytes && cuts === 0 && sent > cutAfter) {
        cuts++;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    offsets,
    cuts: () => cuts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function listedUuids(): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/v1/client/events/${eventId}/photos?limit=100` });
  return res.json().data.photos.map((p: { uuid: string }) => p.uuid);
}

const quietIo = (lines: string[]): CliIo => ({
  env: {},
  cwd: tmp,
  out: (line) => lines.push(line),
  err: (line) => lines.push(line),
  isTty: false,
});

beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_BYTES: String(3 * 1024 * 1024), OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  cityToken = await adminToken(t.services, 'city.example');
  trailToken = await adminToken(t.services, 'trail.example');
  eventId = (
    await seedEvent(t.services, 'city.example', {
      name: 'Harbour Run',
      event_date: '2025-01-01',
      published: true,
    })
  ).id;
  api = await t.app.listen({ host: '127.0.0.1', port: 0 });
  tmp = await mkdtemp(path.join(os.tmpdir(), 'eventsite-resumable-'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('resumable uploads (tus)', () => {
  it('a connection cut mid-file goes on from the server’s offset, and the photo is listed', async () => {
    const bytes = await noisyJpeg(1);
    expect(bytes.length).toBeGreaterThan(600_000);
    const file = path.join(tmp, 'finish-line.jpg');
    await writeFile(file, bytes);
    const relay = await flakyRelay(300_000);
    const ledger = await UploadLedger.open(path.join(tmp, 'ledger-1.json'));
    const retries: string[] = [];
    try {
      const outcome = await uploadResumable(
        { api: relay.url, token: cityToken, eventId },
        { path: file, name: 'finish-line.jpg', size: bytes.length, mtimeMs: 1 },
        {
          urlStorage: ledger,
          retryDelays: [50, 100, 200],
          onRetry: (reason) => retries.push(reason),
        },
      );
      expect(outcome.kind).toBe('accepted');
      expect(relay.cuts()).toBe(1);
      expect(retries.length).toBeGreaterThanOrEqual(1);
      // The second PATCH starts where the first was cut: well into the file, not at 0.
      expect(relay.offsets[0]).toBe(0);
      const resumedAt = relay.offsets[1]!;
      expect(resumedAt).toBeGreaterThan(100_000);
      expect(resumedAt).toBeLessThan(bytes.length);
      await waitForJobs(t.services, eventId);
      expect(await listedUuids()).toContain((outcome as { uuid: string }).uuid);
      // Nothing is left behind: the staging folder is empty once the upload is made a photo.
      expect(await readdir(path.join(t.dataDir, 'resumable'))).toEqual([]);
    } finally {
      await relay.close();
    }
  }, 60_000);

  it('a file that is not a photo is refused with its reason, and nothing is kept', async () => {
    const file = path.join(tmp, 'notes.jpg');
    await writeFile(file, 'not a photo at all');
    const outcome = await uploadResumable(
      { api, token: cityToken, eventId },
      { path: file, name: 'notes.jpg', size: 18, mtimeMs: 2 },
      { urlStorage: await UploadLedger.open(path.join(tmp, 'ledger-2.json')), retryDelays: [] },
    );
    expect(outcome).toEqual({
      kind: 'refused',
      reason: 'notes.jpg is not a JPEG, PNG or WebP image',
    });
    expect(await readdir(path.join(t.dataDir, 'resumable'))).toEqual([]);
  });

  it('a photo already in the event is refused as a duplicate, naming the photo it duplicates', async () => {
    const bytes = await testImage({ colour: '#3355aa' });
    const send = async (name: string, mtimeMs: number) => {
      const file = path.join(tmp, name);
      await writeFile(file, bytes);
      return uploadResumable(
        { api, token: cityToken, eventId },
        { path: file, name, size: bytes.length, mtimeMs },
        {
          urlStorage: await UploadLedger.open(path.join(tmp, `ledger-${name}.json`)),
          retryDelays: [],
        },
      );
    };
    const first = await send('start.jpg', 3);
    expect(first.kind).toBe('accepted');
    await waitForJobs(t.services, eventId);
    const before = await listedUuids();
    expect(await send('start-copy.jpg', 4)).toEqual({
      kind: 'refused',
      reason: 'start-copy.jpg is already in this event',
    });
    // The answer names the photo it duplicates, for the console's list.
    const created = await fetch(`${api}/api/v1/admin/uploads`, {
      method: 'POST',
      headers: {
        ...bearer(cityToken),
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': `event_id ${Buffer.from(String(eventId)).toString('base64')},filename ${Buffer.from('again.jpg').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const patch = await fetch(new URL(created.headers.get('location')!, api), {
      method: 'PATCH',
      headers: {
        ...bearer(cityToken),
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes,
    });
    expect(patch.status).toBe(422);
    expect(await patch.json()).toMatchObject({
      message: 'again.jpg is already in this event',
      duplicate_of: (first as { uuid: string }).uuid,
    });
    await waitForJobs(t.services, eventId);
    expect(await listedUuids()).toEqual(before);
    expect(await readdir(path.join(t.dataDir, 'resumable'))).toEqual([]);
  });

  it('refuses a file larger than the limit before any byte is sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads',
      headers: {
        ...bearer(cityToken),
        'tus-resumable': '1.0.0',
        'upload-length': String(50 * 1024 * 1024),
        'upload-metadata': `event_id ${Buffer.from(String(eventId)).toString('base64')},filename ${Buffer.from('huge.jpg').toString('base64')}`,
      },
    });
    expect(res.statusCode).toBe(413);
  });

  it('another organiser can neither start an upload into the event nor continue one', async () => {
    const meta = `event_id ${Buffer.from(String(eventId)).toString('base64')},filename ${Buffer.from('a.jpg').toString('base64')}`;
    const create = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/uploads',
        headers: {
          ...bearer(token),
          'tus-resumable': '1.0.0',
          'upload-length': '1000',
          'upload-metadata': meta,
        },
      });
    expect((await create(trailToken)).statusCode).toBe(404);
    const mine = await create(cityToken);
    expect(mine.statusCode).toBe(201);
    const location = mine.headers.location as string;
    const id = location.split('/').pop()!;
    const head = (token: string) =>
      t.app.inject({
        method: 'HEAD',
        url: `/api/v1/admin/uploads/${id}`,
        headers: { ...bearer(token), 'tus-resumable': '1.0.0' },
      });
    expect((await head(trailToken)).statusCode).toBe(404);
    const own = await head(cityToken);
    expect(own.statusCode).toBe(200);
    expect(own.headers['upload-offset']).toBe('0');
    // No token: the admin API's own answer.
    expect(
      (
        await t.app.inject({
          method: 'HEAD',
          url: `/api/v1/admin/uploads/${id}`,
          headers: { 'tus-resumable': '1.0.0' },
        })
      ).statusCode,
    ).toBe(401);
    // A made-up id, or one that tries to leave the folder.
    const headOf = (id: string) =>
      t.app.inject({
        method: 'HEAD',
        url: `/api/v1/admin/uploads/${id}`,
        headers: { ...bearer(cityToken), 'tus-resumable': '1.0.0' },
      });
    for (const bad of ['0123456789abcdef0123456789abcdef', '..%2f..%2fetc', `${id}.json`])
      expect((await headOf(bad)).statusCode).toBe(404);
    expect((await headOf('x'.repeat(300))).statusCode).toBe(414);
    // Metadata that names no event, or not a number.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads',
      headers: {
        ...bearer(cityToken),
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `event_id ${Buffer.from('1; drop').toString('base64')}`,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/event_id/);
  });

  it('a bad token stops the client with the API’s reason', async () => {
    const file = path.join(tmp, 'small.jpg');
    await writeFile(file, await testImage({ colour: '#123456' }));
    await expect(
      uploadResumable(
        { api, token: 'not-a-token', eventId },
        { path: file, name: 'small.jpg', size: 10, mtimeMs: 3 },
        { urlStorage: await UploadLedger.open(path.join(tmp, 'ledger-3.json')), retryDelays: [] },
      ),
    ).rejects.toThrow(UploadTargetError);
  });
});

describe('npm run cli -- watch', () => {
  it('sends each photo once it settles, skips other files, and a second run sends nothing again', async () => {
    const folder = await mkdtemp(path.join(tmp, 'camera-'));
    const target: UploadTarget = { api, token: cityToken, eventId };
    const before = new Set(await listedUuids());
    await writeFile(
      path.join(folder, 'IMG_0001.JPG'),
      await testImage({ colour: '#aa2200', width: 80 }),
    );
    await writeFile(path.join(folder, 'IMG_0001.xmp'), '<x:xmpmeta/>');
    await writeFile(path.join(folder, '.hidden.jpg'), 'temp');
    const stop = new AbortController();
    const lines: string[] = [];
    const running = watchAndUpload(target, folder, quietIo(lines), {
      settleMs: 300,
      once: false,
      signal: stop.signal,
    });
    // A photo written in two halves, a moment apart (a camera still writing): sent once, whole.
    const second = await testImage({ colour: '#0022aa', width: 96, format: 'png' });
    const half = Math.floor(second.length / 2);
    await new Promise((r) => setTimeout(r, 200));
    await writeFile(path.join(folder, 'IMG_0002.png'), second.subarray(0, half));
    await new Promise((r) => setTimeout(r, 150));
    await writeFile(path.join(folder, 'IMG_0002.png'), second);
    for (let i = 0; i < 200 && lines.filter((l) => l.startsWith('Uploaded ')).length < 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    stop.abort();
    const summary = await running;
    expect(summary).toMatchObject({
      uploaded: 2,
      already: 0,
      refused: 0,
      failed: 0,
      unfinished: [],
    });
    expect(lines).toContain('Skipping IMG_0001.xmp: not a .jpg, .png or .webp file');
    expect(lines.some((l) => l.includes('.hidden'))).toBe(false);
    await waitForJobs(t.services, eventId);
    const added = (await listedUuids()).filter((u) => !before.has(u));
    expect(added).toHaveLength(2);

    // Restarted: the ledger says both are done; nothing is sent, nothing new is listed.
    const again: string[] = [];
    const rerun = await watchAndUpload(target, folder, quietIo(again), {
      settleMs: 100,
      once: true,
    });
    expect(rerun).toMatchObject({ uploaded: 0, already: 2, failed: 0 });
    expect(await listedUuids()).toHaveLength(before.size + 2);

    // A photo touched again (same bytes, new time) is sent, refused as already in the event,
    // and the API keeps one copy.
    await utimes(path.join(folder, 'IMG_0001.JPG'), new Date(), new Date(Date.now() + 5_000));
    const touchedLines: string[] = [];
    const touched = await watchAndUpload(target, folder, quietIo(touchedLines), {
      settleMs: 100,
      once: true,
    });
    expect(touched).toMatchObject({ uploaded: 0, refused: 1, already: 1 });
    expect(touchedLines).toContain('Refused IMG_0001.JPG: IMG_0001.JPG is already in this event');
    await waitForJobs(t.services, eventId);
    expect(await listedUuids()).toHaveLength(before.size + 2);
    expect((await readdir(folder)).sort()).toEqual(
      ['.hidden.jpg', LEDGER_NAME, 'IMG_0001.JPG', 'IMG_0001.xmp', 'IMG_0002.png'].sort(),
    );
  }, 60_000);

  it('an unknown event stops the watcher with the API’s reason', async () => {
    const folder = await mkdtemp(path.join(tmp, 'wrong-'));
    await writeFile(path.join(folder, 'a.jpg'), await testImage({ colour: '#445566' }));
    await expect(
      watchAndUpload({ api, token: cityToken, eventId: 999_999 }, folder, quietIo([]), {
        settleMs: 100,
        once: true,
      }),
    ).rejects.toThrow('The API refused the upload: No event has the id 999999');
  });
});
