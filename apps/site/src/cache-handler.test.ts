import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// The one Redis probe of the project's tests (the API's test support).
import { redisProblem } from '../../api/src/test-support/redis';
import type * as HandlerModuleNamespace from '../cache-handler.mjs';

/**
 * The Redis cache handler (cache-handler.mjs) as two site instances use it: each its own copy of
 * the module (its own connection), one Redis, one key prefix. Skipped without Redis (an error
 * under CI=true).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const problem = await redisProblem(REDIS_URL);
  if (problem === null) return true;
  const message = `Redis at ${REDIS_URL} is unreachable (${problem}): the site's cache handler test needs it.`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n[cache-handler] SKIPPED: ${message}\n`);
  return false;
}

const ready = await redisAnswers();
type HandlerModule = typeof HandlerModuleNamespace;

const prefix = `eventsite-t-${randomBytes(5).toString('hex')}`;
let distDir: string;
const instances: HandlerModule[] = [];

/** A site instance's copy of the module: its own Redis connection. */
async function instance(): Promise<HandlerModule> {
  vi.resetModules();
  const module = (await import('../cache-handler.mjs')) as HandlerModule;
  instances.push(module);
  return module;
}

beforeAll(() => {
  vi.stubEnv('REDIS_URL', REDIS_URL);
  vi.stubEnv('REDIS_PREFIX', prefix);
  // A build's folder: the handler keys its entries by the build id.
  distDir = mkdtempSync(path.join(os.tmpdir(), 'eventsite-site-build-'));
  mkdirSync(path.join(distDir, 'server'));
  writeFileSync(path.join(distDir, 'BUILD_ID'), 'build-1');
});

afterAll(async () => {
  for (const module of instances) await module.closeRedis();
  const client = new Redis(REDIS_URL);
  const keys = await client.keys(`${prefix}:*`);
  if (keys.length > 0) await client.del(...keys);
  client.disconnect();
  rmSync(distDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

/** An App Router page entry as Next.js hands it to the handler. */
const page = (html: string, tags = '_N_T_/layout,organiser:localhost') => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from(`rsc of ${html}`),
  headers: { 'x-next-cache-tags': tags },
  postponed: undefined,
  status: 200,
  segmentData: new Map([['/_index.segment.rsc', Buffer.from('segment')]]),
});

describe.skipIf(!ready)('the shared page cache (REDIS_URL)', () => {
  it('a page revalidated through one instance is the page the other serves', async () => {
    const a = new (await instance()).default({ serverDistDir: path.join(distDir, 'server') });
    const b = new (await instance()).default({ serverDistDir: path.join(distDir, 'server') });
    expect(await b.get('/localhost/events', { kind: 'APP_PAGE' })).toBeNull();

    await a.set('/localhost/events', page('<p>first</p>'), {
      cacheControl: { revalidate: 30, expire: 31536000 },
    });
    const seen = await b.get('/localhost/events', { kind: 'APP_PAGE' });
    expect(seen?.value).toMatchObject({ kind: 'APP_PAGE', html: '<p>first</p>' });
    // Buffers and Maps come back as they went in.
    const value = seen!.value as ReturnType<typeof page>;
    expect(Buffer.isBuffer(value.rscData) && value.rscData.toString()).toBe('rsc of <p>first</p>');
    expect(value.segmentData.get('/_index.segment.rsc')?.toString()).toBe('segment');
    expect(seen?.cacheControl).toEqual({ revalidate: 30, expire: 31536000 });

    // A later revalidation by A (the page had gone stale there) replaces it for B as well.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await a.set('/localhost/events', page('<p>second</p>'), {
      cacheControl: { revalidate: 30, expire: 31536000 },
    });
    const again = await b.get('/localhost/events', { kind: 'APP_PAGE' });
    expect(again?.value).toMatchObject({ html: '<p>second</p>' });
    expect(again!.lastModified).toBeGreaterThan(seen!.lastModified);
  });

  it('a tag revalidated through one instance expires the entries the other would serve', async () => {
    const a = new (await instance()).default({ serverDistDir: path.join(distDir, 'server') });
    const b = new (await instance()).default({ serverDistDir: path.join(distDir, 'server') });
    await b.set('/trail.localhost', page('<p>trail</p>', 'organiser:trail.localhost'), {});
    await b.set(
      'fetch-key-1',
      {
        kind: 'FETCH',
        data: { headers: {}, body: '{}', status: 200, url: 'http://api/x' },
        revalidate: 30,
      },
      { tags: ['event:7'] },
    );
    expect(await a.get('/trail.localhost', { kind: 'APP_PAGE' })).not.toBeNull();
    expect(await a.get('fetch-key-1', { kind: 'FETCH', tags: ['event:7'] })).not.toBeNull();

    await a.revalidateTag(['organiser:trail.localhost', 'event:7']);
    expect(await b.get('/trail.localhost', { kind: 'APP_PAGE' })).toBeNull();
    expect(await b.get('fetch-key-1', { kind: 'FETCH', tags: ['event:7'] })).toBeNull();

    // Made again after the revalidation: served.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await b.set('/trail.localhost', page('<p>trail 2</p>', 'organiser:trail.localhost'), {});
    expect((await a.get('/trail.localhost', { kind: 'APP_PAGE' }))?.value).toMatchObject({
      html: '<p>trail 2</p>',
    });
  });

  it('another build never serves this build’s pages', async () => {
    const a = new (await instance()).default({ serverDistDir: path.join(distDir, 'server') });
    await a.set('/localhost', page('<p>old build</p>'), {});
    const other = mkdtempSync(path.join(os.tmpdir(), 'eventsite-site-build-'));
    try {
      mkdirSync(path.join(other, 'server'));
      writeFileSync(path.join(other, 'BUILD_ID'), 'build-2');
      const b = new (await instance()).default({ serverDistDir: path.join(other, 'server') });
      expect(await b.get('/localhost', { kind: 'APP_PAGE' })).toBeNull();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('a Redis that does not answer is a miss, not an error', async () => {
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:1');
    try {
      const module = await instance();
      const handler = new module.default({ serverDistDir: path.join(distDir, 'server') });
      await expect(handler.set('/x', page('<p>x</p>'), {})).resolves.toBeUndefined();
      await expect(handler.get('/x', { kind: 'APP_PAGE' })).resolves.toBeNull();
      await expect(handler.revalidateTag('x')).resolves.toBeUndefined();
    } finally {
      vi.stubEnv('REDIS_URL', REDIS_URL);
    }
  }, 20_000);
});

describe('next.config.ts', () => {
  it('keeps pages in Redis only when REDIS_URL is set, with their script policy either way', async () => {
    vi.stubEnv('REDIS_URL', '');
    vi.resetModules();
    const without = (await import('../next.config')).default;
    expect(without.cacheHandler).toMatch(/page-cache\.mjs$/);
    expect(without.cacheMaxMemorySize).toBeUndefined();
    const inMemory = (await import('../page-cache.mjs')).default;
    expect(Object.getPrototypeOf(inMemory).name).toBe('FileSystemCache');
    vi.stubEnv('REDIS_URL', REDIS_URL);
    vi.resetModules();
    const withRedis = (await import('../next.config')).default;
    expect(withRedis.cacheHandler).toMatch(/page-cache\.mjs$/);
    expect(withRedis.cacheMaxMemorySize).toBe(0);
    const shared = (await import('../page-cache.mjs')).default;
    expect(Object.getPrototypeOf(shared).name).toBe('RedisCacheHandler');
  });
});
