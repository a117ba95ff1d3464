#!/usr/bin/env node
// Two built site servers on one Redis (REDIS_URL): a page one of them revalidates is the page the
// other serves. Needs the builds (`npm run build`) and Redis at TEST_REDIS_URL (127.0.0.1:6379);
// starts its own API on an embedded database in a temporary folder, and stops everything after.
//
//   node scripts/check-site-cache.mjs
//
// Site A renders an organiser's home page (its API answers cached in Redis); the organiser is
// renamed; site B's first page still has the old name (made from A's cached answers, not asked of
// the API); once the 30 s have passed A revalidates, and B's next page has the new name at once.
// Prints each step; exits 1 on a failed check.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `eventsite-check-${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eventsite-site-cache-'));
const base = 20_000 + Math.floor(Math.random() * 20_000);
const ports = { api: base, a: base + 1, b: base + 2 };
const children = [];
let failed = false;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const apiEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOB_CONCURRENCY: '0' };

function cli(...args) {
  const r = spawnSync(process.execPath, [path.join(root, 'apps/api/dist/cli/main.js'), ...args], {
    env: apiEnv,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`cli ${args.join(' ')}: ${r.stderr || r.stdout}`);
}

function start(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  children.push({ name, child, output: () => output });
  return child;
}

/** GET with the organiser's host name; the status, the cache header and the body. */
function get(port, url = '/') {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: url, headers: { host: `localhost:${port}` } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (body += c));
          res.on('end', () =>
            resolve({ status: res.statusCode, cache: res.headers['x-nextjs-cache'], body }),
          );
        },
      )
      .on('error', reject);
  });
}

async function until(what, probe, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

function check(what, ok, detail) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failed = true;
}

const organiser = (name) => {
  const file = path.join(dataDir, 'organiser.json');
  writeFileSync(file, JSON.stringify({ name, domains: ['localhost'] }));
  return file;
};

try {
  cli('organiser', 'apply', organiser('Harbour Photos'));
  cli(
    'event',
    'create',
    '--organiser',
    'localhost',
    '--name',
    'Harbour Run',
    '--date',
    '2026-05-01',
    '--published',
  );
  start('api', ['apps/api/dist/server.js'], {
    ...apiEnv,
    PORT: String(ports.api),
    HOST: '127.0.0.1',
  });
  await until('the API', async () => (await fetch(`http://127.0.0.1:${ports.api}/health`)).ok);
  const next = path.join(root, 'node_modules/next/dist/bin/next');
  const siteEnv = (port) => ({
    ...process.env,
    PORT: String(port),
    API_URL: `http://127.0.0.1:${ports.api}`,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
  });
  start(
    'site A',
    [next, 'start', 'apps/site', '-H', '127.0.0.1', '-p', String(ports.a)],
    siteEnv(ports.a),
  );
  start(
    'site B',
    [next, 'start', 'apps/site', '-H', '127.0.0.1', '-p', String(ports.b)],
    siteEnv(ports.b),
  );
  await until('site A', async () => (await get(ports.a, '/robots.txt')).status === 200);
  await until('site B', async () => (await get(ports.b, '/robots.txt')).status === 200);

  // The pages are rendered per request from the API's answers, which the site caches for 30 s
  // (Next.js's fetch cache): with REDIS_URL, in Redis, for every instance.
  const first = await get(ports.a);
  check(
    'site A renders the home page',
    first.status === 200 && first.body.includes('Harbour Photos'),
    String(first.status),
  );
  const keys = spawnSync('redis-cli', ['-u', redisUrl, '--scan', '--pattern', `${prefix}:*`], {
    encoding: 'utf8',
  }).stdout;
  check(
    'its data is cached in Redis',
    keys.split('\n').filter(Boolean).length > 0,
    `${keys.split('\n').filter(Boolean).length} keys`,
  );

  cli('organiser', 'apply', organiser('Harbour Pictures'));
  const api = await (
    await fetch(
      `http://127.0.0.1:${ports.api}/api/v1/client/events/organiser/data?app_domain=localhost`,
    )
  ).text();
  check('the API has the new name', api.includes('Harbour Pictures'));
  // B has never asked the API: it renders from what A cached, the name as A fetched it.
  const fromB = await get(ports.b);
  check(
    "site B's first page is made from A's cached answers (the name before the change)",
    fromB.status === 200 &&
      fromB.body.includes('Harbour Photos') &&
      !fromB.body.includes('Harbour Pictures'),
  );

  console.log('     waiting for the cached answers to go stale (30 s)...');
  await sleep(31_000);
  // A serves the stale answer once and revalidates it in the background, into Redis.
  await get(ports.a);
  const fresh = await until(
    'site A to have revalidated',
    async () => {
      const r = await get(ports.a);
      return r.body.includes('Harbour Pictures') ? r : null;
    },
    30_000,
  );
  check('site A serves the revalidated page', fresh.status === 200);
  // Had B only its own cache, its first request after 30 s would answer stale (the old name).
  const after = await get(ports.b);
  check(
    "site B's next page has A's revalidation at once",
    after.status === 200 &&
      after.body.includes('Harbour Pictures') &&
      !after.body.includes('Harbour Photos'),
  );
} catch (error) {
  failed = true;
  console.error(`FAIL ${error.message}`);
  for (const { name, output } of children) console.error(`--- ${name}\n${output().slice(-2000)}`);
} finally {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map(({ child }) =>
      child.exitCode !== null ? null : new Promise((r) => child.once('exit', r)),
    ),
  );
  spawnSync('redis-cli', ['-u', redisUrl, '--scan', '--pattern', `${prefix}:*`], {
    encoding: 'utf8',
  })
    .stdout?.split('\n')
    .filter(Boolean)
    .forEach((key) => spawnSync('redis-cli', ['-u', redisUrl, 'del', key]));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
