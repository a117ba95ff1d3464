import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './adapters/lock.js';
import { operatorSocketPath } from './cli/operator-channel.js';
import { runInRunningApi } from './cli/running-api.js';
import { testEntryArgs } from './test-support/api-build.js';
import { createCliSandbox } from './test-support/cli.js';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
let box: Awaited<ReturnType<typeof createCliSandbox>>;
let server: ChildProcess;
let output = '';
const port = 20_000 + Math.floor(Math.random() * 20_000);

beforeAll(async () => {
  box = await createCliSandbox();
  server = spawn(process.execPath, testEntryArgs('server.ts'), {
    cwd: path.dirname(SERVER),
    env: { ...process.env, ...box.env, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  // Loading the API takes seconds on a quiet machine, far longer on a busy one.
  const deadline = Date.now() + 90_000;
  while (!output.includes('Server listening')) {
    if (Date.now() > deadline || server.exitCode !== null)
      throw new Error(`The server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 100_000);
afterAll(async () => {
  if (server.exitCode === null) server.kill('SIGKILL');
  await box.close();
});

describe('server.ts', () => {
  it('migrates, listens on PORT and answers', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      data: { database: box.kind, indexing: { pending: 0 } },
    });
    const unknown = await fetch(
      `http://127.0.0.1:${port}/api/v1/client/events/organiser/data?app_domain=nobody.example`,
    );
    expect(unknown.status).toBe(404);
  });

  it("runs operators' CLI commands itself while it holds the embedded database", async () => {
    await writeFile(
      path.join(box.dataDir, 'org.json'),
      JSON.stringify({ name: 'Live Runs', domains: ['live.example'] }),
    );
    if (box.kind === 'pglite') {
      // The CLI process itself may not open the folder: the API's copy is the only one.
      expect((await box.run('organiser', 'list')).err[0]).toContain(
        `The API (pid ${server.pid}) holds the embedded database`,
      );
      const out: string[] = [];
      const io = {
        env: box.env,
        cwd: box.dataDir,
        out: (l: string) => out.push(l),
        err: (l: string) => out.push(l),
        isTty: false,
      };
      expect(await runInRunningApi(['organiser', 'apply', 'org.json'], io)).toBe(0);
      expect(await runInRunningApi(['organiser', 'list'], io)).toBe(0);
      expect(out).toContain("Created organiser 1 'Live Runs' (live.example)");
      expect(out.at(-1)).toContain('Live Runs\tlive.example');
    } else {
      expect((await box.run('organiser', 'apply', 'org.json')).code).toBe(0);
    }
  });

  it('shuts down on SIGTERM, closing the database and releasing the data folder', async () => {
    const exited = new Promise<number | null>((resolve) =>
      server.once('exit', (code) => resolve(code)),
    );
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(box.dataDir, LOCK_FILE))).toBe(false);
    expect(existsSync(operatorSocketPath(box.dataDir))).toBe(false);
    expect((await box.run('organiser', 'list')).code).toBe(0);
  });

  it('refuses to start with a bad configuration, naming the variable', async () => {
    const child = spawn(process.execPath, testEntryArgs('server.ts'), {
      env: { ...process.env, ...box.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('Invalid configuration:');
    expect(err).toContain('PORT="eighty": must be a port number from 1 to 65535');
  });
});
