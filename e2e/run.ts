// Starts the built API on fresh demo data and the built site, runs every browser test against
// them with node:test, then stops both. `--screenshots` also writes docs/screenshots/.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, startApi, startSite, type Service } from './support/processes.js';

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'eventsite-e2e-'));
const keepData = Boolean(process.env.E2E_DATA_DIR);
const results = process.env.E2E_RESULTS;
const screenshots = process.argv.includes('--screenshots');

/**
 * Suites that start what they test themselves (the provider double written from
 * docs/requirements.md alone, and a site of their own): run alone, they need neither our API nor
 * its demo data.
 */
const STANDALONE = new Set(['e2e/tests/spec-provider.test.ts', 'e2e/tests/csp.test.ts']);

const services: Service[] = [];
let exitCode = 1;
const requested = process.argv.slice(2).filter((a) => a.endsWith('.ts')).map((f) => (f.startsWith('e2e/') ? f : `e2e/${f.replace(/^\.\//, '')}`));
if (!screenshots && requested.length > 0 && requested.every((f) => STANDALONE.has(f))) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout',
    ...(results ? ['--test-reporter=./e2e/support/count-reporter.mjs', `--test-reporter-destination=${results}`] : []),
    ...requested], { cwd: repoRoot, stdio: 'inherit', env: process.env });
  if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}
try {
  console.log(`Demo data in ${dataDir}`);
  const demo = spawnSync(process.execPath, ['apps/api/dist/cli/main.js', 'demo', '--if-empty'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  if (demo.status !== 0) throw new Error(`demo data failed (exit ${demo.status})`);

  // An admin token for the tests that act as the organiser (the CLI needs the embedded database
  // to itself, so before the API starts).
  const token = spawnSync(process.execPath, ['apps/api/dist/cli/main.js', 'token', 'create', 'localhost', '--label', 'e2e'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (token.status !== 0) throw new Error(`token create failed: ${token.stderr}`);
  const adminToken = token.stdout.trim().split('\n').pop() ?? '';

  const api = await startApi(dataDir, await freePort());
  services.push(api);
  const site = await startSite(api.url, await freePort());
  services.push(site);

  const sitePort = new URL(site.url).port;
  const files = screenshots ? ['e2e/tests/screenshots.ts'] : requested;
  const args = [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    ...(results
      ? ['--test-reporter=./e2e/support/count-reporter.mjs', `--test-reporter-destination=${results}`]
      : []),
    ...(files.length
      ? files
      : readdirSync(path.join(repoRoot, 'e2e/tests'))
          .filter((f) => f.endsWith('.test.ts'))
          .sort()
          .map((f) => `e2e/tests/${f}`)),
  ];
  const run = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_API_URL: api.url,
      E2E_SITE_PORT: sitePort,
      E2E_DATA_DIR: dataDir,
      E2E_ADMIN_TOKEN: adminToken,
    },
  });
  exitCode = run.status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (results) writeFileSync(results, JSON.stringify({ passed: 0, failed: 1, skipped: 0 }));
  for (const s of services) console.error(`--- last output of ${s.url}:\n${s.output()}`);
} finally {
  await Promise.all(services.map((s) => s.stop()));
  if (!keepData) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
