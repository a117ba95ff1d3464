import { createHash, randomBytes } from 'node:crypto';

/**
 * A short-lived, server-side stash for the console's multi-step forms: an uploaded results file
 * between its upload, its preview and its import; an import's report; a form's values as typed
 * when the API refused them. In this site process's memory (one process serves the console,
 * docs/console.md): a restart loses it, and the screen then asks for the file again. Each entry
 * belongs to the session that made it, lives STASH_TTL_MS, and the whole stash is bounded.
 */

export const STASH_TTL_MS = 30 * 60 * 1000;
export const STASH_MAX_BYTES = 64 * 1024 * 1024;
export const STASH_MAX_ENTRIES = 200;

interface Entry {
  owner: string;
  kind: string;
  value: unknown;
  bytes: number;
  expires: number;
}

const ID = /^[A-Za-z0-9_-]{22}$/;

export class Stash {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps `value` for the session; the id to name it in a URL or a form. */
  put(session: string, kind: string, value: unknown, bytes = 1024): string {
    this.sweep();
    const id = randomBytes(16).toString('base64url');
    this.entries.set(id, {
      owner: ownerOf(session),
      kind,
      value,
      bytes,
      expires: this.now() + STASH_TTL_MS,
    });
    // Oldest first out, until within bounds (Map keeps insertion order).
    let total = this.totalBytes();
    for (const [key, entry] of this.entries) {
      if (total <= STASH_MAX_BYTES && this.entries.size <= STASH_MAX_ENTRIES) break;
      if (key === id) break;
      this.entries.delete(key);
      total -= entry.bytes;
    }
    return id;
  }

  /** The value, if it exists, is of this kind, has not expired and is this session's. */
  get<T>(session: string, kind: string, id: unknown): T | null {
    if (typeof id !== 'string' || !ID.test(id)) return null;
    const entry = this.entries.get(id);
    if (!entry || entry.kind !== kind || entry.owner !== ownerOf(session)) return null;
    if (entry.expires <= this.now()) {
      this.entries.delete(id);
      return null;
    }
    return entry.value as T;
  }

  drop(id: string): void {
    this.entries.delete(id);
  }

  private totalBytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
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
