import fs from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type PageCacheClass from '../page-cache.mjs';

/**
 * The site's page cache in one process without Redis (Next.js's in-memory store), as Next.js uses
 * it: a handler per request, a look-up before each render, the page stored after it.
 */
let dir: string;
let PageCache: typeof PageCacheClass;

beforeAll(async () => {
  vi.stubEnv('REDIS_URL', '');
  vi.resetModules();
  PageCache = (await import('../page-cache.mjs')).default;
  dir = mkdtempSync(path.join(os.tmpdir(), 'eventsite-page-cache-'));
  writeFileSync(
    path.join(dir, 'next-font-manifest.json'),
    JSON.stringify({ app: { '/app/layout': ['static/media/inter-s.p.woff2'] } }),
  );
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

/** The handler of one request. */
const handler = () =>
  new PageCache({ fs, serverDistDir: dir, flushToDisk: false, maxMemoryCacheSize: 1e6 });
const page = (html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from(html),
  headers: { 'x-next-cache-tags': '_N_T_/layout,organiser:walk.localhost' },
  status: 200,
  segmentData: new Map(),
});
const LOOKUP = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false };
const STORE = {
  cacheControl: { revalidate: 30, expire: 31536000 },
  isRoutePPREnabled: false,
  isFallback: false,
};

interface Kept {
  value: { html: string; headers: Record<string, string> };
}

describe('the page cache without Redis', () => {
  it('does not keep a Home whose render began before the organiser saved new branding', async () => {
    // A visitor (or a link's prefetch) asks for Home: nothing kept, a render begins.
    expect(await handler().get('/walk.localhost', LOOKUP)).toBeNull();
    // The organiser saves: the console's request revalidates the organiser's data.
    await new Promise((resolve) => setTimeout(resolve, 2));
    await handler().revalidateTag(['organiser:walk.localhost'], { expire: 0 });
    await new Promise((resolve) => setTimeout(resolve, 2));
    // The render finishes with the theme from before the change.
    await handler().set('/walk.localhost', page('<p>old theme</p>'), STORE);
    // The next visitor does not get it: their own render is kept.
    expect(await handler().get('/walk.localhost', LOOKUP)).toBeNull();
    await handler().set('/walk.localhost', page('<p>new theme</p>'), STORE);
    const kept = (await handler().get('/walk.localhost', LOOKUP)) as Kept;
    expect(kept.value.html).toBe('<p>new theme</p>');
    expect(kept.value.headers.link).toMatch(
      /^<\/_next\/static\/media\/inter-s\.p\.woff2>; rel=preload; as="font"/,
    );
    expect(kept.value.headers['content-security-policy']).toContain("object-src 'none'");
  });
});
