#!/usr/bin/env node
// Every test of the project, in order: types, lint and import rules, unit tests, the API's stack
// tests (PGlite and PostgreSQL), the recognition models offline, the production build, then the
// browser tests against the built site and API.
// Ends with one line "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.test-results');
mkdirSync(resultsDir, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`; stages: static, unit, api, models, e2e
const wanted = (stage) => only.length === 0 || only.includes(stage);

let passed = 0;
let failed = 0;
const failures = [];
/** Each failed test, by name, with the first line of its error: printed last, where a log's tail shows it. */
const failedTests = [];

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  if (!ok) failures.push(title);
  return ok;
}

/** A report file of this run's, with none left from an earlier run to be counted instead. */
function reportFile(name) {
  const file = path.join(resultsDir, name);
  rmSync(file, { force: true });
  return file;
}

function count(file, read) {
  if (!existsSync(file)) return false;
  try {
    const [p, f, names = []] = read(JSON.parse(readFileSync(file, 'utf8')));
    passed += p;
    failed += f;
    failedTests.push(...names);
    return true;
  } catch {
    return false;
  }
}

/** Passed, failed and the failed tests' names from a vitest JSON report. */
function vitestCounts(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failing = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failing)
      names.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that fails outside its tests (an import, a hook) has no failed test to name.
    if (file.status === 'failed' && failing.length === 0)
      names.push(`${where}: ${firstLine(file.message)}`);
  }
  return [report.numPassedTests ?? 0, report.numFailedTests ?? 0, names];
}

const firstLine = (text) => String(text ?? '').split('\n')[0];

// The contract's build is for the import rules and the production builds; the tests run its
// TypeScript source (the 'source' condition), so `npm test -- unit` starts at once.
let buildOk =
  !(wanted('static') || wanted('e2e')) ||
  step('contract build', 'npm', ['run', 'build', '-w', 'packages/contract']);

if (wanted('static')) {
  for (const [title, args] of [
    ['typecheck', ['run', 'typecheck']],
    ['lint', ['run', 'lint']],
    ['import rules', ['run', 'deps']],
  ]) {
    if (step(title, 'npm', args)) passed += 1;
    else failed += 1;
  }
}

// The unit tests (no database: contract, api-unit, site, repo) and the API's stack tests (on
// PGlite, then on PostgreSQL with Redis and S3); apps/api/src/test-support/test-kinds.ts says
// which API file is which. Both wanted (`npm test`): one vitest run, so the site's tests fill the
// time the API's spend waiting on a database. `npm test -- unit` alone is a developer's quick
// loop. The tests that load a recognition model (*.models.test.ts) are the models pass's.
const VITEST_STAGES = {
  unit: ['contract', 'api-unit', 'site', 'repo'],
  api: ['api-pglite', 'api-postgres'],
};
const vitestStages = Object.keys(VITEST_STAGES).filter(wanted);
if (vitestStages.length > 0) {
  const out = reportFile('vitest.json');
  // Both stages: every project of vitest.config.ts, so none added there is left out.
  const projects = vitestStages.length === 1 ? VITEST_STAGES[vitestStages[0]] : [];
  const ok = step(`${vitestStages.join(' and ')} tests`, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--exclude=**/*.models.test.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const counted = count(out, vitestCounts);
  if (!counted && !ok) failed += 1;
}

// The tests that load a recognition model (bib OCR, faces: *.models.test.ts) run once, with no
// network at all: the models must work offline. In a user namespace without one where the machine
// allows it (root in CI); elsewhere with the network, with a notice.
if (wanted('models') || wanted('offline')) {
  const out = reportFile('models.json');
  const vitest = [
    'npx',
    'vitest',
    'run',
    '--project',
    'api-pglite',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    '.models.test.ts',
  ];
  const offline = spawnSync('unshare', ['-rn', 'true']).status === 0;
  // The namespace's own loopback, brought up: a test may start the API on 127.0.0.1 (the
  // no-biometrics check), and nothing outside the machine is reachable still.
  const ip =
    ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip', '/bin/ip'].find((p) => existsSync(p)) ?? 'ip';
  const loopback =
    offline && spawnSync('unshare', ['-rn', ip, 'link', 'set', 'lo', 'up']).status === 0;
  if (!offline)
    console.log('\n=== models: unshare -rn is not allowed here, so they run with the network');
  const ok = loopback
    ? step('models offline (unshare -rn, loopback only)', 'unshare', [
        '-rn',
        'sh',
        '-c',
        `${ip} link set lo up && exec "$@"`,
        'sh',
        ...vitest,
      ])
    : offline
      ? step('models offline (unshare -rn)', 'unshare', ['-rn', ...vitest])
      : step('models', vitest[0], vitest.slice(1));
  const counted = count(out, vitestCounts);
  if (!counted && !ok) failed += 1;
}

if (wanted('e2e')) {
  buildOk =
    buildOk &&
    step('API build', 'npm', ['run', 'build', '-w', 'apps/api']) &&
    step('site build', 'npm', ['run', 'build', '-w', 'apps/site']);
  if (!buildOk) {
    failed += 1;
    console.error('The build failed: the browser tests cannot run.');
  } else {
    const out = reportFile('e2e.json');
    const ok = step('browser tests', process.execPath, ['--import', 'tsx', 'e2e/run.ts'], {
      E2E_RESULTS: out,
    });
    const counted = count(out, (r) => [
      r.passed ?? 0,
      r.failed ?? 0,
      (r.failures ?? []).map(
        (f) => `e2e ${f.file ? path.relative(root, f.file) : ''} > ${f.name}: ${f.message}`,
      ),
    ]);
    if (!counted && !ok) failed += 1;
  }
}

console.log('');
for (const line of failedTests) console.log(`FAILED ${line}`);
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failures.length > 0 ? 1 : 0);
