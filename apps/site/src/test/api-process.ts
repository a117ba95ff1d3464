import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real API, from its TypeScript sources, in a process of its own on a fresh embedded database:
 * for site tests that drive the site's route handlers against it, as a visitor's requests would.
 * Its CLI runs through the running API (the operator socket), as `npm run cli` does.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../api');

export interface ApiProcess {
  url: string;
  dataDir: string;
  /** An operator's CLI command, `input` on its standard input (a password); its output. */
  cli(args: string[], input?: string): Promise<string>;
  /** Writes `value` as JSON into the data folder: a file for a CLI command to read. */
  file(name: string, value: unknown): Promise<string>;
  /** Kills the API at once (SIGKILL), as a crash would, and resolves once it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data folder, and resolves once it listens. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function run(args: string[], env: Record<string, string>, input?: string): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', ...args], {
    cwd: apiDir,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin!.end(input === undefined ? '' : `${input}\n`);
  return child;
}

export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'eventsite-site-api-'));
  const port = await freePort();
  const base = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'info',
    OCR_ENABLED: 'false',
    FACES_ENABLED: 'false',
    JOB_CONCURRENCY: '0',
  };
  let server: ChildProcess;
  const launch = async () => {
    server = run(['src/server.ts'], { ...base, ...env, PORT: String(port), HOST: '127.0.0.1' });
    let output = '';
    server.stdout!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
    server.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
    // tsx compiles the API on start: seconds on a quiet machine, far longer on a busy one.
    const deadline = Date.now() + 150_000;
    while (!output.includes('Server listening')) {
      if (Date.now() > deadline || server.exitCode !== null) {
        server.kill('SIGKILL');
        throw new Error(`The API did not start:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const kill = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    cli: (args, input) =>
      new Promise((resolve, reject) => {
        const child = run(['src/cli/main.ts', ...args], { ...base, LOG_LEVEL: 'warn' }, input);
        let out = '';
        child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
        child.on('exit', (code) =>
          code === 0 ? resolve(out) : reject(new Error(`cli ${args.join(' ')} (${code}):\n${out}`)),
        );
      }),
    file: async (name, value) => {
      const file = path.join(dataDir, name);
      await writeFile(file, JSON.stringify(value));
      return file;
    },
    kill,
    restart: launch,
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
