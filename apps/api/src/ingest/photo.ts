/**
 * Step 1 of a photo's ingest, the `ingest` job: an uploaded file waiting in the incoming store
 * becomes a listed photo. In order: the bytes are checked (sha256, probe), the original is
 * stored, the display variants are rendered, the row is inserted (the photo is listed), the next
 * steps are queued (ingest/order.ts) and the incoming file is removed.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { BlobStores } from '../adapters/blobs.js';
import { EXTENSIONS, MIME_TYPES, probeImage, UnusableImageError } from '../adapters/images.js';
import { type JobHandler } from '../adapters/jobs/worker.js';
import { PermanentJobError } from '../adapters/jobs/types.js';
import type { EventRepository } from '../repositories/events.js';
import { EventGoneError, type PhotoRepository } from '../repositories/photos.js';
import { photosConfigOf } from '../services/event-config.js';
import type { JobService } from '../services/jobs.js';
import { afterPhoto } from './order.js';

export type ImportResult =
  | { name: string; status: 'imported'; uuid: string; width: number; height: number }
  | { name: string; status: 'skipped'; reason: string }
  | { name: string; status: 'failed'; reason: string };

/** Renders the display variants served first (the photo service's `prerender`). */
export interface VariantRenderer {
  prerender(uuid: string, original: Buffer, eventId: number): Promise<void>;
}

export interface MakePhotoOptions {
  /**
   * Render the display variants before the photo is listed: when that fails, no row is made and
   * the original is removed. The `ingest` job does; a direct import leaves them to first request.
   */
  variants?: boolean;
  /** When the file was accepted: the photo's place in its gallery when it has no capture time (default now). */
  acceptedAt?: Date;
}

/** Makes photos of bytes: the work of the `ingest` job, shared with the direct import (ingest/import.ts). */
/**
 * The name the console shows for a photo: the file's own name as uploaded or imported (a folder
 * upload's path is kept, it says where the photo came from), without control characters, at most
 * 255 characters; null when nothing is left.
 */
export function originalNameOf(name: string): string | null {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? clean.slice(0, 255) : null;
}

export class PhotoMaker {
  constructor(
    private readonly photos: PhotoRepository,
    private readonly blobs: BlobStores,
    private readonly variants: VariantRenderer,
    /** The largest image accepted (MAX_IMAGE_PIXELS): each is decoded whole once. */
    private readonly maxPixels?: number,
  ) {}

  /**
   * Makes a photo of these bytes with the given id; throws UnusableImageError for a file that can
   * never become one. Idempotent: run again with the same id (after a crash between storing and
   * reporting), it reports the photo it made; with other bytes already in the event, 'skipped'.
   * `known` holds checksums already in the event, to skip without decoding.
   */
  async make(
    eventId: number,
    name: string,
    bytes: Buffer,
    uuid: string,
    known: Set<string> = new Set(),
    options: MakePhotoOptions = {},
  ): Promise<ImportResult> {
    const checksum = createHash('sha256').update(bytes).digest('hex');
    if (known.has(checksum)) return { name, status: 'skipped', reason: 'already imported' };
    // No look-up first: the insert's conflict on (event, checksum) finds a photo made of these
    // bytes before, or at the same time (one statement less per photo; a duplicate costs a probe).
    const probed = await probeImage(bytes, this.maxPixels);
    const blobKey = `${eventId}/${uuid}.${EXTENSIONS[probed.kind]}`;
    await this.blobs.originals.put(blobKey, bytes);
    // What the photo needs to be served is made before its row: a listed photo can be shown.
    if (options.variants) {
      try {
        await this.variants.prerender(uuid, bytes, eventId);
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
        sortAt: probed.capturedAt ?? options.acceptedAt ?? new Date(),
        checksum,
        byteSize: bytes.length,
        mimeType: MIME_TYPES[probed.kind],
        blobKey,
        placeholder: probed.placeholder,
        crc32: crc32(bytes),
        originalName: originalNameOf(name),
      });
    } catch (error) {
      await this.blobs.originals.delete(blobKey);
      if (options.variants) await this.blobs.variants.deletePrefix(uuid);
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
      if (options.variants) await this.blobs.variants.deletePrefix(uuid);
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

export interface PhotoStepDeps {
  blobs: BlobStores;
  events: EventRepository;
  photos: PhotoRepository;
  maker: PhotoMaker;
  jobs: JobService;
  /** Bib OCR is on: each photo is read. */
  ocr: boolean;
  /** Face detection is on: photos of events with selfie search are described. */
  faces: boolean;
}

/** The `ingest` job. Idempotent: it may run again after a crash or a retry. */
export function photoStep(deps: PhotoStepDeps): JobHandler<'ingest'> {
  return async ({ eventId, uuid, incomingKey, filename, acceptedAt }) => {
    // No look-up of the event first: its jobs go with it when it is deleted, and one deleted
    // while this job runs is caught by the photo's insert (EventGoneError).
    const bytes = await deps.blobs.incoming.get(incomingKey);
    if (!bytes) {
      // Done before a crash, between making the photo and reporting it?
      const made = await deps.photos.findByUuid(uuid);
      if (made) return { uuid };
      throw new PermanentJobError(`${filename}: the uploaded file is gone`);
    }
    let result;
    try {
      const accepted = acceptedAt ? new Date(acceptedAt) : undefined;
      result = await deps.maker.make(eventId, filename, bytes, uuid, new Set(), {
        variants: true,
        ...(accepted && !Number.isNaN(accepted.getTime()) ? { acceptedAt: accepted } : {}),
      });
    } catch (error) {
      if (error instanceof UnusableImageError) {
        await deps.blobs.incoming.delete(incomingKey);
        throw new PermanentJobError(error.message);
      }
      if (error instanceof EventGoneError) {
        await deps.blobs.incoming.delete(incomingKey);
        return { skipped: 'the event was deleted' };
      }
      throw error;
    }
    if (result.status === 'failed') throw new Error(`${filename}: ${result.reason}`);
    if (result.status === 'skipped') {
      await deps.blobs.incoming.delete(incomingKey);
      return { skipped: result.reason };
    }
    const event = deps.faces ? await deps.events.findById(eventId) : undefined;
    const config = event ? photosConfigOf(event) : undefined;
    const next = afterPhoto(eventId, uuid, {
      ocr: deps.ocr,
      faces: config?.feature_flag.selfie_search ?? false,
      runnersOnly: config?.selfie_config.indexed_faces === 'runners',
    });
    if (next.length > 0) await deps.jobs.enqueue(next);
    await deps.blobs.incoming.delete(incomingKey);
    return { uuid };
  };
}
