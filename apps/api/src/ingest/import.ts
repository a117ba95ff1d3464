/**
 * A direct import (the demo, tests, the CLI's checksums): many files made into photos at once,
 * through the same step as the `ingest` job (ingest/photo.ts) but without a queue, and without
 * rendering variants (they are made on first request).
 */
import { randomUUID } from 'node:crypto';
import { UnusableImageError } from '../adapters/images.js';
import type { PhotoRepository } from '../repositories/photos.js';
import type { EventService } from '../services/events.js';
import type { ImportResult, PhotoMaker } from './photo.js';

export type { ImportResult } from './photo.js';

export interface ImportSource {
  /** Shown in messages: a file name. */
  name: string;
  read(): Promise<Buffer>;
}

export interface ImportSummary {
  imported: number;
  skipped: number;
  failed: number;
  results: ImportResult[];
}

export class ImportService {
  constructor(
    private readonly photos: PhotoRepository,
    private readonly events: EventService,
    private readonly maker: PhotoMaker,
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

  /** The photo of the event with these bytes (sha256, hex), if there is one. */
  async duplicateOf(eventId: number, checksum: string): Promise<string | undefined> {
    return (await this.photos.findByChecksum(eventId, checksum))?.uuid;
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
      return await this.maker.make(eventId, name, await source.read(), uuid, known);
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
}
