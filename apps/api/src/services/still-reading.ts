import { LRUCache } from 'lru-cache';
import type { ReadingFor } from '../repositories/photo-progress.js';

/**
 * How long a count of the photos still being read is reused: searches come in bursts on race
 * day, and the count only needs to say "more may come".
 */
export const STILL_READING_TTL_MS = 2_000;

/**
 * "Still indexing (N left)": how many of an event's photos a visitor's search cannot find yet,
 * told beside a bib, name or selfie search's answer so that "nothing found" is never said of
 * photos that are only waiting to be read. Counted per event and kind, kept for a moment.
 */
export class StillReading {
  private readonly counts = new LRUCache<string, number>({
    max: 5_000,
    ttl: STILL_READING_TTL_MS,
    // The clock read at each look-up: a count is never kept past its time, however busy the loop.
    ttlResolution: 0,
  });

  constructor(
    private readonly progress: { stillReading(eventId: number, kind: ReadingFor): Promise<number> },
  ) {}

  /** The answer's `still_reading`: the count, or nothing when every photo is read. */
  async of(eventId: number, kind: ReadingFor): Promise<{ still_reading?: number }> {
    const key = `${eventId}:${kind}`;
    let n = this.counts.get(key);
    if (n === undefined) {
      n = await this.progress.stillReading(eventId, kind);
      this.counts.set(key, n);
    }
    return n > 0 ? { still_reading: n } : {};
  }
}
