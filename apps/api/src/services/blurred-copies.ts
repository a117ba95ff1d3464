/**
 * The blurred copies of a photo with hidden faces ("Hide me everywhere"): its display variants
 * and the copy served for download in its original's place. The original itself is never changed.
 */
import { crc32 } from 'node:zlib';
import type { BlobStores } from '../adapters/blobs.js';
import {
  type ImageKind,
  renderBlurredOriginal,
  renderVariants,
  type BlurBox,
} from '../adapters/images.js';
import type { MarkFor } from '../adapters/watermark.js';
import type { HideRepository } from '../repositories/hides.js';
import type { PhotoRow } from '../repositories/photos.js';
import { blurredOriginalKey, variantKey } from './photo-files.js';

const KIND_OF: Record<string, ImageKind> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const EXTENSION_OF: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

export type BlurrablePhoto = Pick<
  PhotoRow,
  'uuid' | 'blobKey' | 'mimeType' | 'redaction' | 'redactedSize' | 'redactedCrc32'
>;

/** The blurred download copy: where it is kept, its size and CRC-32 (for zips of known length). */
export interface BlurredCopy {
  key: string;
  size: number;
  crc32: number;
}

export class BlurredCopies {
  constructor(
    private readonly hides: HideRepository,
    private readonly blobs: BlobStores,
  ) {}

  /** The faces to blur on the photo. */
  boxes(uuid: string): Promise<BlurBox[]> {
    return this.hides.boxesOf(uuid);
  }

  /**
   * The blurred copy of the photo's current redaction, made and stored (variants store, under
   * the photo's prefix) when it is not there yet; its size and CRC-32 are kept on the photo.
   */
  async download(photo: BlurrablePhoto): Promise<BlurredCopy> {
    const kind = KIND_OF[photo.mimeType] ?? 'jpeg';
    const key = blurredOriginalKey(photo.uuid, photo.redaction, EXTENSION_OF[kind]);
    if (
      photo.redactedSize !== null &&
      photo.redactedCrc32 !== null &&
      (await this.blobs.variants.has(key))
    )
      return { key, size: photo.redactedSize, crc32: photo.redactedCrc32 };
    const bytes = await renderBlurredOriginal(
      await this.original(photo),
      kind,
      await this.boxes(photo.uuid),
    );
    await this.blobs.variants.put(key, bytes);
    const copy = { key, size: bytes.length, crc32: crc32(bytes) };
    await this.hides.setBlurredCopy(photo.uuid, photo.redaction, copy.size, copy.crc32);
    return copy;
  }

  /**
   * Makes the photo's blurred copies again after a hide (the `redact` job): every stored copy of
   * the photo goes first (unblurred ones included), then the widths given and the download copy
   * are made blurred.
   */
  async rebuild(
    photo: BlurrablePhoto,
    widths: readonly number[],
    /** The event's watermark, laid over the widths made (services/marked-copies.ts). */
    mark: { version: number; overlay: MarkFor } | null = null,
  ): Promise<void> {
    await this.blobs.variants.deletePrefix(photo.uuid);
    const boxes = await this.boxes(photo.uuid);
    const original = await this.original(photo);
    const rendered = await renderVariants(original, widths, 'webp', boxes, mark?.overlay);
    for (const [i, width] of widths.entries())
      await this.blobs.variants.put(
        variantKey(photo.uuid, width, 'webp', photo.redaction, mark?.version ?? 0),
        rendered[i]!,
      );
    await this.download({ ...photo, redactedSize: null, redactedCrc32: null });
  }

  private async original(photo: BlurrablePhoto): Promise<Buffer> {
    const original = await this.blobs.originals.get(photo.blobKey);
    if (!original)
      throw new Error(`Original of photo ${photo.uuid} is missing from the blob store`);
    return original;
  }
}
