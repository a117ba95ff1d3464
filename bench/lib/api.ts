/** The product API and its CLI, on a temp data folder (PGlite) or a bench PostgreSQL database. */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { freePort, ROOT, runOk, start, type Started, waitForHttp } from './proc.js';

export const API_SERVER = path.join(ROOT, 'apps/api/dist/server.js');
export const API_CLI = path.join(ROOT, 'apps/api/dist/cli/main.js');

export interface Store {
  dataDir: string;
  /** Unset: the embedded database in dataDir. */
  databaseUrl?: string;
}

function envOf(store: Store, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: store.dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_API_URL;
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  return env;
}

export async function cli(
  store: Store,
  args: string[],
  timeoutMs = 20 * 60_000,
  env: Record<string, string> = {},
) {
  return runOk(process.execPath, [API_CLI, ...args], { env: envOf(store, env), timeoutMs });
}

/** An admin bearer token for the organiser of `domain` (the CLI prints it on its last line). */
export async function adminToken(store: Store, domain = 'localhost'): Promise<string> {
  const out = await cli(store, ['token', 'create', domain, '--label', 'bench']);
  return out.stdout.trim().split('\n').pop()!.trim();
}

/**
 * Waits until an event has no queued or running background job (admin jobs status); returns
 * the counts, or null when this build has no such route.
 */
export async function waitForJobs(
  api: Api,
  token: string,
  eventId: number,
  timeoutMs: number,
): Promise<{ queued: number; running: number; done: number; failed: number } | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let response: Response;
    try {
      response = await fetch(`${api.url}/api/v1/admin/events/${eventId}/jobs`, {
        headers: { authorization: `Bearer ${token}` },
      });
    } catch (error) {
      const exited = api.proc.child.exitCode ?? api.proc.child.signalCode;
      throw new Error(
        `GET .../jobs: ${(error as Error).message}${exited !== null ? `; the API exited (${exited}): ${api.proc.output().slice(-600)}` : ''}`,
      );
    }
    if (response.status === 404) {
      const text = await response.text();
      if (/Route \w+:/.test(text)) return null;
      throw new Error(`GET .../jobs: HTTP 404: ${text.slice(0, 200)}`);
    }
    if (!response.ok) throw new Error(`GET .../jobs: HTTP ${response.status}`);
    const body = (await response.json()) as {
      data: { counts: { queued: number; running: number; done: number; failed: number } };
    };
    const c = body.data.counts;
    if (c.queued + c.running === 0 || Date.now() > deadline) return c;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface Api {
  url: string;
  port: number;
  proc: Started;
  stop(): Promise<void>;
}

/**
 * The API on a store. `jobs: false` (the default) sets JOB_CONCURRENCY=0: no background job (bib
 * OCR of the demo photos) competes with what is measured; `jobs: true` keeps the product default.
 */
export async function startApi(
  store: Store,
  options: { nodeArgs?: string[]; jobs?: boolean; env?: Record<string, string> } = {},
): Promise<Api> {
  const port = await freePort();
  // BENCH_CPU_PROF_DIR=<dir>: every API the bench starts writes a V8 CPU profile there on exit
  // (summarise with bench/tools/top-frames.mjs).
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const proc = start(process.execPath, [...profile, ...(options.nodeArgs ?? []), API_SERVER], {
    name: 'api',
    env: envOf(store, {
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(options.jobs ? {} : { JOB_CONCURRENCY: '0' }),
      ...options.env,
    }),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health`, { proc, timeoutMs: 90_000 });
  return { url, port, proc, stop: () => proc.stop() };
}

export interface GroundTruth {
  organisers: Array<{ id: number; name: string; domains: string[] }>;
  events: Array<{
    id: number;
    organiser_id: number;
    name: string;
    slug: string;
    published: boolean;
    photos: number;
  }>;
  photos: Array<{
    uuid: string;
    event_id: number;
    width: number;
    height: number;
    bibs: Array<{ bib: string }>;
  }>;
}

/** The product's demo (2 organisers on localhost and trail.localhost), scaled. */
export async function createDemo(store: Store, scale: number): Promise<GroundTruth> {
  // No bib OCR jobs for the demo photos: a backlog would run in every API the bench starts.
  await cli(store, ['demo', '--scale', String(scale)], undefined, { OCR_ENABLED: 'false' });
  const { readFileSync } = await import('node:fs');
  return JSON.parse(
    readFileSync(path.join(store.dataDir, 'demo-ground-truth.json'), 'utf8'),
  ) as GroundTruth;
}

/** The biggest published event of the demo organiser on localhost. */
export function mainEvent(truth: GroundTruth) {
  const organiser =
    truth.organisers.find((o) => o.domains.includes('localhost')) ?? truth.organisers[0]!;
  return [...truth.events]
    .filter((e) => e.organiser_id === organiser.id && e.published)
    .sort((a, b) => b.photos - a.photos)[0]!;
}

export interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
}

/** The API's OpenAPI document: what the running build offers (features probed at run time). */
export async function openApi(api: Api): Promise<OpenApi> {
  const response = await fetch(`${api.url}/docs/json`);
  if (!response.ok) throw new Error(`GET /docs/json: HTTP ${response.status}`);
  return (await response.json()) as OpenApi;
}

export function hasOperation(doc: OpenApi, method: string, pathPattern: RegExp): string | null {
  for (const [p, ops] of Object.entries(doc.paths))
    if (pathPattern.test(p) && ops[method]) return p;
  return null;
}

export function hasQueryParam(doc: OpenApi, method: string, p: string, name: string): boolean {
  return (doc.paths[p]?.[method]?.parameters ?? []).some(
    (q) => q.in === 'query' && q.name === name,
  );
}

/** Files under a folder, recursively (relative paths). */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
  }
  return out;
}

export function productBuilt(): string[] {
  return [
    'packages/contract/dist/index.js',
    'apps/api/dist/server.js',
    'apps/api/dist/cli/main.js',
    'apps/site/.next/BUILD_ID',
  ].filter((f) => !existsSync(path.join(ROOT, f)));
}
