import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../cli/program.js';
import { testEntryArgs } from './api-build.js';
import { copyPgliteTemplate, createMigratedPostgresUrl, testDatabaseKind } from './database.js';

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

/**
 * A data folder (and, on api-postgres, a database) for CLI runs, and a runner. The database is a
 * copy of the run's migrated template (the data folder's `db` on PGlite), as after a first start.
 */
export async function createCliSandbox() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'eventsite-cli-'));
  const pg = testDatabaseKind() === 'postgres' ? await createMigratedPostgresUrl() : undefined;
  if (!pg) await copyPgliteTemplate(path.join(dataDir, 'db'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
  return {
    dataDir,
    env,
    kind: testDatabaseKind(),
    async run(...args: string[]): Promise<CliRun> {
      return this.runWithInput(undefined, ...args);
    },
    /** A run whose standard input (a password it asks for) is `input`. */
    async runWithInput(input: string | undefined, ...args: string[]): Promise<CliRun> {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(args, {
        env,
        cwd: dataDir,
        out: (l) => out.push(...l.split('\n')),
        err: (l) => err.push(...l.split('\n')),
        isTty: false,
        ...(input === undefined ? {} : { readSecret: async () => input }),
      });
      return { code, out, err };
    },
    async close() {
      await pg?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The CLI as a separate process, as `npm run cli` runs it (from the run's compiled API), with
 * `input` on its standard input: its exit code and whole output.
 */
export async function spawnCli(
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [...testEntryArgs('cli/main.ts'), ...args], {
    cwd: apiDir,
    env: { ...process.env, ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin?.end(input);
  let out = '';
  let err = '';
  child.stdout?.on('data', (c) => (out += c));
  child.stderr?.on('data', (c) => (err += c));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out, err };
}
