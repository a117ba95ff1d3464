/** The Redis cache handler's types, for the site's tests (cache-handler.mjs). */
export interface CacheEntry {
  value: unknown;
  lastModified: number;
  cacheControl?: { revalidate?: number | false; expire?: number };
}

export default class RedisCacheHandler {
  constructor(ctx?: { serverDistDir?: string; revalidatedTags?: string[] });
  get(
    key: string,
    ctx?: { kind?: string; tags?: string[]; softTags?: string[] },
  ): Promise<CacheEntry | null>;
  set(
    key: string,
    data: unknown,
    ctx?: { tags?: string[]; cacheControl?: { revalidate?: number | false; expire?: number } },
  ): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}

export function serialize(entry: unknown): string;
export function deserialize(text: string): unknown;
export function closeRedis(): Promise<void>;
