import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithEsbuild } from 'vite';
import { inject } from 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    /** The run's compiled API (its folder), for the processes tests start. */
    testApiBuild: string;
  }
}

/**
 * The API compiled once for a test run, for the processes tests start (the server, the CLI, the
 * worker): each then starts as plain Node from JavaScript, instead of compiling its sources
 * through tsx at every start (seconds each, far more on a loaded machine).
 *
 * The build sits beside the sources' layout, as `dist/` does: `<run>/dist` holds `src` compiled
 * file by file (so paths read from `import.meta.url` land where they do in the package:
 * `<run>/drizzle` and `<run>/assets` link to the package's), and `<run>/node_modules` holds the
 * contract compiled from its sources, so no build of it is needed.
 */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const contractDir = path.resolve(apiDir, '../../packages/contract');

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
    }),
  );
  return nested.flat();
}

/** Compiles every source of `from` to `.js` under `to`, file by file, in the same layout. */
async function compileTree(from: string, to: string): Promise<void> {
  for (const file of await sources(from)) {
    const { code } = await transformWithEsbuild(await readFile(file, 'utf8'), file, {
      loader: 'ts',
      format: 'esm',
      target: 'node20',
      sourcemap: false,
    });
    const out = path.join(to, path.relative(from, file)).replace(/\.ts$/, '.js');
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, code);
  }
}

/** Builds the API for this run under the package's node_modules cache; returns the run's folder. */
export async function buildApiForTests(): Promise<string> {
  const cache = path.join(apiDir, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const run = await mkdtemp(path.join(cache, 'eventsite-test-api-'));
  try {
    await compileTree(path.join(apiDir, 'src'), path.join(run, 'dist'));
    for (const folder of ['drizzle', 'assets'])
      await symlink(path.join(apiDir, folder), path.join(run, folder), 'dir');
    const contract = path.join(run, 'node_modules', '@eventsite', 'contract');
    await compileTree(path.join(contractDir, 'src'), path.join(contract, 'dist'));
    const manifest = JSON.parse(await readFile(path.join(contractDir, 'package.json'), 'utf8'));
    await writeFile(
      path.join(contract, 'package.json'),
      JSON.stringify({ name: manifest.name, type: 'module', exports: manifest.exports }),
    );
    return run;
  } catch (error) {
    await rm(run, { recursive: true, force: true });
    throw error;
  }
}

/**
 * How to start the API entry `entry` (a path under `src`, e.g. `server.ts`, `cli/main.ts`) with
 * Node: from the run's build when there is one, else from the sources through tsx.
 */
export function apiEntryArgs(entry: string, build: string | undefined): string[] {
  if (build) return [path.join(build, 'dist', entry.replace(/\.ts$/, '.js'))];
  return ['--conditions=source', '--import', 'tsx', path.join(apiDir, 'src', entry)];
}

/** The run's compiled API (its global set-up's), or undefined outside one. */
export function testApiBuild(): string | undefined {
  try {
    return inject('testApiBuild') || undefined;
  } catch {
    return undefined;
  }
}

/** Node's arguments to start API entry `entry` (under `src`) in a test: see `apiEntryArgs`. */
export const testEntryArgs = (entry: string): string[] => apiEntryArgs(entry, testApiBuild());
