import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MAX_PHOTO_PIXELS } from '@eventsite/contract';
import sharp from 'sharp';
import type { BlobStores } from '../adapters/blobs.js';
import { sniffImageKind } from '../adapters/images.js';
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

/**
 * Admin uploads: each file streams to the incoming store (never whole in memory), is checked
 * from its bytes (kind, pixel size from the header: a decompression bomb is refused without
 * decoding it), then an ingest job makes it a photo.
 */
export class UploadService {
  constructor(
    private readonly blobs: BlobStores,
    private readonly jobs: JobService,
    private readonly maxBytes: number,
  ) {}

  async accept(eventId: number, parts: AsyncIterable<UploadedPart>): Promise<UploadAnswer> {
    const answer: UploadAnswer = { accepted: [], refused: [] };
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
      const outcome = await this.acceptOne(eventId, filename, part.file);
      if ('reason' in outcome) answer.refused.push({ filename, reason: outcome.reason });
      else answer.accepted.push({ filename, ...outcome });
    }
    return answer;
  }

  private async acceptOne(
    eventId: number,
    filename: string,
    file: Readable & { truncated?: boolean },
  ): Promise<{ uuid: string; job_id: number } | { reason: string }> {
    const uuid = randomUUID();
    const incomingKey = `${eventId}/${uuid}`;
    const chunks: Buffer[] = [];
    let headLength = 0;
    const size = await this.blobs.incoming.putStream(
      incomingKey,
      (async function* () {
        for await (const chunk of file as AsyncIterable<Buffer>) {
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
      return refuse(`is larger than ${megabytes(this.maxBytes)}, the most accepted per file`);
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
    const pixels = dims.width * dims.height;
    if (pixels > MAX_PHOTO_PIXELS)
      return refuse(
        `is ${(pixels / 1e6).toFixed(1)} megapixels (${dims.width}x${dims.height}); the most accepted is ${MAX_PHOTO_PIXELS / 1e6} megapixels`,
      );
    const jobId = await this.jobs.enqueueIngest(eventId, { uuid, incomingKey, filename });
    return { uuid, job_id: jobId };
  }
}

/** Width and height from the header only: nothing is decoded. */
async function pixelSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    return { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}
