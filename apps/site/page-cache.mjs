// The site's page and data cache as Next.js uses it (next.config.ts `cacheHandler`): Next.js's own
// in-memory cache, or with REDIS_URL the one shared by every site instance (cache-handler.mjs).
// Either way, a page is stored with the policy that names its scripts by their hashes
// (src/lib/page-scripts.mjs): a kept page is answered to every visitor with a strict
// Content-Security-Policy of its own, without a per-request nonce, and with the typeface's preload
// header (src/lib/font-preloads.mjs), which Next.js sends only with a page rendered per request.
// A render that began before a change of its data is not kept (src/lib/render-starts.mjs).
//
// Plain JavaScript: Next.js loads this file by its path when the server starts, unbundled.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import RedisCacheHandler from './cache-handler.mjs';
import { fontPreloadOfBuild, withFontPreload } from './src/lib/font-preloads.mjs';
import { withPagePolicy } from './src/lib/page-scripts.mjs';
import { entryTags, RenderStarts } from './src/lib/render-starts.mjs';

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;

/** Redis when the server starts with REDIS_URL, else this process's memory. */
const Store = process.env.REDIS_URL ? RedisCacheHandler : FileSystemCache;

/** Next.js makes a cache handler per request: what renders are under way is the process's. */
const renders = new RenderStarts();

/** The build's script hashes (`experimental.sri`), by file: `static/chunks/x.js` → `sha256-…`. */
function integrityManifest(serverDistDir) {
  try {
    const file = path.join(serverDistDir, 'subresource-integrity-manifest.json');
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

export default class PageCache extends Store {
  constructor(ctx = {}) {
    super(ctx);
    this.integrity = ctx.serverDistDir ? integrityManifest(ctx.serverDistDir) : {};
    this.fontPreload = ctx.serverDistDir ? fontPreloadOfBuild(ctx.serverDistDir) : '';
  }

  async get(key, ctx) {
    renders.ask(key);
    return super.get(key, ctx);
  }

  async set(key, data, ctx) {
    // A render that began before a change of its data is answered, never kept.
    if (data && !renders.keep(key, entryTags(data, ctx))) return;
    const page = withPagePolicy(data, (file) => this.integrity[file]);
    return super.set(key, withFontPreload(page, this.fontPreload), ctx);
  }

  async revalidateTag(tags, durations) {
    renders.revalidate(tags);
    return super.revalidateTag(tags, durations);
  }
}
