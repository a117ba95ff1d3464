import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    /** The run's compiled API (the API's test-support/api-build.ts, a global set-up here too). */
    testApiBuild: string;
  }
}

/**
 * The real API, compiled once for the run (else from its TypeScript sources through tsx), in a
 * process of its own on a fresh embedded database:
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

/** The run's compiled API, or undefined outside a run's global set-up. */
function compiledApi(): string | undefined {
  try {
    return inject('testApiBuild') || undefined;
  } catch {
    return undefined;
  }
}

/** Node's arguments to start API entry `entry` (a path under its src/, e.g. `server.ts`). */
function entryArgs(entry: string): string[] {
  const build = compiledApi();
  if (build) return [path.join(build, 'dist', entry.replace(/\.ts$/, '.js'))];
  return ['--conditions=source', '--import', 'tsx', path.join('src', entry)];
}

function run(entry: string, args: string[], env: Record<string, string>, input?: string) {
  const child: ChildProcess = spawn(process.execPath, [...entryArgs(entry), ...args], {
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
    server = run('server.ts', [], { ...base, ...env, PORT: String(port), HOST: '127.0.0.1' });
    let output = '';
    server.stdout!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
    server.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
    // Loading the API takes seconds on a quiet machine, far longer on a busy one.
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
        const child = run('cli/main.ts', args, { ...base, LOG_LEVEL: 'warn' }, input);
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
