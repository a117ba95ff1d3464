/**
 * "No biometrics at all": with FACES_ENABLED=false the API never loads the face model, checked
 * in the process's own list of loaded modules (every thread of it, the engine worker's too). The
 * same API with faces on, given a photo with a face, loads it: the check sees what it looks for.
 *
 * The server runs from the run's compiled API; each start records every module its threads load
 * by `require` (the face library is loaded that way) through a preload given in NODE_OPTIONS.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testEntryArgs } from './test-support/api-build.js';
import { createCliSandbox } from './test-support/cli.js';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const assets = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets');
/** A portrait: one clear face. */
const FACE_PHOTO = readFileSync(path.join(assets, 'screenshot-faceid.jpg'));
/** What loading the face model takes: its library, found by its package's name. */
const FACE_LIBRARY = /[\\/]@vladmandic[\\/]human[\\/]/;

/** Appends the path of every module a thread of the process loads by `require` to REPORT. */
const RECORDER = `
const Module = require('node:module');
const fs = require('node:fs');
const load = Module._load;
Module._load = function (request, parent, isMain) {
  const loaded = load.apply(this, arguments);
  try { fs.appendFileSync(process.env.MODULES_REPORT, Module._resolveFilename(request, parent, isMain) + '\\n'); } catch {}
  return loaded;
};
`;

const children: ChildProcess[] = [];
const boxes: Array<Awaited<ReturnType<typeof createCliSandbox>>> = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const box of boxes) await box.close();
});

/** Starts the API with faces on or off over a new data folder; uploads the portrait to an event with selfie search. */
async function loadedModules(faces: boolean): Promise<string[]> {
  const box = await createCliSandbox();
  boxes.push(box);
  await writeFile(
    path.join(box.dataDir, 'org.json'),
    JSON.stringify({ name: 'Faces Co', domains: ['faces.example'] }),
  );
  expect((await box.run('organiser', 'apply', 'org.json')).code).toBe(0);
  const token = (await box.run('token', 'create', 'faces.example')).out.filter(Boolean).at(-1)!;
  const recorder = path.join(box.dataDir, 'recorder.cjs');
  const report = path.join(box.dataDir, 'modules.txt');
  await writeFile(recorder, RECORDER);
  await writeFile(report, '');
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, testEntryArgs('server.ts'), {
    cwd: SRC,
    env: {
      ...process.env,
      ...box.env,
      PORT: String(port),
      LOG_LEVEL: 'info',
      OCR_ENABLED: 'false',
      FACES_ENABLED: String(faces),
      MODULES_REPORT: report,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${recorder}`.trim(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await until(() => {
    if (child.exitCode !== null) throw new Error(`the API exited:\n${output}`);
    return output.includes('Server listening');
  });
  const api = `http://127.0.0.1:${port}/api/v1/admin`;
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${api}/events`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Faces Run',
      event_date: '2025-05-01',
      published: true,
      event_photos_config: { feature_flag: { selfie_search: true } },
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const eventId = ((await created.json()) as { data: { id: number } }).data.id;
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(FACE_PHOTO)], { type: 'image/jpeg' }),
    'portrait.jpg',
  );
  const uploaded = await fetch(`${api}/events/${eventId}/photos`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  expect(uploaded.status).toBe(202);
  // Every job of the photo done: made into a photo, and (faces on) its faces found.
  await until(async () => {
    const res = await fetch(`${api}/events/${eventId}/jobs`, { headers: auth });
    const { data } = (await res.json()) as {
      data: { counts: { queued: number; running: number; done: number; failed: number } };
    };
    expect(data.counts.failed).toBe(0);
    return data.counts.queued === 0 && data.counts.running === 0 && data.counts.done > 0;
  });
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return (await readFile(report, 'utf8')).split('\n').filter(Boolean);
}

async function until(check: () => boolean | Promise<boolean>, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the platform without biometrics', () => {
  it('with FACES_ENABLED=false, a photo with a face is taken in and no face model is loaded', async () => {
    const modules = await loadedModules(false);
    expect(modules.length, 'the recorder saw the process load its modules').toBeGreaterThan(50);
    expect(modules.filter((m) => FACE_LIBRARY.test(m))).toEqual([]);
  }, 180_000);

  it('with faces on, the same photo loads the face model (the check sees it)', async () => {
    const modules = await loadedModules(true);
    expect(modules.some((m) => FACE_LIBRARY.test(m))).toBe(true);
  }, 240_000);
});
