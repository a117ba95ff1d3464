import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * A short-lived, server-side stash for the console's multi-step forms: an uploaded results file
 * between its upload, its preview and its import; an import's report; a form's values as typed
 * when the API refused them. In this site process's memory (one process serves the console,
 * docs/console.md): a restart loses it, and the screen then asks for the file again. Each entry
 * belongs to the session that made it (only a session the API knows: `act.ts` asks it first),
 * lives STASH_TTL_MS, and the whole stash is bounded by the bytes its values hold (lru-cache's
 * maxSize: the least recently used go first).
 */

export const STASH_TTL_MS = 30 * 60 * 1000;
export const STASH_MAX_BYTES = 64 * 1024 * 1024;
export const STASH_MAX_ENTRIES = 200;

interface Entry {
  owner: string;
  kind: string;
  value: unknown;
}

const ID = /^[A-Za-z0-9_-]{22}$/;
/** What an entry costs besides its value: its id, owner hash, kind and the cache's own nodes. */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * The bytes a value holds in memory, about: a string's UTF-16 code units at 2 bytes, a byte
 * array's length, 8 for a number or boolean, and the sum over an object's keys and values.
 */
export function bytesOf(value: unknown, seen = new Set<object>()): number {
  if (typeof value === 'string') return value.length * 2;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return 8;
  if (value === null || typeof value !== 'object') return 0;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (seen.has(value)) return 0;
  seen.add(value);
  let total = 16;
  for (const [key, item] of Object.entries(value)) total += key.length * 2 + bytesOf(item, seen);
  return total;
}

export class Stash {
  private readonly entries: LRUCache<string, Entry>;

  constructor(now: () => number = Date.now) {
    this.entries = new LRUCache<string, Entry>({
      max: STASH_MAX_ENTRIES,
      maxSize: STASH_MAX_BYTES,
      // A value larger than the whole stash is refused by put (never stored).
      maxEntrySize: STASH_MAX_BYTES,
      sizeCalculation: (entry) => ENTRY_OVERHEAD_BYTES + bytesOf(entry.value),
      ttl: STASH_TTL_MS,
      // The clock read on every look-up (a few entries: no need to cache it).
      ttlResolution: 0,
      perf: { now },
    });
  }

  /**
   * Keeps `value` for the session; the id to name it in a URL or a form. Null when the value
   * alone is larger than the whole stash.
   */
  put(session: string, kind: string, value: unknown): string | null {
    const id = randomBytes(16).toString('base64url');
    this.entries.set(id, { owner: ownerOf(session), kind, value });
    return this.entries.has(id) ? id : null;
  }

  /** The value, if it exists, is of this kind, has not expired and is this session's. */
  get<T>(session: string, kind: string, id: unknown): T | null {
    if (typeof id !== 'string' || !ID.test(id)) return null;
    const entry = this.entries.get(id);
    if (!entry || entry.kind !== kind || entry.owner !== ownerOf(session)) return null;
    return entry.value as T;
  }

  drop(id: string): void {
    this.entries.delete(id);
  }

  /** The bytes held now, as the bound counts them. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

function ownerOf(session: string): string {
  return createHash('sha256').update(session).digest('hex');
}

const GLOBAL_KEY = Symbol.for('eventsite.console.stash');

/** The site process's one stash (kept on globalThis: every route's bundle shares it). */
export function consoleStash(): Stash {
  const holder = globalThis as unknown as Record<symbol, Stash | undefined>;
  holder[GLOBAL_KEY] ??= new Stash();
  return holder[GLOBAL_KEY];
}
