// The browser tests. Starts one Chromium, the built API on fresh demo data and the built site,
// runs every browser test against them with node:test (each file connects to the Chromium and
// makes its own contexts), then stops them. The suites with a stack of their own run beside them,
// one after another. `--screenshots` also writes docs/screenshots/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowserServer } from './support/browser.js';
import { createDemoData } from './support/demo-data.js';
import {
  freePort,
  repoRoot,
  SITE_KEY,
  startApi,
  startSite,
  type Service,
} from './support/processes.js';

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'eventsite-e2e-'));
const keepData = Boolean(process.env.E2E_DATA_DIR);
const results = process.env.E2E_RESULTS;
const screenshots = process.argv.includes('--screenshots');

/**
 * Suites that start what they test themselves and share nothing with the others: the provider
 * double written from docs/requirements.md alone, an API with other settings (csp) and an API
 * that is down, each with a site of its own. They need neither our API nor its demo data, so they
 * run beside the others (one at a time), from the start.
 */
const OWN_STACK = new Set([
  'e2e/tests/spec-provider.test.ts',
  'e2e/tests/csp.test.ts',
  'e2e/tests/api-down.test.ts',
]);

/**
 * The browser tests' demo: the one large gallery (the flagship, 500 photos: paging, virtualisation,
 * a zip of 50) and every other event at most this many photos. `npm start`'s demo is whole.
 */
const SMALL_EVENTS = '12';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  failures: unknown[];
}

const requested = process.argv
  .slice(2)
  .filter((a) => a.endsWith('.ts'))
  .map((f) => (f.startsWith('e2e/') ? f : `e2e/${f.replace(/^\.\//, '')}`));
const files = screenshots
  ? ['e2e/tests/screenshots.ts']
  : requested.length
    ? requested
    : readdirSync(path.join(repoRoot, 'e2e/tests'))
        .filter((f) => f.endsWith('.test.ts'))
        .sort()
        .map((f) => `e2e/tests/${f}`);
const ownStack = files.filter((f) => OWN_STACK.has(f));
const shared = files.filter((f) => !OWN_STACK.has(f));

// One Chromium for the run: each file connects to it (E2E_BROWSER_WS) instead of starting its own.
const chromium = await launchBrowserServer();
const testEnv = { E2E_BROWSER_WS: chromium.wsEndpoint(), E2E_SITE_KEY: SITE_KEY };
const services: Service[] = [];
const lanes: Promise<Counts>[] = [];

/**
 * node:test over `testFiles`, one file at a time, its spec report on the console, or kept in a
 * file and printed when the lane ends (`kept`, so two lanes' reports do not mix); the counts of
 * its leaf tests.
 */
function lane(
  name: string,
  testFiles: string[],
  env: Record<string, string>,
  output: 'console' | 'kept',
): Promise<Counts> {
  const file = (what: string) =>
    path.join(tmpdir(), `eventsite-e2e-${process.pid}-${name.replace(/\W+/g, '-')}.${what}`);
  const counts = file('json');
  const report = output === 'kept' ? file('log') : 'stdout';
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      `--test-reporter-destination=${report}`,
      '--test-reporter=./e2e/support/count-reporter.mjs',
      `--test-reporter-destination=${counts}`,
      ...testFiles,
    ],
    { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...testEnv, ...env } },
  );
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      if (output === 'kept') {
        const text = existsSync(report) ? readFileSync(report, 'utf8') : '(no report)\n';
        process.stdout.write(`\n--- ${name} (${testFiles.join(', ')}):\n${text}`);
        rmSync(report, { force: true });
      }
      let result: Counts;
      try {
        result = JSON.parse(readFileSync(counts, 'utf8')) as Counts;
      } catch {
        result = { passed: 0, failed: 0, skipped: 0, failures: [] };
      }
      rmSync(counts, { force: true });
      // A lane that failed with no failed test (a file that did not load) still fails the run.
      if (code !== 0 && result.failed === 0) result.failed = 1;
      resolve(result);
    });
  });
}

let failedToStart: string | null = null;
try {
  if (ownStack.length)
    lanes.push(
      lane('suites with their own stack', ownStack, {}, shared.length ? 'kept' : 'console'),
    );
  if (shared.length) {
    console.log(`Demo data in ${dataDir}`);
    // No recognition backlog: the demo queues no bib or face jobs (the suites that read faces or
    // bibs make their own events); the screenshots show the whole demo.
    createDemoData(dataDir, screenshots ? ['--whole-events'] : ['--small-events', SMALL_EVENTS]);

    // An admin token for the tests that act as the organiser (the CLI needs the embedded database
    // to itself, so before the API starts).
    const token = spawnSync(
      process.execPath,
      ['apps/api/dist/cli/main.js', 'token', 'create', 'localhost', '--label', 'e2e'],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    if (token.status !== 0) throw new Error(`token create failed: ${token.stderr}`);
    const adminToken = token.stdout.trim().split('\n').pop() ?? '';

    const api = await startApi(dataDir, await freePort());
    services.push(api);
    const site = await startSite(api.url, await freePort());
    services.push(site);

    lanes.push(
      lane(
        'suites on the demo',
        shared,
        {
          E2E_API_URL: api.url,
          E2E_SITE_PORT: new URL(site.url).port,
          E2E_DATA_DIR: dataDir,
          E2E_ADMIN_TOKEN: adminToken,
        },
        'console',
      ),
    );
  }
} catch (error) {
  failedToStart = error instanceof Error ? error.message : String(error);
  console.error(failedToStart);
  for (const s of services) console.error(`--- last output of ${s.url}:\n${s.output()}`);
}

const counts = await Promise.all(lanes);
const total: Counts = {
  passed: 0,
  failed: failedToStart === null ? 0 : 1,
  skipped: 0,
  failures: failedToStart === null ? [] : [{ name: 'the browser tests’ stack', message: failedToStart }],
};
for (const c of counts) {
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  total.failures.push(...c.failures);
}
if (results) writeFileSync(results, JSON.stringify(total));
await Promise.all([...services.map((s) => s.stop()), chromium.close()]);
if (!keepData) rmSync(dataDir, { recursive: true, force: true });
process.exit(total.failed > 0 ? 1 : 0);
