import { thumbHashToDataURL } from 'thumbhash';

/** A thumbhash (base64) as a tiny blurred image, or null when there is none or it is corrupt. */
export function placeholderDataUrl(hash: string | null): string | null {
  if (!hash) return null;
  try {
    const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    return null;
  }
}

const cache = new Map<string, string | null>();
const CACHE_LIMIT = 50_000;

/** placeholderDataUrl, decoded once per photo and kept: rows scrolled back in paint at once. */
export function cachedPlaceholder(uuid: string, hash: string | null): string | null {
  if (!hash) return null;
  const hit = cache.get(uuid);
  if (hit !== undefined) return hit;
  const url = placeholderDataUrl(hash);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(uuid, url);
  return url;
}

/** Test hook: how many placeholders are decoded and kept. */
export function placeholderCacheSize(): number {
  return cache.size;
}
