import { setImmediate } from 'node:timers/promises';
import { FaceIndex } from '../faces/face-index.js';
import type { EventRepository } from '../repositories/events.js';
import type { FaceRepository } from '../repositories/faces.js';
import { photosConfigOf } from './event-config.js';
import { Signal } from './signal.js';

/** Memory the loaded indexes may take together, by default (FACE_INDEX_MEMORY_MB): ~250,000 faces. */
export const DEFAULT_FACE_INDEX_BYTES = 256 * 1024 * 1024;

/**
 * What changed in an event's faces: the faces of one photo (made again, or gone with the photo),
 * or all of them ('*': deleted). Told to the deployment's other processes (shared-changes.ts).
 */
export type FaceChange = { eventId: number; photoUuid: string | '*' };

/**
 * The per-event selfie search indexes in memory: loaded when the API starts (`preload`), or else
 * on the event's first search; kept up to date by the `faces` job (ingest/faces.ts), by deleted
 * photos and by other processes' changes (`refresh`); the least recently used dropped past the
 * memory cap.
 */
export class FaceIndexes {
  /**
   * The loaded (or loading) indexes, least recently used first: an event's index is loaded on
   * its first search and dropped, least recently used first, when the loaded ones together pass
   * `maxBytes`.
   */
  private readonly indexes = new Map<number, Promise<FaceIndex>>();
  /** The indexes of `indexes` that have finished loading. */
  private readonly loaded = new Map<number, FaceIndex>();
  /** Per event, the last refresh told by another process (run one after another). */
  private readonly refreshing = new Map<number, Promise<void>>();
  #preloading: Promise<void> | undefined;
  #stopped = false;
  /** Told of every change this process makes to an event's faces (shared with other processes). */
  readonly changes = new Signal<FaceChange>();
  /** Indexes dropped to stay under the memory cap, since start (tests, /health). */
  evictions = 0;

  constructor(
    private readonly faces: FaceRepository,
    private readonly eventRows: EventRepository,
    /** Most memory the loaded indexes may take together. */
    public maxBytes: number = DEFAULT_FACE_INDEX_BYTES,
  ) {}

  /**
   * The photo's faces were made again (the `faces` job): a loaded index takes the new faces; one
   * still loading may have read the old ones: the same once it is done. One that failed to load
   * is loaded again on the next search.
   */
  async photoChanged(
    eventId: number,
    uuid: string,
    faces: ReadonlyArray<{ id: number; embedding: ArrayLike<number> }>,
  ): Promise<void> {
    const index = await this.indexes.get(eventId)?.catch(() => undefined);
    if (index && this.indexes.has(eventId)) {
      index.removePhoto(uuid);
      for (const face of faces) index.add(face.id, uuid, face.embedding);
      this.evict(eventId);
    }
    this.changes.emit({ eventId, photoUuid: uuid });
  }

  /** Every face of the event is gone: its index is dropped (before and after the rows go). */
  async deleteEvent(eventId: number, deleteRows: () => Promise<number>): Promise<number> {
    this.drop(eventId);
    const deleted = await deleteRows();
    // A search that started loading before the delete may have cached rows: drop it again.
    this.drop(eventId);
    this.changes.emit({ eventId, photoUuid: '*' });
    return deleted;
  }

  /** Faces of the photo were hidden (hide requests): they leave the index. */
  async hideFaces(eventId: number, uuid: string, ids: readonly number[]): Promise<void> {
    const index = await this.indexes.get(eventId)?.catch(() => undefined);
    for (const id of ids) index?.remove(id);
    this.changes.emit({ eventId, photoUuid: uuid });
  }

  /** Faces of the photo were shown again (a hide undone): the index takes them as stored. */
  async showFaces(eventId: number, uuid: string): Promise<void> {
    await this.refresh({ eventId, photoUuid: uuid });
    this.changes.emit({ eventId, photoUuid: uuid });
  }

  /** A deleted photo's faces leave the index (the rows go with the photo's row). */
  async forgetPhoto(eventId: number, uuid: string): Promise<void> {
    const index = await this.indexes.get(eventId)?.catch(() => undefined);
    index?.removePhoto(uuid);
    this.changes.emit({ eventId, photoUuid: uuid });
  }

