// The site's page and data cache as Next.js uses it (next.config.ts `cacheHandler`): Next.js's own
// in-memory cache, or with REDIS_URL the one shared by every site instance (cache-handler.mjs).
// Either way, a page is stored with the policy that names its scripts by their hashes
// (src/lib/page-scripts.mjs): a kept page is answered to every visitor with a strict
// Content-Security-Policy of its own, without a per-request nonce.
//
// Plain JavaScript: Next.js loads this file by its path when the server starts, unbundled.
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import RedisCacheHandler from './cache-handler.mjs';
import { withPagePolicy } from './src/lib/page-scripts.mjs';

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;

/** Redis when the server starts with REDIS_URL, else this process's memory. */
const Store = process.env.REDIS_URL ? RedisCacheHandler : FileSystemCache;

export default class PageCache extends Store {
  async set(key, data, ctx) {
    return super.set(key, withPagePolicy(data), ctx);
  }
}
