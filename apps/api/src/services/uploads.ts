import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MAX_PHOTO_PIXELS } from '@eventsite/contract';
import type { BlobStores } from '../adapters/blobs.js';
import { pixelSize, sniffImageKind, tooManyPixels } from '../adapters/images.js';
import { AppError } from '../errors.js';
import type { EventService } from './events.js';
import type { JobService } from './jobs.js';

/** A file part of a multipart upload, as @fastify/multipart gives it. */
export interface UploadedPart {
  fieldname: string;
  filename: string;
  file: Readable & { truncated?: boolean };
}

export interface UploadAnswer {
  accepted: Array<{ filename: string; uuid: string; job_id: number }>;
  refused: Array<{ filename: string; reason: string }>;
}

/** Bytes kept from the start of each file for recognising it: headers are well inside. */
const HEAD_BYTES = 512 * 1024;

function isHeic(head: Buffer): boolean {
  if (head.length < 12 || head.subarray(4, 8).toString('latin1') !== 'ftyp') return false;
  return /^(heic|heix|hevc|hevx|mif1|msf1|avif)$/.test(head.subarray(8, 12).toString('latin1'));
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export interface UploadLimits {
  /** Largest file (MAX_UPLOAD_BYTES). */
  maxBytes: number;
  /** Most bytes of one request, all files together (MAX_UPLOAD_REQUEST_BYTES). */
  maxRequestBytes?: number;
  /** Most bytes of originals an organiser may keep (ORGANISER_QUOTA_BYTES; 0: none). */
  organiserQuotaBytes?: number;
  /** Largest image in pixels (MAX_IMAGE_PIXELS). */
  maxPixels?: number;
}

/** Who uploads: the event must be this organiser's, and the files count against its quota. */
export interface UploadContext {
  organiserId: number;
}

/**
 * The files of an upload, or a function giving them: it is called only once the event is known
 * to be the organiser's, so that a request about another organiser's event is refused (404)
 * before its body is looked at.
 */
export type UploadedParts = AsyncIterable<UploadedPart> | (() => AsyncIterable<UploadedPart>);

/**
 * Admin uploads: each file streams to the incoming store (never whole in memory), is checked
 * from its bytes (kind, pixel size from the header: a decompression bomb is refused without
 * decoding it), then an ingest job makes it a photo. A request carries at most
 * maxRequestBytes, and an organiser keeps at most organiserQuotaBytes: files past either are
 * refused without being stored.
 */
export class UploadService {
  private readonly limits: Required<UploadLimits>;

  constructor(
    private readonly blobs: BlobStores,
    private readonly events: Pick<EventService, 'requireOwned'>,
    private readonly jobs: JobService,
    limits: UploadLimits,
    /** Bytes of originals the organiser already keeps. */
    private readonly organiserBytes: (organiserId: number) => Promise<number> = async () => 0,
  ) {
    this.limits = {
      maxBytes: limits.maxBytes,
      maxRequestBytes: limits.maxRequestBytes ?? Number.MAX_SAFE_INTEGER,
      organiserQuotaBytes: limits.organiserQuotaBytes ?? 0,
      maxPixels: limits.maxPixels ?? MAX_PHOTO_PIXELS,
    };
  }

  /**
   * Refuses (404) an upload into an event that is not the organiser's before any byte of it is
   * taken: a resumable upload asks this when it is created, and `accept` again when it is whole.
   */
  /**
   * Whether a resumable upload of `bytes` may start: the event is the organiser's, and the file
   * fits in its quota with the organiser's unfinished uploads (`parkedBytes`, their whole
   * declared lengths) counted as stored: uploads left unfinished do not hold room outside it.
   */
  async mayUpload(
    eventId: number,
    context: UploadContext,
    room: { bytes: number; parkedBytes: number } = { bytes: 0, parkedBytes: 0 },
  ): Promise<void> {
    await this.events.requireOwned(eventId, context.organiserId);
    const quota = this.limits.organiserQuotaBytes;
    if (quota <= 0) return;
    const kept = await this.organiserBytes(context.organiserId);
    if (kept + room.parkedBytes + room.bytes > quota)
      throw new AppError(
        413,
        `This file does not fit in the organiser's storage quota of ${megabytes(quota)}: ${megabytes(kept)} of photos are kept and ${megabytes(room.parkedBytes)} of unfinished uploads wait. Finish or cancel those uploads, delete photos, or ask the provider for more`,
      );
  }

  async accept(
    eventId: number,
    files: UploadedParts,
    context: UploadContext,
  ): Promise<UploadAnswer> {
    await this.events.requireOwned(eventId, context.organiserId);
    const parts = typeof files === 'function' ? files() : files;
    const answer: UploadAnswer = { accepted: [], refused: [] };
    const quota = this.limits.organiserQuotaBytes;
    // The room left: the request's own limit, and the organiser's quota less what it keeps.
    let requestLeft = this.limits.maxRequestBytes;
    let quotaLeft =
      quota > 0
        ? quota - (await this.organiserBytes(context.organiserId))
        : Number.MAX_SAFE_INTEGER;
    for await (const part of parts) {
      const filename = (part.filename || 'unnamed').slice(0, 255);
      if (part.fieldname !== 'file') {
        part.file.resume();
        answer.refused.push({
          filename,
          reason: `is in the field '${part.fieldname}': send photos as 'file' parts`,
        });
        continue;
      }
      const room = Math.min(requestLeft, quotaLeft);
      if (room <= 0) {
        part.file.resume();
        answer.refused.push({ filename, reason: this.noRoom(requestLeft, quotaLeft) });
        continue;
      }
      const outcome = await this.acceptOne(eventId, filename, part.file, room);
      if ('overRoom' in outcome) {
        // Nothing more fits: this file and the later ones are refused, and not stored.
        answer.refused.push({ filename, reason: this.noRoom(requestLeft, quotaLeft) });
        if (quotaLeft <= requestLeft) quotaLeft = 0;
        else requestLeft = 0;
      } else if ('reason' in outcome) {
        answer.refused.push({ filename, reason: outcome.reason });
      } else {
        answer.accepted.push({ filename, uuid: outcome.uuid, job_id: outcome.job_id });
        requestLeft -= outcome.size;
        quotaLeft -= outcome.size;
      }
    }
    return answer;
  }

  private noRoom(requestLeft: number, quotaLeft: number): string {
    return quotaLeft <= requestLeft
      ? `does not fit in the organiser's storage quota of ${megabytes(this.limits.organiserQuotaBytes)}: delete photos or ask the provider for more`
      : `is past the ${megabytes(this.limits.maxRequestBytes)} one request may carry: send it in another request`;
  }

  private async acceptOne(
    eventId: number,
    filename: string,
    file: Readable & { truncated?: boolean },
    room: number,
  ): Promise<
    { uuid: string; job_id: number; size: number } | { reason: string } | { overRoom: true }
  > {
    const uuid = randomUUID();
    const incomingKey = `${eventId}/${uuid}`;
    const chunks: Buffer[] = [];
    let headLength = 0;
    let received = 0;
    const size = await this.blobs.incoming.putStream(
      incomingKey,
      (async function* () {
        for await (const chunk of file as AsyncIterable<Buffer>) {
          received += chunk.length;
          // Past the room left, the rest is read and dropped: nothing more is stored.
          if (received > room) continue;
          if (headLength < HEAD_BYTES) {
            chunks.push(chunk);
            headLength += chunk.length;
          }
          yield chunk;
        }
      })(),
    );
    const refuse = async (reason: string) => {
      await this.blobs.incoming.delete(incomingKey);
      return { reason };
    };
    if (file.truncated)
      return refuse(
        `is larger than ${megabytes(this.limits.maxBytes)}, the most accepted per file`,
      );
    if (received > room) {
      await this.blobs.incoming.delete(incomingKey);
      return { overRoom: true as const };
    }
    if (size === 0) return refuse('is empty');
    const head = Buffer.concat(chunks);
    const kind = sniffImageKind(head);
    if (!kind) {
      if (isHeic(head))
        return refuse('is a HEIC/AVIF image, which is not accepted: export it as JPEG');
      return refuse('is not a JPEG, PNG or WebP image');
    }
    let dims: { width: number; height: number } | null = await pixelSize(head);
    if (!dims && size > head.length) {
      const whole = await this.blobs.incoming.get(incomingKey);
      dims = whole ? await pixelSize(whole) : null;
    }
    if (!dims) return refuse(`cannot be read as ${kind.toUpperCase()}`);
    if (dims.width * dims.height > this.limits.maxPixels)
      return refuse(tooManyPixels(dims.width, dims.height, this.limits.maxPixels));
    const jobId = await this.jobs.enqueueIngest(eventId, { uuid, incomingKey, filename });
    return { uuid, job_id: jobId, size };
  }
}
