/**
 * The copies of a photo that carry the event's watermark or a sponsor frame (docs/watermarks.md):
 * the download copy served in the original's place when the event marks its downloads, the
 * display widths the `watermark` job makes again after a change, and a photo in a frame. Each is
 * made from the original (its hidden faces blurred) and kept in the variants store under the
 * photo's prefix; the original itself is never changed.
 */
import { crc32 } from 'node:zlib';
import type { BlobStores } from '../adapters/blobs.js';
import { renderFramed } from '../adapters/frames.js';
import {
  type ImageKind,
  renderCover,
  renderDownloadCopy,
  renderVariants,
} from '../adapters/images.js';
import type { MarkFor } from '../adapters/watermark.js';
import type { PhotoRow } from '../repositories/photos.js';
import type { BlurredCopies } from './blurred-copies.js';
import { framedKey, markedDownloadKey, markedPrefix, variantKey } from './photo-files.js';

const KIND_OF: Record<string, ImageKind> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const EXTENSION_OF: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** The event's mark as drawn: its version (> 0) and the overlay maker of that version. */
export interface Mark {
  version: number;
  overlay: MarkFor;
}

export type MarkablePhoto = Pick<PhotoRow, 'uuid' | 'blobKey' | 'mimeType' | 'redaction'>;

/** A stored copy: where it is kept, its size and CRC-32 (zips of known length). */
export interface StoredCopy {
  key: string;
  size: number;
  crc32: number;
}

/** A sponsor frame, as the copies need it. */
export interface FrameArt {
  file: string;
  png: Buffer;
  width: number;
  height: number;
  window: { x: number; y: number; width: number; height: number };
}

/** Sizes and CRC-32s of stored download copies this process has seen (a zip asks for many). */
const KNOWN_MAX = 20_000;

export class MarkedCopies {
  private readonly known = new Map<string, { size: number; crc32: number }>();
  private readonly making = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly blobs: BlobStores,
    private readonly blurred: BlurredCopies,
  ) {}

  /**
   * The marked download copy of the photo (in its original's format, full size), made and stored
   * when it is not there yet. Concurrent asks for one copy share one rendering.
   */
  async download(photo: MarkablePhoto, mark: Mark): Promise<StoredCopy> {
    const kind = KIND_OF[photo.mimeType] ?? 'jpeg';
    const key = markedDownloadKey(photo.uuid, mark.version, photo.redaction, EXTENSION_OF[kind]);
    const known = this.known.get(key);
    if (known && (await this.blobs.variants.has(key))) return { key, ...known };
    const bytes =
      (await this.blobs.variants.get(key)) ??
      (await this.once(key, async () =>
        renderDownloadCopy(
          await this.original(photo),
          kind,
          await this.hidden(photo),
          mark.overlay,
        ),
      ));
    const copy = { size: bytes.length, crc32: crc32(bytes) };
    if (this.known.size >= KNOWN_MAX) this.known.clear();
    this.known.set(key, copy);
    return { key, ...copy };
  }

  /**
   * The `watermark` job's work on one photo: the widths (WebP) with the event's current mark (or
   * none) made where they are missing, then the folders of `stale` versions removed. Returns how
   * many variants it made.
   */
  async refresh(
    photo: MarkablePhoto,
    mark: Mark | null,
    widths: readonly number[],
    stale: readonly number[],
  ): Promise<number> {
    const version = mark?.version ?? 0;
    const missing: number[] = [];
    for (const width of widths)
      if (
        !(await this.blobs.variants.has(
          variantKey(photo.uuid, width, 'webp', photo.redaction, version),
        ))
      )
        missing.push(width);
    if (missing.length > 0) {
      const rendered = await renderVariants(
        await this.original(photo),
        missing,
        'webp',
        await this.hidden(photo),
        mark?.overlay,
      );
      for (const [i, width] of missing.entries())
        await this.blobs.variants.put(
          variantKey(photo.uuid, width, 'webp', photo.redaction, version),
          rendered[i]!,
        );
    }
    for (const old of stale)
      if (old !== version) await this.blobs.variants.deletePrefix(markedPrefix(photo.uuid, old));
    return missing.length;
  }

  /**
   * The photo in a sponsor frame, as a JPEG of the frame's size: the photo (faces blurred; the
   * mark laid over it when the event marks downloads) covers the window, the frame lies over it.
   * Made once and stored.
   */
  async framed(photo: MarkablePhoto, frame: FrameArt, mark: Mark | null): Promise<Buffer> {
    const key = framedKey(photo.uuid, frame.file, mark?.version ?? 0, photo.redaction);
    const stored = await this.blobs.variants.get(key);
    if (stored) return stored;
    return this.once(key, async () => {
      const cover = await renderCover(
        await this.original(photo),
        frame.window.width,
        frame.window.height,
        await this.hidden(photo),
        mark?.overlay,
      );
      return renderFramed(cover, frame);
    });
  }

  /** Makes and stores the copy at `key` once, however many ask for it at the same time. */
  private once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    let pending = this.making.get(key);
    if (!pending) {
      pending = make()
        .then(async (bytes) => {
          await this.blobs.variants.put(key, bytes);
          return bytes;
        })
        .finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    return pending;
  }

  private hidden(photo: MarkablePhoto) {
    return photo.redaction > 0 ? this.blurred.boxes(photo.uuid) : Promise.resolve([]);
  }

  private async original(photo: MarkablePhoto): Promise<Buffer> {
    const original = await this.blobs.originals.get(photo.blobKey);
    if (!original)
      throw new Error(`Original of photo ${photo.uuid} is missing from the blob store`);
    return original;
  }
}
