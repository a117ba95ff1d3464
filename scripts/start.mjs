#!/usr/bin/env node
// The quick start: build what is not built, create the demo data on an empty database,
// then run the API (:4000) and the site (:3000) until Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { readableLogLine } from './log-lines.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '4000';
const sitePort = process.env.SITE_PORT ?? '3000';
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`;
// The key the site signs its visitors' addresses with and the API checks them by
// (docs/security.md, "Behind a proxy"): one made for this run unless SITE_KEY is set.
const siteKey = process.env.SITE_KEY?.trim() || randomBytes(48).toString('base64url');
// Next.js asks nothing of a newcomer: no telemetry notice, no data sent.
const quietNext = { NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1' };

const built = [
  'packages/contract/dist/index.js',
  'apps/api/dist/server.js',
  'apps/api/dist/cli/main.js',
  'apps/site/.next/BUILD_ID',
].every((file) => existsSync(path.join(root, file)));

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(
      `\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`,
    );
    process.exit(result.status ?? 1);
  }
}

/**
 * The first start's build, its output kept in a log file rather than on screen (a route table
 * and the bundler's notes mean nothing to a newcomer): a line every 30 s while it runs, and the
 * log's end if it fails.
 */
async function build() {
  const log = path.join(tmpdir(), 'eventsite-build.log');
  console.log(`Building eventsite (first start only, a few minutes; the log is ${log})...`);
  const started = Date.now();
  const output = [];
  const child = spawn('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...quietNext },
  });
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const ticker = setInterval(
    () => console.log(`  still building (${Math.round((Date.now() - started) / 1000)} s)...`),
    30_000,
  );
  const code = await new Promise((resolve) =>
    child.on('close', (c, signal) => resolve(c ?? signal)),
  );
  clearInterval(ticker);
  writeFileSync(log, Buffer.concat(output));
  if (code !== 0) {
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    console.error(
      `\n${lines.slice(-60).join('\n')}\n\nThe build failed (${code}); the whole log is ${log}.`,
    );
    process.exit(typeof code === 'number' ? code : 1);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

if (!built) await build();

console.log('Checking the demo data...');
run(process.execPath, ['apps/api/dist/cli/main.js', 'demo', '--if-empty']);

const children = [];
function start(name, args, env, lines) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: lines ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  if (lines)
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => {
        const shown = lines(line);
        if (shown !== null) console.log(shown);
      });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping eventsite.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null)),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// The demo's bibs and faces are read in the API process after the first start, one job per core
// (the API's default): the models run in worker threads at a lower priority than the threads
// that answer requests, so pages stay quick while the demo is indexed.
// The API logs warnings and errors only (LOG_LEVEL=info shows every request), as readable lines.
start(
  'The API',
  ['apps/api/dist/server.js'],
  {
    PORT: apiPort,
    SITE_KEY: siteKey,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
  readableLogLine,
);
start('The site', ['node_modules/next/dist/bin/next', 'start', 'apps/site', '-p', sitePort], {
  PORT: sitePort,
  API_URL: apiUrl,
  SITE_KEY: siteKey,
  ...quietNext,
});

setTimeout(() => {
  if (stopping) return;
  const rows = [
    [`http://localhost:${sitePort}`, 'the demo organiser on localhost'],
    [`http://trail.localhost:${sitePort}`, 'a second organiser, on its own host name'],
    [`${apiUrl}/docs`, 'the provider API and its OpenAPI document'],
    ['npm run cli -- --help', 'operator commands (the running API carries them out)'],
  ];
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  console.log(
    `\neventsite is running:\n${rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`).join('\n')}\nPress Ctrl-C to stop.`,
  );
  void followIndexing();
}, 2500);

/**
 * Says what is still being indexed (GET /health): photos show in their gallery at once, but a bib
 * search finds them only once their bib numbers are read, a selfie once their faces are. A line
 * when the work starts, one at most every 30 s while it goes on, and one when it is done.
 */
async function followIndexing() {
  let most = 0;
  let said = 0;
  let lastLine = '';
  while (!stopping) {
    let indexing;
    try {
      const res = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(5000) });
      indexing = (await res.json()).data?.indexing;
    } catch {
      indexing = undefined; // the API is busy or restarting: ask again later
    }
    if (indexing) {
      const left = indexing.pending;
      most = Math.max(most, left);
      if (left > 0) {
        const parts = [
          [indexing.ingest, 'photos to prepare'],
          [indexing.bibs, 'to read bib numbers from'],
          [indexing.faces, 'to find faces in'],
        ]
          .map(([work, what]) => [work.queued + work.running, what])
          .filter(([n]) => n > 0)
          .map(([n, what]) => `${n} ${what}`);
        const line = `Indexing in the background: ${parts.join(', ')} (${most - left} of ${most} done). Bib and selfie searches fill in as it goes.`;
        if (line !== lastLine && Date.now() - said >= 30_000) {
          console.log(line);
          said = Date.now();
          lastLine = line;
        }
      } else if (most > 0) {
        console.log(`Indexing done: all ${most} jobs finished; every photo is findable.`);
        most = 0;
        lastLine = '';
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 5000).unref());
  }
}
