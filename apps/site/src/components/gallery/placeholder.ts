import { rgbaToDataURL, thumbHashToAverageRGBA, thumbHashToRGBA } from 'thumbhash';

/**
 * The placeholder's longest side, in pixels. A thumbhash holds only a few low frequencies, and
 * the tile scales its background up smoothly, so 8 px look like thumbhash's own 32 px image; as
 * a PNG in the tile's style it is ~0.3 KB instead of ~3.5 KB (the server's HTML carries one per
 * tile).
 */
export const PLACEHOLDER_SIDE = 8;

/** `rgba` (w x h) shrunk to at most `side` px a side, each pixel the mean of the ones it covers. */
export function shrinkRgba(w: number, h: number, rgba: ArrayLike<number>, side: number): { w: number; h: number; rgba: Uint8Array } {
  const scale = Math.min(1, side / Math.max(w, h));
  const sw = Math.max(1, Math.round(w * scale));
  const sh = Math.max(1, Math.round(h * scale));
  const out = new Uint8Array(sw * sh * 4);
  for (let y = 0; y < sh; y += 1) {
    const y0 = Math.floor((y * h) / sh);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * h) / sh));
    for (let x = 0; x < sw; x += 1) {
      const x0 = Math.floor((x * w) / sw);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * w) / sw));
      const sum = [0, 0, 0, 0];
      for (let yy = y0; yy < y1; yy += 1) {
        for (let xx = x0; xx < x1; xx += 1) {
          for (let c = 0; c < 4; c += 1) sum[c]! += rgba[(yy * w + xx) * 4 + c]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      for (let c = 0; c < 4; c += 1) out[(y * sw + x) * 4 + c] = Math.round(sum[c]! / n);
    }
  }
  return { w: sw, h: sh, rgba: out };
}

/** A thumbhash (base64) as a tiny blurred image, or null when there is none or it is corrupt. */
export function placeholderDataUrl(hash: string | null): string | null {
  if (!hash) return null;
  try {
    const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
    const full = thumbHashToRGBA(bytes);
    const small = shrinkRgba(full.w, full.h, full.rgba, PLACEHOLDER_SIDE);
    return rgbaToDataURL(small.w, small.h, small.rgba);
  } catch {
    return null;
  }
}

/**
 * A thumbhash's average colour (`rgb(r g b)`), or null: the placeholder of the tiles in the
 * server's HTML, where every byte delays the first photos (a data URL costs ~0.4 KB a tile).
 */
export function placeholderColor(hash: string | null): string | null {
  if (!hash) return null;
  try {
    const { r, g, b } = thumbHashToAverageRGBA(Uint8Array.from(atob(hash), (c) => c.charCodeAt(0)));
    return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
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
