import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { createServices, type Services } from '../services/index.js';
import { spawnCli } from '../test-support/cli.js';
import { testDatabaseKind } from '../test-support/database.js';
import { testImage } from '../test-support/images.js';
import type { CliIo } from './io.js';
import { type OperatorChannel, operatorSocketPath } from './operator-channel.js';
import { runInRunningApi, serveOperatorCommands } from './running-api.js';

// While the API holds the embedded database, an operator's CLI command is run by the API.
// Only the embedded database has a single owner; on PostgreSQL the CLI opens it itself.
const pglite = testDatabaseKind() === 'pglite';

describe.runIf(pglite)('the CLI while the API holds the embedded database', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let runtime: Runtime;
  let services: Services;
  let channel: OperatorChannel;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'eventsite-operator-'));
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const config = loadConfig(env);
    // What the API does at start: take the data folder, then open the operators' socket.
    runtime = await openRuntime(config, 'api');
    services = createServices(runtime.database.db, runtime.blobs, {
      ocrEnabled: false,
      facesEnabled: false,
    });
    channel = await serveOperatorCommands(dataDir, { services, runtime, config }, env);
  });
  afterAll(async () => {
    await channel?.close();
    await runtime?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The CLI's side, as `npm run cli` runs it: over the socket when the API holds the folder. */
  async function cli(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      env,
      cwd: dataDir,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      isTty: false,
    };
    const code = await runInRunningApi(args, io);
    return { code, out, err };
  }

  it('opens a socket only its user may use', async () => {
    expect(channel.socketPath).toBe(operatorSocketPath(dataDir));
    expect((await stat(channel.socketPath)).mode & 0o777).toBe(0o600);
  });

  it('creates an organiser, an event and a token through the running API', async () => {
    await writeFile(
      path.join(dataDir, 'org.json'),
      JSON.stringify({ name: 'Harbour Runs', domains: ['harbour.example'] }),
    );
    expect(await cli('organiser', 'apply', 'org.json')).toEqual({
      code: 0,
      out: ["Created organiser 1 'Harbour Runs' (harbour.example)"],
      err: [],
    });
    const created = await cli(
      'event',
      'create',
      '--organiser',
      'harbour.example',
      '--name',
      'Quay 10K',
      '--date',
      '2026-05-01',
      '--published',
    );
    expect(created.code).toBe(0);
    // The API's own services see it at once: no second copy of the database was opened.
    const events = await services.events.list('harbour.example');
    expect(events.map((e) => e.name)).toEqual(['Quay 10K']);
    const token = await cli('token', 'create', 'harbour.example');
    expect(token.code).toBe(0);
    expect(token.out.at(-1)).toMatch(/^est_[A-Za-z0-9_-]{43}$/);
  });

  it('imports a folder given relative to where the operator stands, reporting bad files', async () => {
    const folder = path.join(dataDir, 'shoot');
    await mkdir(folder);
    for (const [i, colour] of ['#aa3333', '#33aa33', '#3333aa'].entries())
      await writeFile(path.join(folder, `p${i}.jpg`), await testImage({ colour }));
    await writeFile(path.join(folder, 'broken.jpg'), 'not an image');
    const eventId = (await services.events.list('harbour.example'))[0]!.id;
    const photos = async () => (await services.events.list('harbour.example'))[0]!.total_images;
    const res = await cli('import', String(eventId), 'shoot');
    expect(res.code).toBe(1);
    expect(res.out.at(-1)).toBe('Imported 3, skipped 0 (already imported), failed 1 of 4 files.');
    expect(res.err.join('\n')).toContain('FAILED broken.jpg');
    expect(await photos()).toBe(3);
    // Again: nothing new, nothing duplicated.
    const again = await cli('import', String(eventId), 'shoot');
    expect(again.out.at(-1)).toBe('Imported 0, skipped 3 (already imported), failed 1 of 4 files.');
    expect(await photos()).toBe(3);
  });

  it('passes on a command error with its exit code', async () => {
    const res = await cli('event', 'publish', '999');
    expect(res.code).toBe(1);
    expect(res.err.join('\n')).toMatch(/999/);
  });

  it('answers a request that is not a command with an error, and keeps serving', async () => {
    const replies = await new Promise<string>((resolve) => {
      const socket = net.createConnection(channel.socketPath, () => socket.write('hello\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
    });
    expect(replies).toContain('"exit":2');
    expect((await cli('organiser', 'list')).code).toBe(0);
  });

  it('works from a separate CLI process, as `npm run cli` while `npm start` runs', async () => {
    const { code, out, err } = await spawnCli(['organiser', 'list'], env);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('Harbour Runs\tharbour.example\t1/1 events published');
  });

  it('says to try again when the API holds the folder but its socket does not answer', async () => {
    await channel.close();
    try {
      const res = await cli('organiser', 'list');
      expect(res.code).toBeNull(); // nobody answered: the CLI then runs it itself and is refused
    } finally {
      channel = await serveOperatorCommands(
        dataDir,
        { services, runtime, config: loadConfig(env) },
        env,
      );
    }
  });
});
