import {
  MAX_SELFIE_MATCHES,
  type FaceDataDeleted,
  type SelfieConfig,
  type SelfieSearchAnswer,
} from '@eventsite/contract';
import { setImmediate } from 'node:timers/promises';
import type { BlobStores } from '../adapters/blobs.js';
import { PermanentJobError } from '../adapters/jobs/types.js';
import { AppError } from '../errors.js';
import type * as FacesEngine from '../faces/index.js';
import { FaceIndex } from '../faces/face-index.js';
import { MAYBE_MARGIN, matchTier } from '../faces/thresholds.js';
import { wearerFace } from '../faces/wearer.js';
import type { EventRepository, EventRow } from '../repositories/events.js';
import type { FaceRepository, NewFace } from '../repositories/faces.js';
import type { PhotoRepository } from '../repositories/photos.js';
import { photosConfigOf } from './event-config.js';
import type { EventService } from './events.js';
import type { JobService } from './jobs.js';

/** The face engine as the `faces` job uses it (apps/api/src/faces in production; a stub in tests). */
export interface FaceDetector {
  /** Rejects with PermanentJobError for bytes that are not an image. */
  detectFaces(image: Buffer, options?: { tiles?: boolean }): Promise<NewFace[]>;
}

type FacesModule = typeof FacesEngine;

/** The real engine, loaded on first use (its models take half a second and ~100 MB). */
export function engineFaceDetector(): FaceDetector {
  let module: Promise<FacesModule> | undefined;
  return {
    async detectFaces(image, options) {
      module ??= import('../faces/index.js');
      let faces: FacesModule;
      try {
        faces = await module;
      } catch (error) {
        throw new PermanentJobError(
          `the face engine could not be loaded: ${(error as Error).message}`,
        );
      }
      try {
        return await faces.detectFaces(image, options);
      } catch (error) {
        if (error instanceof faces.UnreadableImageError) throw new PermanentJobError(error.message);
        throw error;
      }
    },
  };
}

/** Where a bib was read: the photos a bib search finds, with the bib's boxes on each. */
export interface BibPhotoSource {
  photosWithBib(
    event: EventRow,
    bib: string,
    limit: number,
  ): Promise<
    Array<{
      uuid: string;
      bibBoxes: Array<{ x: number; y: number; width: number; height: number }>;
    }>
  >;
}

/** Bib photos whose wearer's face is used as a query for "more photos of you". */
const MAX_BIB_PHOTOS = 30;

export const SELFIE_SEARCH_OFF_MESSAGE = 'Selfie search is turned off for this event.';
export const NO_FACE_MESSAGE =
  'No face was found on the selfie: take it facing the camera, in good light, with the face filling much of the picture.';
export const UNREADABLE_SELFIE_MESSAGE =
  'The selfie is not a photo we can read (JPEG, PNG or WebP).';
/** Faces looked at per search: several faces of one photo may be among them. */
const FACES_PER_SEARCH = MAX_SELFIE_MATCHES * 4;

/** Memory the loaded indexes may take together, by default (FACE_INDEX_MEMORY_MB): ~250,000 faces. */
export const DEFAULT_FACE_INDEX_BYTES = 256 * 1024 * 1024;

/**
 * What changed in an event's faces: the faces of one photo (made again, or gone with the photo),
 * or all of them ('*': deleted). Told to the deployment's other processes (shared-changes.ts).
 */
export type FaceChange = { eventId: number; photoUuid: string | '*' };

/**
 * Faces on photos: the `faces` job (detect and describe, store), the per-event in-memory index
 * (loaded when the API starts, or else on the event's first search; kept up to date by the job), selfie search, deleting an event's face data.
 * Visitors' embeddings are used for one search and never stored or logged.
 */
export class FaceService {
  /**
   * The loaded (or loading) indexes, least recently used first: an event's index is loaded on
   * its first search and dropped, least recently used first, when the loaded ones together pass
   * `maxIndexBytes`.
   */
  private readonly indexes = new Map<number, Promise<FaceIndex>>();
  /** The indexes of `indexes` that have finished loading. */
  private readonly loaded = new Map<number, FaceIndex>();
  /** Per event, the last refresh told by another process (run one after another). */
  private readonly refreshing = new Map<number, Promise<void>>();
  #preloading: Promise<void> | undefined;
  #stopped = false;
  /** Set by the composition (the bib service finds the photos of a bib). */
  bibPhotos: BibPhotoSource | undefined;
  /** Told of every change this process makes to an event's faces (shared with other processes). */
  onChange: ((change: FaceChange) => void) | undefined;
  /** Indexes dropped to stay under the memory cap, since start (tests, /health). */
  evictions = 0;
  /** Most memory the loaded indexes may take together. */
  maxIndexBytes = DEFAULT_FACE_INDEX_BYTES;

