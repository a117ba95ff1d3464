import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The key the site signs its visitors' addresses with and the API checks them by, as `npm start`
 * gives both (docs/security.md, "Behind a proxy"): e2e/run.ts makes one per run and passes it to
 * the test files (E2E_SITE_KEY), so a suite's own site and API share it too.
 */
export const SITE_KEY = process.env.E2E_SITE_KEY || randomBytes(48).toString('base64url');

/** A port nothing listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export interface Service {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a node process and resolves once `ready` answers 2xx/4xx over HTTP. */
export async function startService(
  name: string,
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  timeoutMs = 120_000,
): Promise<Service> {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited with ${child.exitCode} before it was ready:\n${log}`);
    }
    try {
      const res = await fetch(readyUrl, { signal: AbortSignal.timeout(5_000) });
      if (res.status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url: new URL(readyUrl).origin,
    child,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export function startApi(dataDir: string, port: number): Promise<Service> {
  return startService(
    'The API',
    ['apps/api/dist/server.js'],
    // OCR off: reading the demo's photos would take both cores for many minutes; the browser
    // tests tag bibs through the admin API instead. Faces on for the suites' own events (selfie,
    // hide-me); the demo queues none (e2e/run.ts makes it with faces off).
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      OCR_ENABLED: 'false',
      FACES_ENABLED: 'true',
      // Every browser of every console suite signs in from 127.0.0.1, through the one site: far
      // more than a person's 20 attempts in 15 minutes (the limit itself is an API test's).
      SIGN_INS_PER_CLIENT: '1000',
      // Likewise searches: every suite's visitors are 127.0.0.1 (the limit itself is an API test's,
      // and csp's on its own API).
      SEARCHES_PER_MINUTE: '1000',
      SITE_KEY,
    },
    `http://127.0.0.1:${port}/api/v1/client/events/organiser/data?app_domain=localhost`,
  );
}

/**
 * The built site on `bind` (the name or address it listens on): `localhost` by default, which is
 * 127.0.0.1 here; the spec-provider suite binds the literal 127.0.0.1. It signs its visitors with
 * `siteKey` (the run's, as its API's), or with none when it is ''.
 */
export function startSite(apiUrl: string, port: number, bind = 'localhost', siteKey = SITE_KEY): Promise<Service> {
  return startService(
    'The site',
    ['node_modules/next/dist/bin/next', 'start', 'apps/site', '-p', String(port), '-H', bind],
    { PORT: String(port), API_URL: apiUrl, SITE_KEY: siteKey },
    `http://127.0.0.1:${port}/robots.txt`,
  );
}