  /**
   * Another process changed the event's faces: a loaded index takes the photo's faces as the
   * database now has them ('*': the index is dropped, loaded again on the next search). Events
   * not loaded here are left alone: their first search reads the database.
   */
  refresh(change: FaceChange): Promise<void> {
    const { eventId, photoUuid } = change;
    if (photoUuid === '*' || this.#stopped) {
      this.drop(eventId);
      return Promise.resolve();
    }
    if (!this.indexes.has(eventId)) return Promise.resolve();
    // One after another per event: the last refresh of a photo reads the database last.
    const previous = this.refreshing.get(eventId) ?? Promise.resolve();
    const next = previous.then(async () => {
      const loading = this.indexes.get(eventId);
      const index = await loading?.catch(() => undefined);
      if (!index) return;
      const rows = await this.faces.ofPhoto(photoUuid);
      // Dropped meanwhile (evicted, deleted): its next load reads the database anyway.
      if (this.indexes.get(eventId) !== loading) return;
      index.removePhoto(photoUuid);
      for (const row of rows) if (!row.hidden) index.add(row.id, photoUuid, row.embedding);
      this.evict(eventId);
    });
    const settled = next.catch(() => {
      // The photo's faces could not be read: the index is read again on the next search.
      this.drop(eventId);
    });
    this.refreshing.set(eventId, settled);
    void settled.then(() => {
      if (this.refreshing.get(eventId) === settled) this.refreshing.delete(eventId);
    });
    return settled;
  }

  /** Drops every index (changes may have been missed): each is read again on its next search. */
  forgetIndexes(): void {
    this.indexes.clear();
    this.loaded.clear();
  }

  /** The events whose index is loaded here, least recently used first (tests, /health). */
  loadedEvents(): number[] {
    return [...this.indexes.keys()].filter((id) => this.loaded.has(id));
  }

  /** Memory the loaded indexes take together, about. */
  get indexBytes(): number {
    let bytes = 0;
    for (const index of this.loaded.values()) bytes += index.bytes;
    return bytes;
  }

  private drop(eventId: number): void {
    this.indexes.delete(eventId);
    this.loaded.delete(eventId);
  }

  /**
   * Drops the least recently used loaded indexes until the rest fit `maxBytes`; never the
   * one in use (`keep`), so an event larger than the cap is still searched, alone in memory.
   */
  private evict(keep: number): void {
    let bytes = this.indexBytes;
    for (const eventId of [...this.indexes.keys()]) {
      if (bytes <= this.maxBytes) return;
      const index = this.loaded.get(eventId);
      if (eventId === keep || !index) continue;
      bytes -= index.bytes;
      this.drop(eventId);
      this.evictions += 1;
    }
  }

  /**
   * Loads the index of every published event with selfie search on, one event after another, in
   * the background when the API starts: a visitor's first search then finds it in memory (or
   * waits for the load already under way, never starts a second one). Failures are reported to
   * `onError` and leave the event to load on its first search.
   */
  preload(onError: (eventId: number, error: unknown) => void = () => {}): Promise<void> {
    this.#preloading ??= (async () => {
      await setImmediate();
      let ids: number[];
      try {
        ids = await this.faces.eventsToPreload();
      } catch (error) {
        onError(0, error);
        return;
      }
      for (const eventId of ids) {
        if (this.#stopped) return;
        // Preloading never pushes an index out: the events searched first get the memory.
        if (this.indexBytes >= this.maxBytes) return;
        try {
          const event = await this.eventRows.findById(eventId);
          if (!event?.published || !photosConfigOf(event).feature_flag.selfie_search) continue;
          await this.get(eventId);
        } catch (error) {
          if (!this.#stopped) onError(eventId, error);
        }
      }
    })();
    return this.#preloading;
  }

  /** Stops loading indexes (the database is closing); resolves when no load is reading it. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await Promise.allSettled([
      this.#preloading,
      ...this.indexes.values(),
      ...this.refreshing.values(),
    ]);
  }

  /** Whether the event's index is loaded or loading here. */
  has(eventId: number): boolean {
    return this.indexes.has(eventId);
  }

  /** The event's index: loaded, loading, or loaded now. */
  get(eventId: number): Promise<FaceIndex> {
    const index = this.indexes.get(eventId);
    if (index) {
      // Most recently used: last.
      this.indexes.delete(eventId);
      this.indexes.set(eventId, index);
      return index;
    }
    const loading = this.load(eventId);
    this.indexes.set(eventId, loading);
    loading.then(
      (loaded) => {
        if (this.indexes.get(eventId) !== loading) return;
        this.loaded.set(eventId, loaded);
        this.evict(eventId);
      },
      () => {
        if (this.indexes.get(eventId) === loading) this.indexes.delete(eventId);
      },
    );
    return loading;
  }

  /**
   * Reads the event's faces into a new index. Rows written before `embedding_f32` existed are
   * converted as they are read (each batch once), so the next load reads bytes only.
   */
  private async load(eventId: number): Promise<FaceIndex> {
    const index = new FaceIndex();
    for await (const batch of this.faces.forEvent(eventId)) {
      // PGlite answers within the same turn of the event loop: let requests (and listen) in
      // between batches, or a load of 100,000 faces would hold the process for seconds.
      await setImmediate();
      if (this.#stopped) throw new Error('the face service is stopping');
      for (const row of batch) index.add(row.id, row.photoUuid, row.embedding);
      await this.faces.compact(batch.filter((row) => row.legacy));
    }
    return index;
  }
}
