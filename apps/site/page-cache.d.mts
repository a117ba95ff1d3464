/** The site's page cache (page-cache.mjs), for the site's tests. */
export default class PageCache {
  constructor(ctx?: Record<string, unknown>);
  get(key: string, ctx?: Record<string, unknown>): Promise<unknown>;
  set(key: string, data: unknown, ctx?: Record<string, unknown>): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}
