import { type ChangeBus, RESYNC } from '../adapters/changes.js';

/** `photos <eventId> <version>` on the change bus: the event's findable photos changed. */
const PHOTOS = 'photos';
/** An event's changes are told at most once this often (a burst: its first, then one at its end). */
export const LIVE_COALESCE_MS = 1_000;
/** Versions kept per process: past this the oldest go (a reconnecting visitor re-asks once). */
const MAX_VERSIONS = 10_000;

/** Hears an event's changes: `version` grows with each (a time in ms, told to visitors as their event id). */
export type LiveListener = (version: number) => void;

interface Coalescing {
  timer: NodeJS.Timeout;
  /** A change came while cooling down: told when the timer fires. */
  dirty: boolean;
  /** One of those changes was made here: the other processes are told too. */
  local: boolean;
  version: number;
}

/**
 * What the live galleries hear (routes/live.ts): that an event's findable photos changed (a photo
 * listed or deleted, its bibs read or tagged), never what changed. Changes made
 * in this process come through {@link changed}; on the scaled stack they are published on the
 * change bus and the other processes' ones heard from it (one subscription per process), then
 * fanned out in memory to this process's listeners of the event. Bursts are coalesced: an event
 * is told at once, then at most once per {@link LIVE_COALESCE_MS}.
 */
export class LivePhotos {
  private readonly listeners = new Map<number, Set<LiveListener>>();
  private readonly versions = new Map<number, number>();
  private readonly coalescing = new Map<number, Coalescing>();
  private bus: ChangeBus | undefined;
  private stopped = false;

  constructor(private readonly coalesceMs = LIVE_COALESCE_MS) {}

  /** A change made by this process to the event's photos, bibs or faces. */
  changed(eventId: number): void {
    this.note(eventId, Date.now(), true);
  }

  /** Publishes this process's changes on the bus and hears the others'. Called once. */
  share(bus: ChangeBus): void {
    this.bus = bus;
    bus.subscribe((change) => {
      if (change === RESYNC) {
        // Changes may have been missed while the bus was away: every listened event re-asks.
        for (const eventId of this.listeners.keys()) this.note(eventId, Date.now(), false);
        return;
      }
      const [kind, event, version] = change.split(' ');
      if (kind !== PHOTOS || !event || !version) return;
      if (!/^\d{1,15}$/.test(event) || !/^\d{1,15}$/.test(version)) return;
      this.note(Number(event), Number(version), false);
    });
  }

  /** `listener` hears the event's changes from now on; the returned function stops it. */
  listen(eventId: number, listener: LiveListener): () => void {
    let set = this.listeners.get(eventId);
    if (!set) this.listeners.set(eventId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(eventId) === set) this.listeners.delete(eventId);
    };
  }

  /** The version of the event's last change heard by this process (0: none since it started). */
  version(eventId: number): number {
    return this.versions.get(eventId) ?? 0;
  }

  /** Listeners of the event in this process (tests). */
  listenerCount(eventId: number): number {
    return this.listeners.get(eventId)?.size ?? 0;
  }

  /** Tells now every change held back by coalescing (a process about to close). */
  flush(): void {
    for (const [eventId, c] of [...this.coalescing]) {
      clearTimeout(c.timer);
      this.coalescing.delete(eventId);
      if (c.dirty) this.tell(eventId, c.version, c.local);
    }
  }

  /** No more telling: pending coalesced changes are dropped (the app closes). */
  stop(): void {
    this.stopped = true;
    for (const c of this.coalescing.values()) clearTimeout(c.timer);
    this.coalescing.clear();
  }

  private note(eventId: number, version: number, local: boolean): void {
    if (this.stopped) return;
    const pending = this.coalescing.get(eventId);
    if (pending) {
      pending.dirty = true;
      pending.local ||= local;
      pending.version = Math.max(pending.version, version);
      return;
    }
    this.tell(eventId, version, local);
    this.cool(eventId, { dirty: false, local: false, version: 0 });
  }

  /** Holds the event's next changes back for a while; tells them together when it ends. */
  private cool(eventId: number, state: Omit<Coalescing, 'timer'>): void {
    const timer = setTimeout(() => {
      const c = this.coalescing.get(eventId);
      if (!c?.dirty) {
        this.coalescing.delete(eventId);
        return;
      }
      this.tell(eventId, c.version, c.local);
      this.cool(eventId, { dirty: false, local: false, version: 0 });
    }, this.coalesceMs);
    timer.unref();
    this.coalescing.set(eventId, { ...state, timer });
  }

  private tell(eventId: number, heard: number, local: boolean): void {
    // Versions only grow, whatever the clocks of the processes that made the changes.
    const version = Math.max(heard, this.version(eventId) + 1);
    this.versions.delete(eventId);
    if (this.versions.size >= MAX_VERSIONS) {
      const oldest = this.versions.keys().next().value;
      if (oldest !== undefined) this.versions.delete(oldest);
    }
    this.versions.set(eventId, version);
    if (local) this.bus?.publish(`${PHOTOS} ${eventId} ${version}`);
    for (const listener of [...(this.listeners.get(eventId) ?? [])]) listener(version);
  }
}
