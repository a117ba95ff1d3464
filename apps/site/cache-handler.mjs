// The site's page and data cache (Next.js ISR and fetch cache) in Redis, so that every site
// instance of a deployment serves the same pages: a page one instance renders or revalidates is
// the one the others serve, and a tag revalidated through one is expired for all. Used only when
// REDIS_URL is set (next.config.ts); without it each instance keeps its own cache in memory.
//
// Plain JavaScript: Next.js loads this file by its path when the server starts, unbundled.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';

/** Entries are kept this long at most, whatever their own lifetime (a week). */
const MAX_TTL_SECONDS = 7 * 24 * 3600;
/** A Redis that does not answer within this is a miss (get) or a skipped write (set). */
const COMMAND_TIMEOUT_MS = 1000;

/** One connection per process: Next.js makes a handler per request. */
let shared;
function redis() {
  if (!shared) {
    shared = new Redis(process.env.REDIS_URL, {
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    // While Redis is away, pages are rendered as if nothing were cached; each failed command says
    // so through its own rejection, the connection's events add nothing.
    shared.on('error', () => undefined);
  }
  return shared;
}

/** Closes the process's connection (tests). */
export async function closeRedis() {
  const client = shared;
  shared = undefined;
  await client?.quit().catch(() => client.disconnect());
}

/**
 * Entries hold Buffers (RSC payloads) and Maps (segment data), which JSON would flatten: they are
 * marked on the way in and rebuilt on the way out.
 */
export function serialize(entry) {
  return JSON.stringify(entry, function (key, value) {
    const raw = this[key];
    if (Buffer.isBuffer(raw)) return { __buffer: raw.toString('base64') };
    if (raw instanceof Map) return { __map: [...raw.entries()] };
    return value;
  });
}

export function deserialize(text) {
  return JSON.parse(text, (_key, value) => {
    if (value && typeof value === 'object') {
      if (typeof value.__buffer === 'string') return Buffer.from(value.__buffer, 'base64');
      if (Array.isArray(value.__map)) return new Map(value.__map);
    }
    return value;
  });
}

/** The tags an entry answers to: a page's from its x-next-cache-tags header, a fetch's from the call. */
function tagsOf(entry, ctx) {
  const value = entry?.value;
  if (!value) return [];
  if (value.kind === 'FETCH')
    return [...(ctx?.tags ?? []), ...(ctx?.softTags ?? []), ...(value.tags ?? [])];
  const header = value.headers?.['x-next-cache-tags'];
  return typeof header === 'string' ? header.split(',') : [];
}

/** This build's keys: a new build never serves pages rendered by another. */
function buildId(serverDistDir) {
  try {
    return readFileSync(path.join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'unbuilt';
  }
}

export default class RedisCacheHandler {
  constructor(ctx = {}) {
    const prefix = process.env.REDIS_PREFIX || 'eventsite';
    this.keys = `${prefix}:site:${ctx.serverDistDir ? buildId(ctx.serverDistDir) : 'unbuilt'}`;
    /** Tags revalidated during this request: their entries are not served, even stale. */
    this.revalidatedTags = ctx.revalidatedTags ?? [];
  }

  async get(key, ctx) {
    let text;
    let tagTimes;
    try {
      text = await redis().get(`${this.keys}:entry:${key}`);
      if (!text) return null;
      const entry = deserialize(text);
      const tags = tagsOf(entry, ctx);
      if (tags.some((tag) => this.revalidatedTags.includes(tag))) return null;
      if (tags.length > 0) {
        tagTimes = await redis().hmget(`${this.keys}:tags`, ...tags);
        const now = Date.now();
        // A tag expired after the entry was made (and not in the future) makes it a miss.
        for (const time of tagTimes) {
          const expired = time === null ? NaN : Number(time);
          if (expired <= now && expired > entry.lastModified) return null;
        }
      }
      return entry;
    } catch {
      return null;
    }
  }

  async set(key, data, ctx) {
    const entry = { value: data, lastModified: Date.now(), cacheControl: ctx?.cacheControl };
    if (data?.kind === 'FETCH') entry.value = { ...data, tags: ctx?.tags ?? data.tags };
    const expire = ctx?.cacheControl?.expire;
    const ttl = Math.min(
      MAX_TTL_SECONDS,
      typeof expire === 'number' && Number.isFinite(expire) && expire > 0
        ? expire
        : MAX_TTL_SECONDS,
    );
    try {
      await redis().set(`${this.keys}:entry:${key}`, serialize(entry), 'EX', Math.ceil(ttl));
    } catch {
      // Not kept: the next request renders it again.
    }
  }

  /** Expires the tags for every instance: entries made before now are no longer served. */
  async revalidateTag(tags, durations) {
    const list = (typeof tags === 'string' ? [tags] : tags).filter(Boolean);
    if (list.length === 0) return;
    const at = Date.now() + (durations?.expire !== undefined ? durations.expire * 1000 : 0);
    const fields = list.flatMap((tag) => [tag, String(at)]);
    try {
      await redis().hset(`${this.keys}:tags`, ...fields);
    } catch {
      // Redis away: the tags expire with the entries' own revalidation.
    }
  }

  resetRequestCache() {}
}
