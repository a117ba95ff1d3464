/** Display variants as files: the format a browser gets, their keys and ETags, the in-memory copies. */
import { type Readable, Transform } from 'node:stream';
import type { EventAccessLevel } from '@eventsite/contract';
import type { ByteRange } from '../adapters/blobs.js';
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

/**
 * The event's watermark version (0: no mark) names its variants apart too: marked variants live
 * under `{uuid}/m{version}/`, so a new version never reuses a copy made with the old mark, and
 * the `watermark` job removes an old version's folder in one call.
 */
function markFolder(mark: number): string {
  return mark > 0 ? `m${mark}/` : '';
}

export function variantEtag(
  uuid: string,
  width: number,
  format: VariantFormat,
  redaction = 0,
  mark = 0,
): string {
  return `"${uuid}-${width}-${format}-${VARIANT_VERSION}${redaction > 0 ? `-h${redaction}` : ''}${mark > 0 ? `-m${mark}` : ''}"`;
}

/** Where a variant is kept in the variants store: every variant of a photo under `{uuid}/`. */
export function variantKey(
  uuid: string,
  width: number,
  format: VariantFormat,
  redaction = 0,
  mark = 0,
): string {
  return `${uuid}/${markFolder(mark)}${width}.${VARIANT_VERSION}${redactionTag(redaction)}.${format === 'jpeg' ? 'jpg' : format}`;
}

/** The folder of a photo's copies made with one watermark version (deleted whole). */
export function markedPrefix(uuid: string, mark: number): string {
  return `${uuid}/m${mark}`;
}

/** Where the blurred copy served for download is kept (variants store, under the photo's prefix). */
export function blurredOriginalKey(uuid: string, redaction: number, extension: string): string {
  return `${uuid}/original${redactionTag(redaction)}.${extension}`;
}

/** The marked copy served for download (`on_downloads`): under the version's folder. */
export function markedDownloadKey(
  uuid: string,
  mark: number,
  redaction: number,
  extension: string,
): string {
  return `${markedPrefix(uuid, mark)}/download${redactionTag(redaction)}.${extension}`;
}

/** A photo in a sponsor frame (a JPEG), by the frame's file (named after its content). */
export function framedKey(
  uuid: string,
  frameFile: string,
  mark: number,
  redaction: number,
): string {
  return `${uuid}/${markFolder(mark)}framed-${frameFile.replace(/\.png$/, '')}${redactionTag(redaction)}.jpg`;
}

/**
 * A stored variant up to this size is kept in memory as it streams out (the hot path serves it
 * next time); a larger one only passes through.
 */
const KEEP_STREAMED_VARIANT_BYTES = 2 * 1024 * 1024;

/** The stored variant's stream, its bytes kept in memory once it has passed whole (small ones only). */
export function keepWhileStreaming(
  memory: ByteLru,
  key: string,
  stored: { size: number; stream: Readable },
): Readable {
  if (stored.size > KEEP_STREAMED_VARIANT_BYTES) return stored.stream;
  const chunks: Buffer[] = [];
  let length = 0;
  const keeper = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      length += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      if (length === stored.size) memory.set(key, Buffer.concat(chunks, length));
      callback();
    },
  });
  stored.stream.on('error', (error) => keeper.destroy(error));
  keeper.on('close', () => {
    if (!stored.stream.destroyed) stored.stream.destroy();
  });
  return stored.stream.pipe(keeper);
}

/** A photo file's bytes: in memory (a hot or just rendered variant), or a stream from the store. */
export interface PhotoBody {
  body: Buffer | Readable;
  /** Bytes in `body`. */
  length: number;
}

export interface PhotoFile {
  etag: string;
  contentType: string;
  /** Only variants vary by the Accept header. */
  variesByAccept: boolean;
  filename?: string;
  /** The photo's event (originals: a download is counted into its analytics). */
  eventId?: number;
  /** The byte size, when known before reading (originals): byte ranges are served only then. */
  size?: number;
  /** The photo's event and its access: a password event's need a grant (routes/photos.ts). */
  access?: { eventId: number; level: EventAccessLevel };
  /** Display variants: the version of the event's mark drawn on it (0: none). */
  markVersion?: number;
  /**
   * The bytes (of `range` only, when given and `size` is known). Stored files come as a stream
   * from the blob store (the local folder or S3), never held whole in memory.
   */
  open(range?: ByteRange): Promise<PhotoBody>;
}
