import { createHash, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { BlobStores } from '../adapters/blobs.js';
import { EXTENSIONS, MIME_TYPES, probeImage, UnusableImageError } from '../adapters/images.js';
import type { PhotoRepository } from '../repositories/photos.js';
import type { EventService } from './events.js';

export interface ImportSource {
  /** Shown in messages: a file name. */
  name: string;
  read(): Promise<Buffer>;
}

export type ImportResult =
  | { name: string; status: 'imported'; uuid: string; width: number; height: number }
  | { name: string; status: 'skipped'; reason: string }
  | { name: string; status: 'failed'; reason: string };

export interface ImportSummary {
  imported: number;
  skipped: number;
  failed: number;
  results: ImportResult[];
}

export interface IngestOptions {
  /**
   * Work that must be done before the photo is listed (its display variants): when it fails, no
   * row is made and the original is removed.
   */
  beforeListing?: (uuid: string, bytes: Buffer) => Promise<void>;
}

export class ImportService {
  constructor(
    private readonly photos: PhotoRepository,
    private readonly events: EventService,
    private readonly blobs: BlobStores,
    /** The largest image accepted (MAX_IMAGE_PIXELS): each is decoded whole once. */
    private readonly maxPixels?: number,
  ) {}

  /**
   * Imports photos into an event. Idempotent: a file already in the event (same sha256) is skipped.
   * Resumable: the original is written first, then its row; a run interrupted between the two
   * leaves an unreferenced blob, never a row without its original.
   */
  async importAll(
    eventId: number,
    sources: ImportSource[],
    options: { concurrency?: number; onResult?: (result: ImportResult) => void } = {},
  ): Promise<ImportSummary> {
    await this.events.require(eventId);
    const known = await this.photos.checksumsOf(eventId);
    const results: ImportResult[] = new Array(sources.length);
    let next = 0;
    const worker = async () => {
      while (next < sources.length) {
        const index = next++;
        const source = sources[index]!;
        const result = await this.importOne(eventId, source, known);
        results[index] = result;
        options.onResult?.(result);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 3) }, worker));
    return {
      imported: results.filter((r) => r.status === 'imported').length,
      skipped: results.filter((r) => r.status === 'skipped').length,
      failed: results.filter((r) => r.status === 'failed').length,
      results,
    };
  }

  /** The sha256 of every photo already in the event (the CLI skips those files before copying). */
  checksumsOf(eventId: number): Promise<Set<string>> {
    return this.photos.checksumsOf(eventId);
  }

  /** Imports one photo; `known` holds checksums already in the event, to skip without decoding. */
  async importOne(
    eventId: number,
    source: ImportSource,
    known: Set<string> = new Set(),
    uuid: string = randomUUID(),
  ): Promise<ImportResult> {
    const name = source.name;
    try {
      return await this.ingest(eventId, name, await source.read(), uuid, known);
    } catch (error) {
      if (error instanceof UnusableImageError)
        return { name, status: 'failed', reason: error.message };
      return {
        name,
        status: 'failed',
        reason: `could not be imported: ${(error as Error).message}`,
      };
    }
  }

  /**
   * Makes a photo of these bytes with the given id; throws UnusableImageError for a file that can
   * never become one. Idempotent: run again with the same id (after a crash between storing and
   * reporting), it reports the photo it made; with other bytes already in the event, 'skipped'.
   */
  async ingest(
    eventId: number,
    name: string,
    bytes: Buffer,
    uuid: string,
    known: Set<string> = new Set(),
    options: IngestOptions = {},
  ): Promise<ImportResult> {
    const checksum = createHash('sha256').update(bytes).digest('hex');
    if (known.has(checksum)) return { name, status: 'skipped', reason: 'already imported' };
    // No look-up first: the insert's conflict on (event, checksum) finds a photo made of these
    // bytes before, or at the same time (one statement less per photo; a duplicate costs a probe).
    const probed = await probeImage(bytes, this.maxPixels);
    const blobKey = `${eventId}/${uuid}.${EXTENSIONS[probed.kind]}`;
    await this.blobs.originals.put(blobKey, bytes);
    // What the photo needs to be served is made before its row: a listed photo can be shown.
    if (options.beforeListing) {
      try {
        await options.beforeListing(uuid, bytes);
      } catch (error) {
        await this.blobs.originals.delete(blobKey);
        await this.blobs.variants.deletePrefix(uuid);
        // A file-system error may pass (a retry); an image the encoder refuses will not.
        if ((error as NodeJS.ErrnoException)?.code !== undefined) throw error;
        throw new UnusableImageError(
          `cannot be made into display sizes: ${String((error as Error)?.message ?? error).split('\n')[0]}`,
        );
      }
    }
    let inserted: boolean;
    try {
      inserted = await this.photos.insertUnlessDuplicate({
        uuid,
        eventId,
        width: probed.width,
        height: probed.height,
        capturedAt: probed.capturedAt,
        sortAt: probed.capturedAt ?? new Date(),
        checksum,
        byteSize: bytes.length,
        mimeType: MIME_TYPES[probed.kind],
        blobKey,
        placeholder: probed.placeholder,
        crc32: crc32(bytes),
      });
    } catch (error) {
      await this.blobs.originals.delete(blobKey);
      if (options.beforeListing) await this.blobs.variants.deletePrefix(uuid);
      throw error;
    }
    if (!inserted) {
      known.add(checksum);
      const existing = await this.photos.findByChecksum(eventId, checksum);
      // The same job again (after a crash between making the photo and reporting it): its photo.
      if (existing?.uuid === uuid)
        return { name, status: 'imported', uuid, width: existing.width, height: existing.height };
      // Another photo has these bytes: keep it, drop this copy.
      await this.blobs.originals.delete(blobKey);
      if (options.beforeListing) await this.blobs.variants.deletePrefix(uuid);
      return {
        name,
        status: 'skipped',
        reason: existing ? `already imported as ${existing.uuid}` : 'already imported',
      };
    }
    known.add(checksum);
    return { name, status: 'imported', uuid, width: probed.width, height: probed.height };
  }
}