  constructor(
    private readonly faces: FaceRepository,
    private readonly photos: PhotoRepository,
    private readonly events: EventService,
    private readonly eventRows: EventRepository,
    private readonly jobs: JobService,
    private readonly blobs: BlobStores,
    private readonly detector: FaceDetector | undefined,
  ) {}

  get enabled(): boolean {
    return this.detector !== undefined;
  }

  /**
   * The `faces` job: detects the photo's faces and stores them (replacing earlier ones). Only for
   * events with selfie_search on: no face data is kept for an event that does not use it.
   */
  async detectPhoto(eventId: number, uuid: string): Promise<Record<string, unknown>> {
    if (!this.detector) return { skipped: 'face search is turned off' };
    const event = await this.eventRows.findById(eventId);
    if (!event) return { skipped: 'the event was deleted' };
    if (!photosConfigOf(event).feature_flag.selfie_search)
      return { skipped: 'selfie search is off for the event' };
    const photo = await this.photos.findByUuid(uuid);
    if (!photo) return { skipped: 'the photo was deleted' };
    const bytes = await this.blobs.originals.get(photo.blobKey);
    if (!bytes) return { skipped: 'the original is gone' };
    const found = await this.detector.detectFaces(bytes);
    const ids = await this.faces.replace(eventId, uuid, found);
    // A loaded index takes the new faces; one still loading may have read the old ones: the
    // same once it is done. One that failed to load is loaded again on the next search.
    const index = await this.indexes.get(eventId)?.catch(() => undefined);
    if (index && this.indexes.has(eventId)) {
      index.removePhoto(uuid);
      ids.forEach((id, i) => index.add(id, uuid, found[i]!.embedding));
      this.evict(eventId);
    }
    this.onChange?.({ eventId, photoUuid: uuid });
    return { uuid, faces: ids.length };
  }

  /** Photos of the event with a face like the selfie's, best first: matches, then "maybe you". */
  async search(
    eventId: number,
    embedding: number[],
    appDomain: string | undefined,
  ): Promise<SelfieSearchAnswer> {
    const { selfie, privateGallery } = await this.requireSelfieSearch(eventId, appDomain);
    return this.answer(eventId, [embedding], selfie.match_threshold, new Set(), privateGallery);
  }

  /**
   * "More photos of you": the photos a bib search finds show the runner's face above the bib;
   * that face is searched like a selfie, for the photos where the bib is hidden or unread. The
   * bib's own photos are left out (the bib search lists them).
   */
  async morePhotosOfBib(
    eventId: number,
    bib: string,
    appDomain: string | undefined,
  ): Promise<SelfieSearchAnswer> {
    const event = await this.events.requirePublished(eventId, appDomain);
    const config = photosConfigOf(event);
    if (!config.feature_flag.selfie_search) throw new AppError(403, SELFIE_SEARCH_OFF_MESSAGE);
    if (!this.bibPhotos) throw new AppError(403, 'Bib search is not available for this event.');
    const found = await this.bibPhotos.photosWithBib(event, bib, MAX_BIB_PHOTOS);
    const queries: number[][] = [];
    for (const photo of found) {
      const faces = await this.faces.ofPhoto(photo.uuid);
      for (const box of photo.bibBoxes) {
        const wearer = wearerFace(
          faces.map((f) => ({
            ...f,
            box: { x: f.boxX, y: f.boxY, width: f.boxW, height: f.boxH },
          })),
          box,
        );
        if (wearer) queries.push(wearer.embedding);
      }
    }
    return this.answer(
      eventId,
      queries,
      config.selfie_config.match_threshold,
      new Set(found.map((p) => p.uuid)),
      !config.feature_flag.show_all_images,
    );
  }

  /**
   * The photos with a face like any of the queries (best similarity per photo), matches then
   * maybes. A private gallery answers sure matches only: a "maybe" is someone else's photo.
   */
  private async answer(
    eventId: number,
    queries: number[][],
    threshold: number,
    exclude: Set<string>,
    matchesOnly = false,
  ): Promise<SelfieSearchAnswer> {
    const maybe = matchesOnly ? threshold : Math.round((threshold - MAYBE_MARGIN) * 1000) / 1000;
    const index = await this.index(eventId);
    const best = new Map<string, number>();
    for (const query of queries) {
      for (const face of index.search(query, { limit: FACES_PER_SEARCH, minSimilarity: maybe })) {
        if (exclude.has(face.photoId)) continue;
        if ((best.get(face.photoId) ?? -1) < face.similarity)
          best.set(face.photoId, face.similarity);
      }
    }
    const ranked = [...best].sort((a, b) => b[1] - a[1]).slice(0, MAX_SELFIE_MATCHES);
    const rows = new Map(
      (
        await this.faces.photosOf(
          eventId,
          ranked.map(([uuid]) => uuid),
        )
      ).map((p) => [p.uuid, p]),
    );
    const photos = ranked.flatMap(([uuid, similarity]) => {
      const p = rows.get(uuid);
      const tier = matchTier(similarity, threshold, maybe);
      if (!p || !tier) return [];
      return [
        {
          uuid: p.uuid,
          width: p.width,
          height: p.height,
          placeholder: p.placeholder,
          captured_at: p.capturedAt ? p.capturedAt.toISOString() : null,
          similarity: Math.round(similarity * 1000) / 1000,
          tier,
        },
      ];
    });
    return { photos, total: photos.length, threshold };
  }

