// The browser tests' demo data, made once per build: the demo's rendered and imported photos are
// kept in node_modules/.cache (under a key of the built API, its migrations, the contract, the
// embedded database's version and the demo's options) and copied into each run's data folder.
// A clean clone (npm ci) starts without it and makes it on its first run.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { repoRoot } from './processes.js';

const CACHE = path.join(repoRoot, 'node_modules/.cache/eventsite-e2e-demo');
/** What the demo's data depends on, besides its options. */
const INPUTS = [
  'apps/api/dist',
  'apps/api/drizzle',
  'packages/contract/dist',
  'node_modules/@electric-sql/pglite/package.json',
  'node_modules/sharp/package.json',
];
/** What a data folder holds while a process has it open: never copied. */
const RUNTIME_FILES = new Set(['embedded-db.lock', 'operator.sock']);

function filesOf(entry: string): string[] {
  const full = path.join(repoRoot, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)))
    .sort();
}

/** The cache key: every input file's path and bytes, and the demo's arguments. */
function keyOf(args: string[]): string {
  const hash = createHash('sha256').update(JSON.stringify(args));
  for (const file of INPUTS.flatMap(filesOf))
    hash.update(file).update(readFileSync(path.join(repoRoot, file)));
  return hash.digest('hex').slice(0, 24);
}

function runDemo(dataDir: string, args: string[]): void {
  const demo = spawnSync(process.execPath, ['apps/api/dist/cli/main.js', 'demo', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OCR_ENABLED: 'false',
      FACES_ENABLED: 'false',
    },
    stdio: 'inherit',
  });
  if (demo.status !== 0) throw new Error(`demo data failed (exit ${demo.status})`);
}

/**
 * Fills `dataDir` with the demo (`demo` with `args`, OCR and faces off: no recognition backlog):
 * a copy of the cached one when this build made it before, else made now and kept. A folder that
 * already has data (E2E_DATA_DIR kept from an earlier run) is left as it is (`demo --if-empty`).
 */
export function createDemoData(dataDir: string, args: string[]): void {
  if (readdirSync(dataDir).length > 0) return runDemo(dataDir, ['--if-empty', ...args]);
  const copy = { recursive: true, filter: (src: string) => !RUNTIME_FILES.has(path.basename(src)) };
  const cached = path.join(CACHE, keyOf(args));
  if (existsSync(cached)) {
    cpSync(cached, dataDir, copy);
    console.log(`Demo data copied from ${cached} (made by an earlier run of this build)`);
    return;
  }
  runDemo(dataDir, args);
  // One kept, for this build; a half-copied folder never has the key's name.
  rmSync(CACHE, { recursive: true, force: true });
  cpSync(dataDir, `${cached}.part`, copy);
  renameSync(`${cached}.part`, cached);
  console.log(`Demo data kept for the next run of this build: ${cached}`);
}
