import type { BlobEntry, BlobStore, BlobStores } from '../adapters/blobs.js';
import type { MaintenanceRepository } from '../repositories/maintenance.js';

export interface SweepOptions {
  /**
   * Files changed more recently than this are left alone: another process on the same database
   * may be between writing one and recording it. 0 where one process owns the data (PGlite).
   */
  minAgeMs: number;
  /** Finished and failed job rows older than this many days are removed. */
  jobRetentionDays: number;
  now?: Date;
}

export interface SweepReport {
  /** Uploaded files no job will read (a crash between storing and queueing, or a failed job). */
  incoming: number;
  /** Originals no photo row names (a crash between storing and recording). */
  originals: number;
  /** Variants of photos that no longer exist. */
  variants: number;
  /** Writes a crash left unfinished, in any store. */
  partial: number;
  /** Job rows past their retention. */
  jobs: number;
}

/**
 * The start-up sweep: what a crash or a failed job left behind is removed before the worker
 * starts. Every file kept is one a photo row or a waiting job names.
 */
export class SweepService {
  constructor(
    private readonly blobs: BlobStores,
    private readonly maintenance: MaintenanceRepository,
  ) {}

  async run(options: SweepOptions): Promise<SweepReport> {
    const now = options.now ?? new Date();
    const settled = (entry: BlobEntry) => now.getTime() - entry.modifiedMs >= options.minAgeMs;
    const report: SweepReport = { incoming: 0, originals: 0, variants: 0, partial: 0, jobs: 0 };
    const sweep = async (
      store: BlobStore,
      wanted: (entry: BlobEntry) => boolean,
      counter: 'incoming' | 'originals' | 'variants',
    ) => {
      for (const entry of await store.list()) {
        if (!settled(entry)) continue;
        if (entry.partial) {
          await store.remove(entry);
          report.partial += 1;
        } else if (!wanted(entry)) {
          await store.remove(entry);
          report[counter] += 1;
        }
      }
    };
    const pending = await this.maintenance.pendingIncomingKeys();
    await sweep(this.blobs.incoming, (e) => pending.has(e.key), 'incoming');
    const originals = await this.maintenance.photoBlobKeys();
    await sweep(this.blobs.originals, (e) => originals.has(e.key), 'originals');
    // Variants live under `{uuid}/`; organisers' logos under `organiser-logos/`, events'
    // banners under `event-banners/{eventId}/` (branding.ts), watermark images and sponsor
    // frames under `event-watermarks/{eventId}/` and `event-frames/{eventId}/`: a deleted event's go.
    const uuids = await this.maintenance.photoUuids();
    const eventIds = await this.maintenance.eventIds();
    await sweep(
      this.blobs.variants,
      (e) =>
        uuids.has(e.key.split('/')[0]!) ||
        e.key.startsWith('organiser-logos/') ||
        (/^event-(banners|watermarks|frames)\//.test(e.key) && eventIds.has(e.key.split('/')[1]!)),
      'variants',
    );
    const cutoff = new Date(now.getTime() - options.jobRetentionDays * 24 * 60 * 60 * 1000);
    report.jobs = await this.maintenance.deleteFinishedJobs(cutoff);
    return report;
  }
}