  /**
   * The fallback for browsers that cannot run the model: the selfie itself, described here in
   * memory (the largest face) and searched like a descriptor. The bytes are never stored or logged.
   */
  async searchBySelfie(
    eventId: number,
    image: Buffer,
    appDomain: string | undefined,
  ): Promise<SelfieSearchAnswer> {
    await this.requireSelfieSearch(eventId, appDomain);
    if (!this.detector)
      throw new AppError(403, 'Selfie upload is not available here: face detection is turned off.');
    let faces: NewFace[];
    try {
      // A selfie's face is large: the whole frame finds it, tiles would only cost time.
      faces = await this.detector.detectFaces(image, { tiles: false });
    } catch (error) {
      if (error instanceof PermanentJobError) throw new AppError(400, UNREADABLE_SELFIE_MESSAGE);
      throw error;
    }
    const largest = faces.reduce<NewFace | undefined>(
      (best, f) =>
        !best || f.box.width * f.box.height > best.box.width * best.box.height ? f : best,
      undefined,
    );
    if (!largest) throw new AppError(400, NO_FACE_MESSAGE);
    return this.search(eventId, Array.from(largest.embedding), appDomain);
  }

  /**
   * Queues a `faces` job for every photo of the organiser's event: after selfie search is turned
   * on for photos ingested before, or after the event's face data was deleted.
   */
  async detectEvent(eventId: number, organiserId: number): Promise<{ queued: number }> {
    const event = await this.events.requireOwned(eventId, organiserId);
    if (!this.detector)
      throw new AppError(403, 'Face detection is turned off on this server (FACES_ENABLED).');
    if (!photosConfigOf(event).feature_flag.selfie_search)
      throw new AppError(403, `${SELFIE_SEARCH_OFF_MESSAGE} Turn it on first.`);
    const uuids = await this.faces.photoUuids(eventId);
    const run = Date.now().toString(36);
    for (let i = 0; i < uuids.length; i += 500)
      await this.jobs.enqueue(
        uuids.slice(i, i + 500).map((uuid) => ({
          kind: 'faces' as const,
          payload: { eventId, uuid },
          idempotencyKey: `faces:${uuid}:${run}`,
          eventId,
        })),
      );
    return { queued: uuids.length };
  }

  /** Removes every face of the organiser's event, from the database and from memory. */
  async deleteEventFaces(eventId: number, organiserId: number): Promise<FaceDataDeleted> {
    await this.events.requireOwned(eventId, organiserId);
    this.drop(eventId);
    const deleted = await this.faces.deleteForEvent(eventId);
    // A search that started loading before the delete may have cached rows: drop it again.
    this.drop(eventId);
    this.onChange?.({ eventId, photoUuid: '*' });
    return { deleted };
  }

  /** A deleted photo's faces leave the index (the rows go with the photo's row). */
  async forgetPhoto(eventId: number, uuid: string): Promise<void> {
    const index = await this.indexes.get(eventId)?.catch(() => undefined);
    index?.removePhoto(uuid);
    this.onChange?.({ eventId, photoUuid: uuid });
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
      for (const row of rows) index.add(row.id, photoUuid, row.embedding);
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
   * Drops the least recently used loaded indexes until the rest fit `maxIndexBytes`; never the
   * one in use (`keep`), so an event larger than the cap is still searched, alone in memory.
   */
  private evict(keep: number): void {
    let bytes = this.indexBytes;
    for (const eventId of [...this.indexes.keys()]) {
      if (bytes <= this.maxIndexBytes) return;
      const index = this.loaded.get(eventId);
      if (eventId === keep || !index) continue;
      bytes -= index.bytes;
      this.drop(eventId);
      this.evictions += 1;
    }
  }

  /** The event's selfie settings and whether its gallery is private; 403 when selfie search is off. */
  private async requireSelfieSearch(
    eventId: number,
    appDomain: string | undefined,
  ): Promise<{ selfie: SelfieConfig; privateGallery: boolean }> {
    const event = await this.events.requirePublished(eventId, appDomain);
    const config = photosConfigOf(event);
    if (!config.feature_flag.selfie_search) throw new AppError(403, SELFIE_SEARCH_OFF_MESSAGE);
    return { selfie: config.selfie_config, privateGallery: !config.feature_flag.show_all_images };
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
        if (this.indexBytes >= this.maxIndexBytes) return;
        try {
          const event = await this.eventRows.findById(eventId);
          if (!event?.published || !photosConfigOf(event).feature_flag.selfie_search) continue;
          await this.index(eventId);
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

  private index(eventId: number): Promise<FaceIndex> {
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
