import { crc32 } from 'node:zlib';
import type { Readable } from 'node:stream';
import { type DownloadRequest, MAX_ZIP_PHOTOS } from '@eventsite/contract';
import type { BlobStores } from '../adapters/blobs.js';
import { planZip, type ZipEntry } from '../adapters/zip/zip-stream.js';
import { AppError, badRequest } from '../errors.js';
import type { BlurredCopies } from './blurred-copies.js';
import type { MarkedCopies } from './marked-copies.js';
import type { MarkSource } from './watermarks.js';
import type { PhotoRepository, ZipPhotoRow } from '../repositories/photos.js';
import { photosConfigOf } from './event-config.js';
import type { EventService } from './events.js';
import { PRIVATE_GALLERY_MESSAGE } from './photos.js';
import { eventSlug } from './urls.js';

export const BULK_DOWNLOAD_OFF_MESSAGE =
  'Downloads of several photos are turned off for this event.';

const EXTENSION_OF: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export interface ZipDownload {
  filename: string;
  length: number;
  count: number;
  stream(): Readable;
}

/** Zips of originals: stored, exact length known before the first byte, one file open at a time. */
export class DownloadService {
  constructor(
    private readonly photos: PhotoRepository,
    private readonly events: EventService,
    private readonly blobs: BlobStores,
    /** Photos with hidden faces go in the zip as their blurred copies. */
    private readonly blurred: BlurredCopies,
    /** When the event marks its downloads, the photos go in as their marked copies. */
    private readonly marks: MarkSource,
    private readonly copies: MarkedCopies,
  ) {}

  async zip(eventId: number, request: DownloadRequest, appDomain?: string): Promise<ZipDownload> {
    const event = await this.events.requirePublished(eventId, appDomain);
    const flags = photosConfigOf(event).feature_flag;
    const all = 'all' in request;
    let rows: ZipPhotoRow[];
    if (all) {
      if (!flags.bulk_download) throw new AppError(403, BULK_DOWNLOAD_OFF_MESSAGE);
      if (!flags.show_all_images) throw new AppError(403, PRIVATE_GALLERY_MESSAGE);
      rows = await this.photos.forZip(eventId, 'all', MAX_ZIP_PHOTOS + 1);
      if (rows.length > MAX_ZIP_PHOTOS)
        throw badRequest(
          `This event has more than ${MAX_ZIP_PHOTOS} photos: select at most ${MAX_ZIP_PHOTOS} to download them as one zip.`,
        );
      if (rows.length === 0) throw badRequest('This event has no photos to download yet.');
    } else {
      const ids = [...new Set(request.photo_ids.map((id) => id.toLowerCase()))];
      if (ids.length > 1 && !flags.bulk_download)
        throw new AppError(403, BULK_DOWNLOAD_OFF_MESSAGE);
      rows = await this.photos.forZip(eventId, ids, MAX_ZIP_PHOTOS);
      const missing = ids.length - rows.length;
      if (missing > 0)
        throw badRequest(
          `${missing} of the ${ids.length} selected photos ${missing === 1 ? 'was' : 'were'} not found in this event.`,
        );
    }
    const slug = eventSlug(event.name, event.id);
    const state = await this.marks.current(eventId);
    const mark =
      state.version > 0 && state.onDownloads
        ? { version: state.version, overlay: this.marks.overlay(eventId, state.version) }
        : null;
    const width = Math.max(4, String(rows.length).length);
    // The blurred or marked copies, made now where no job has made them yet (a few at a time):
    // their sizes and CRC-32s are known before the zip's first byte, as an original's are.
    const copies = await madeInParallel(
      rows.filter((row) => row.redaction > 0 || mark),
      (row) => (mark ? this.copies.download(row, mark) : this.blurred.download(row)),
    );
    const entries: ZipEntry[] = [];
    for (const [i, row] of rows.entries()) {
      const name = `${slug}-${String(i + 1).padStart(width, '0')}.${EXTENSION_OF[row.mimeType] ?? 'jpg'}`;
      const copy = copies.get(row);
      if (copy) {
        entries.push({
          name,
          size: copy.size,
          crc32: copy.crc32,
          modified: row.sortAt,
          open: () => this.blobs.variants.openRead(copy.key),
          read: () => this.blobs.variants.get(copy.key, copy.size),
        });
        continue;
      }
      entries.push({
        name,
        size: row.byteSize,
        crc32: row.crc32 ?? (await this.backfillCrc(row)),
        modified: row.sortAt,
        open: () => this.blobs.originals.openRead(row.blobKey),
        read: () => this.blobs.originals.get(row.blobKey, row.byteSize),
      });
    }
    const plan = planZip(entries);
    return {
      filename: `${slug}-photos.zip`,
      length: plan.length,
      count: entries.length,
      stream: () => plan.stream(),
    };
  }

  /** Photos imported before CRC-32s were kept: computed once, streaming, then stored. */
  private async backfillCrc(row: ZipPhotoRow): Promise<number> {
    let value = 0;
    for await (const chunk of this.blobs.originals.openRead(row.blobKey) as AsyncIterable<Buffer>)
      value = crc32(chunk, value);
    await this.photos.setCrc32(row.uuid, value);
    return value;
  }
}

/** How many copies a zip makes at once: one per core of a small machine. */
const COPIES_AT_ONCE = 2;

/** `make` of each item, COPIES_AT_ONCE at a time, by item. */
async function madeInParallel<T, R>(
  items: readonly T[],
  make: (item: T) => Promise<R>,
): Promise<Map<T, R>> {
  const made = new Map<T, R>();
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      made.set(item, await make(item));
    }
  };
  await Promise.all(Array.from({ length: Math.min(COPIES_AT_ONCE, items.length) }, worker));
  return made;
}
