import { Signal } from './signal.js';

/**
 * How long a serialised public answer is reused. A change made through this process clears the
 * cache at once ({@link AnswerCache.clear}); a change made by another process (the CLI, or a second
 * API on the same PostgreSQL) shows once this has passed and the refresh it starts has run, and
 * never later than STALE_FACTOR times this (10 s).
 */
export const ANSWER_TTL_MS = 2_000;
/**
 * An answer past its time to live but younger than this is still sent while one refresh runs in
 * the background (stale-while-revalidate), so visitors never queue behind the refresh.
 */
const STALE_FACTOR = 5;
/** Keys are bounded (the origin comes from the Host header): past this the cache starts afresh. */
const MAX_ANSWERS = 2_000;

/**
 * The serialised JSON of public answers that are the same for every visitor (organiser data,
 * all events, contact us, about us, event config), kept for a short time. Concurrent misses of a
 * key share one computation; failures are never kept, so a bad request answers its error each
 * time. Callers put everything that shapes the body in the key.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { body: string; until: number }>();
  private readonly inFlight = new Map<string, Promise<string>>();
  /** Bumped by clear(): a computation that started before a change is neither kept nor shared. */
  private generation = 0;

  constructor(private readonly ttlMs = ANSWER_TTL_MS) {}

  /** The cached body of `key`, else the one `produce` makes (shared by concurrent callers). */
  get(key: string, produce: () => Promise<string>): string | Promise<string> {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      const now = Date.now();
      if (hit.until > now) return hit.body;
      if (hit.until + this.ttlMs * (STALE_FACTOR - 1) > now) {
        // Stale: sent as it is while one refresh runs; a failed refresh drops it.
        if (!this.inFlight.has(key))
          this.compute(key, produce).catch(() => {
            if (this.entries.get(key) === hit) this.entries.delete(key);
          });
        return hit.body;
      }
      this.entries.delete(key);
    }
    return this.inFlight.get(key) ?? this.compute(key, produce);
  }

  private compute(key: string, produce: () => Promise<string>): Promise<string> {
    const generation = this.generation;
    const computing = produce().then(
      (body) => {
        if (this.generation === generation) {
          this.inFlight.delete(key);
          if (this.ttlMs > 0) {
            if (this.entries.size >= MAX_ANSWERS) this.entries.clear();
            this.entries.set(key, { body, until: Date.now() + this.ttlMs });
          }
        }
        return body;
      },
      (error: unknown) => {
        if (this.generation === generation) this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, computing);
    return computing;
  }

  /** Told after a change here cleared the cache (other processes hear of it: shared-changes.ts). */
  readonly cleared = new Signal();

  /** Drops every answer: called by the change hooks (events, organisers, photos). */
  clear(): void {
    this.drop();
    this.cleared.emit();
  }

  /** Drops every answer for a change made elsewhere (another process's): nobody is told. */
  drop(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
