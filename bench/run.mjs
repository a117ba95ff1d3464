#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --only api,photo,features|zip|search|selfie,site,video,ingest,bibs,faces,postgres,scale,soak,raceday,watermark] [-- --build]`
// The soak row runs 10 minutes; `BENCH_SOAK_SECONDS=<n>` (or `-- --soak-seconds <n>`) shortens it.
// Builds what is missing (or everything with --build), then runs bench/main.ts with tsx.
// Never part of `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

const force = args.includes('--build');
const has = (f) => existsSync(path.join(root, f));

function build(label, npmArgs, output) {
  console.log(`Building ${label} (npm ${npmArgs.join(' ')})...`);
  const result = spawnSync('npm', npmArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0 && output) {
    // Another build of the same workspace may be running (next refuses two): wait for its output.
    console.log(`Waiting up to 10 minutes for ${output} (another build may be running)...`);
    const deadline = Date.now() + 10 * 60_000;
    while (Date.now() < deadline && !has(output)) spawnSync('sleep', ['5']);
    if (has(output)) return;
  }
  if (result.status !== 0) {
    console.error(`npm ${npmArgs.join(' ')} failed: the bench needs the built product.`);
    process.exit(result.status ?? 1);
  }
}

if (force || !has('packages/contract/dist/index.js'))
  build('the contract', ['run', 'build', '-w', 'packages/contract']);
if (force || !has('apps/api/dist/server.js') || !has('apps/api/dist/cli/main.js'))
  build('the API', ['run', 'build', '-w', 'apps/api']);
if (force || !has('apps/site/.next/BUILD_ID'))
  build('the site', ['run', 'build', '-w', 'apps/site'], 'apps/site/.next/BUILD_ID');
if (!has('node_modules/autocannon') || !has('node_modules/lighthouse')) {
  console.error('autocannon and lighthouse are missing: run `npm ci` first.');
  process.exit(1);
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'bench/main.ts'), ...args.filter((a) => a !== '--build')],
  { cwd: root, stdio: 'inherit' },
);
// Ctrl-C reaches the child too (same process group); it stops its servers and exits.
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
