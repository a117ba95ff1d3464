/** Display variants as files: the format a browser gets, their keys and ETags, the in-memory copies. */
import type { VariantFormat } from '../adapters/images.js';

/** Bump when variant encoding changes, so cached copies (and ETags) are not reused. */
const VARIANT_VERSION = 'v1';

/**
 * WebP is preferred to AVIF where both are accepted: similar size at a fraction of the encode
 * time on first request. AVIF is served to clients that accept it but not WebP; JPEG otherwise.
 */
export function negotiateFormat(accept: string | undefined): VariantFormat {
  const key = accept ?? '';
  let format = negotiated.get(key);
  if (format === undefined) {
    format = parseAccept(key);
    // Browsers send a handful of distinct Accept headers: a small memo, started afresh when full.
    if (negotiated.size >= 64) negotiated.clear();
    negotiated.set(key, format);
  }
  return format;
}

const negotiated = new Map<string, VariantFormat>();

function parseAccept(accept: string): VariantFormat {
  const types = accept
    .toLowerCase()
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.q > 0);
  const accepts = (type: string) => types.some((t) => t.type === type);
  if (accepts('image/webp')) return 'webp';
  if (accepts('image/avif')) return 'avif';
  return 'jpeg';
}

/** Keeps recently served variants in memory, up to a byte budget, most recently used last. */
export class ByteLru {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly budget: number) {}
  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  deletePrefix(prefix: string): void {
    for (const [k, v] of this.entries) {
      if (!k.startsWith(prefix)) continue;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }
  set(key: string, value: Buffer): void {
    if (value.length > this.budget / 4) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.length;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }
}

/**
 * A photo's redaction (photos.redaction: bumped each time a face on it is hidden) names its
 * variants apart: once it changes, no copy made before (in any process's memory, under any old
 * key, with the old ETag) is asked for again.
 */
function redactionTag(redaction: number): string {
  return redaction > 0 ? `.h${redaction}` : '';
}

export function variantEtag(
  uuid: string,
  width: number,
  format: VariantFormat,
  redaction = 0,
): string {
  return `"${uuid}-${width}-${format}-${VARIANT_VERSION}${redaction > 0 ? `-h${redaction}` : ''}"`;
}

/** Where a variant is kept in the variants store: every variant of a photo under `{uuid}/`. */
export function variantKey(
  uuid: string,
  width: number,
  format: VariantFormat,
  redaction = 0,
): string {
  return `${uuid}/${width}.${VARIANT_VERSION}${redactionTag(redaction)}.${format === 'jpeg' ? 'jpg' : format}`;
}

/** Where the blurred copy served for download is kept (variants store, under the photo's prefix). */
export function blurredOriginalKey(uuid: string, redaction: number, extension: string): string {
  return `${uuid}/original${redactionTag(redaction)}.${extension}`;
}
