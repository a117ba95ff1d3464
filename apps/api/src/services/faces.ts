import {
  MAX_SELFIE_MATCHES,
  type SelfieConfig,
  type SelfieSearchAnswer,
} from '@eventsite/contract';
import { PermanentJobError } from '../adapters/jobs/types.js';
import { AppError } from '../errors.js';
import { fuse, mayBeSameRunner } from '../faces/fusion.js';
import { unidentifiable } from '../faces/quality.js';
import { widenByBib, type Found } from '../faces/selfie-bib.js';
import { matchBars, matchTier } from '../faces/thresholds.js';
import { wearerFace, wornBib } from '../faces/wearer.js';
import type { EventRow } from '../repositories/events.js';
import type { FaceRepository, NewFace } from '../repositories/faces.js';
import type { PhotoRepository } from '../repositories/photos.js';
import { photosConfigOf } from './event-config.js';
import {
  NO_FACE_MESSAGE,
  PLATFORM_FACES_OFF_MESSAGE,
  POOR_SELFIE_MESSAGES,
  SELFIE_SEARCH_OFF_MESSAGE,
  UNREADABLE_SELFIE_MESSAGE,
} from './selfie-messages.js';
import type { FaceDetector } from './engines.js';
import type { WornBibs } from './bibs.js';
import type { EventService } from './events.js';
import type { FaceChange, FaceIndexes } from './face-indexes.js';
import type { FaceRetention } from './face-retention.js';
import { FusionCalibrations } from './fusion-calibrations.js';
import type { JobService } from './jobs.js';

export { engineFaceDetector, type FaceDetector } from './engines.js';
export { DEFAULT_FACE_INDEX_BYTES, type FaceChange } from './face-indexes.js';
export * from './selfie-messages.js';

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
  /** The bibs on these photos as a bib search counts them, with their boxes (null for a tag). */
  bibsOnPhotos(event: EventRow, uuids: string[]): Promise<Map<string, WornBibs>>;
}

/** Bib photos whose wearer's face is used as a query for "more photos of you". */
const MAX_BIB_PHOTOS = 30;

/** Faces looked at per search: several faces of one photo may be among them. */
const FACES_PER_SEARCH = MAX_SELFIE_MATCHES * 4;

/**
 * Selfie search over the per-event indexes (face-indexes.ts), "more photos of you" from a bib's
 * photos, the selfie upload fallback, and the detection of an event's photos again (its record
 * and erase are face-data.ts). The `faces` job that makes the data is ingest/faces.ts.
 * Visitors' embeddings are used for one search and never stored or logged.
 */
export class FaceService {
  /** Per event, the bar and the known faces "more photos of you" is held to (faces/fusion.ts). */
  readonly calibrations: FusionCalibrations;

  constructor(
    private readonly faces: FaceRepository,
    /** Every photo of an event, for runs over all of them. */
    private readonly photos: Pick<PhotoRepository, 'uuidsOfEvent'>,
    private readonly events: EventService,
    private readonly jobs: JobService,
    /** The loaded indexes, shared with the `faces` job and the photo service (deleted photos). */
    readonly indexes: FaceIndexes,
    /** Finds the photos of a bib (the bib service): "more photos of you". */
    private readonly bibPhotos: BibPhotoSource,
    /** Undefined when face detection is off (FACES_ENABLED). */
    private readonly detector: FaceDetector | undefined,
    /** Face data past its retention is gone: searches of the event end (face-retention.ts). */
    private readonly retention: Pick<FaceRetention, 'requireKept'>,
  ) {
    this.calibrations = new FusionCalibrations(faces, photos, indexes, bibPhotos);
  }

  get enabled(): boolean {
    return this.detector !== undefined;
  }

  /** Photos of the event with a face like the selfie's, best first: matches, then "maybe you". */
  async search(
    eventId: number,
    embedding: number[],
    appDomain: string | undefined,
  ): Promise<SelfieSearchAnswer> {
    const { event, selfie, privateGallery } = await this.requireSelfieSearch(eventId, appDomain);
    return this.answer(event, [embedding], selfie.match_threshold, new Set(), privateGallery);
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
    await this.requireFaceData(event);
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
        // A hidden face (hide requests) is never a query: its runner asked not to be found.
        if (wearer && !wearer.hidden) queries.push(wearer.embedding);
      }
    }
    const threshold = config.selfie_config.match_threshold;
    if (queries.length === 0) return this.render(event, new Map(), threshold);
    // Held to the event's own calibration: above the bar its strangers rarely reach, and nearer
    // the runner's faces than any other runner's known face. Sure matches only.
    const calibration = await this.calibrations.get(event, threshold);
    const best = fuse(
      await this.indexes.get(event.id),
      queries,
      calibration,
      [bib],
      new Set(found.map((p) => p.uuid)),
      { limit: FACES_PER_SEARCH },
    );
    // The bib and the face confirm each other: a face above another runner's read bib is that
    // runner, never "you", however alike.
    const worn = await this.wornBibs(event, [...best.keys()]);
    const sure = [...best].filter(([uuid, { face }]) => {
      const other = worn(uuid, face);
      return other === null || mayBeSameRunner([other], [bib]);
    });
    return this.render(
      event,
      new Map(sure.map(([uuid, found]) => [uuid, { ...found, tier: 'match' as const }])),
      calibration.bar,
    );
  }

  /**
   * The photos with a face like any of the queries (best similarity per photo), matches then
   * maybes. A private gallery answers sure matches only: a "maybe" is someone else's photo.
   */
  private async answer(
    event: EventRow,
    queries: number[][],
    threshold: number,
    exclude: Set<string>,
    matchesOnly = false,
  ): Promise<SelfieSearchAnswer> {
    const index = await this.indexes.get(event.id);
    // Held to the event's threshold and to standing out from the event's faces (thresholds.ts).
    const bars = matchBars(threshold, index.size);
    const lowest = matchesOnly ? bars.match : bars.maybe;
    // Per photo, its most similar face: its similarity, and the face (whose bib it wears).
    const best = new Map<string, Found>();
    for (const query of queries) {
      for (const face of index.search(query, {
        limit: FACES_PER_SEARCH,
        minSimilarity: lowest.similarity,
        minStandout: Number.isFinite(lowest.standout) ? lowest.standout : undefined,
      })) {
        if (exclude.has(face.photoId)) continue;
        const tier = matchTier(face, bars);
        if (!tier || (matchesOnly && tier !== 'match')) continue;
        if ((best.get(face.photoId)?.similarity ?? -1) < face.similarity)
          best.set(face.photoId, { similarity: face.similarity, face: face.id, tier });
      }
    }
    // The selfie's face and the bib under it confirm each other (faces/selfie-bib.ts).
    const widened = await widenByBib(
      best,
      best.size ? await this.wornBibs(event, [...best.keys()]) : () => null,
      (bib) => this.bibPhotos.photosWithBib(event, bib, MAX_SELFIE_MATCHES),
    );
    return this.render(event, widened, threshold);
  }

  /** The answer: per photo its best face, sure matches then "maybe you", at most the limit. */
  private async render(
    event: EventRow,
    best: Map<string, Found>,
    threshold: number,
  ): Promise<SelfieSearchAnswer> {
    const eventId = event.id;
    // Matches first; among them the faces found before the photos found by the bib alone.
    const rank = (f: Found) => (f.tier === 'match' ? 0 : 2) + (f.byBib ? 1 : 0);
    const ranked = [...best]
      .sort((a, b) => rank(a[1]) - rank(b[1]) || b[1].similarity - a[1].similarity)
      .slice(0, MAX_SELFIE_MATCHES);
    const uuids = ranked.map(([uuid]) => uuid);
    const [rows, worn] = await Promise.all([
      this.faces.photosOf(eventId, uuids).then((list) => new Map(list.map((p) => [p.uuid, p]))),
      this.wornBibs(event, uuids),
    ]);
    // Equal similarities (the same face on two photos) keep the gallery's order, whichever
    // worker described its faces first.
    const galleryOrder = (uuid: string) => rows.get(uuid)?.sortAt.getTime() ?? 0;
    ranked.sort(
      (a, b) =>
        rank(a[1]) - rank(b[1]) ||
        b[1].similarity - a[1].similarity ||
        galleryOrder(a[0]) - galleryOrder(b[0]) ||
        (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
    );
    const photos = ranked.flatMap(([uuid, { similarity, face, tier, byBib }]) => {
      const p = rows.get(uuid);
      if (!p) return [];
      return [
        {
          uuid: p.uuid,
          width: p.width,
          height: p.height,
          placeholder: p.placeholder,
          captured_at: p.capturedAt ? p.capturedAt.toISOString() : null,
          similarity: Math.round(similarity * 1000) / 1000,
          tier,
          bib: byBib ?? worn(uuid, face),
          ...(byBib ? { found_by: 'bib' as const } : {}),
        },
      ];
    });
    return { photos, total: photos.length, threshold };
  }

  /** For "This is me": the bib the matched face wears on each photo (faces/wearer.ts), or null. */
  private async wornBibs(
    event: EventRow,
    uuids: string[],
  ): Promise<(uuid: string, faceId: number) => string | null> {
    const [faces, bibs] = await Promise.all([
      this.faces.boxesOfPhotos(uuids),
      this.bibPhotos.bibsOnPhotos(event, uuids),
    ]);
    const facesOf = new Map<string, typeof faces>();
    for (const f of faces) facesOf.set(f.photoUuid, [...(facesOf.get(f.photoUuid) ?? []), f]);
    return (uuid, faceId) => wornBib(facesOf.get(uuid) ?? [], bibs.get(uuid) ?? [], faceId);
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
    const poor = largest.quality ? unidentifiable(largest.quality) : null;
    if (poor) throw new AppError(400, POOR_SELFIE_MESSAGES[poor]);
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
    const uuids = await this.photos.uuidsOfEvent(eventId);
    return { queued: await this.jobs.enqueueEventRun('faces', eventId, uuids) };
  }

  /**
   * The event now stores other faces (`selfie_config.indexed_faces` changed): every photo's faces
   * are found again under the new choice, when the event uses selfie search.
   */
  async indexedFacesChanged(event: EventRow): Promise<void> {
    if (!this.detector || !photosConfigOf(event).feature_flag.selfie_search) return;
    await this.jobs.enqueueEventRun('faces', event.id, await this.photos.uuidsOfEvent(event.id));
  }

  // The indexes, for the API's start and stop, other processes' changes, tests and /health.

  /** Most memory the loaded indexes may take together. */
  get maxIndexBytes(): number {
    return this.indexes.maxBytes;
  }

  set maxIndexBytes(bytes: number) {
    this.indexes.maxBytes = bytes;
  }

  /** Indexes dropped to stay under the memory cap, since start. */
  get evictions(): number {
    return this.indexes.evictions;
  }

  /** Memory the loaded indexes take together, about. */
  get indexBytes(): number {
    return this.indexes.indexBytes;
  }

  /** The events whose index is loaded here, least recently used first. */
  loadedEvents(): number[] {
    return this.indexes.loadedEvents();
  }

  /** Another process changed the event's faces (face-indexes.ts). */
  refresh(change: FaceChange): Promise<void> {
    this.calibrations.changed(change.eventId);
    return this.indexes.refresh(change);
  }

  /** Drops every index (changes may have been missed): each is read again on its next search. */
  forgetIndexes(): void {
    this.calibrations.forget();
    this.indexes.forgetIndexes();
  }

  /** Loads the indexes of the events with selfie search, in the background (face-indexes.ts). */
  preload(onError?: (eventId: number, error: unknown) => void): Promise<void> {
    return this.indexes.preload(onError);
  }

  /** Stops loading indexes (the database is closing). */
  stop(): Promise<void> {
    return this.indexes.stop();
  }

  /**
   * 403 when face recognition is off on the platform (FACES_ENABLED=false: faces stored before
   * are not searched either); 410 once the event's face data was deleted after its retention.
   */
  private async requireFaceData(event: EventRow): Promise<void> {
    if (!this.enabled) throw new AppError(403, PLATFORM_FACES_OFF_MESSAGE);
    await this.retention.requireKept(event, (await this.indexes.get(event.id)).size);
  }

  /** The event, its selfie settings and whether its gallery is private; 403 when selfie search is off. */
  private async requireSelfieSearch(
    eventId: number,
    appDomain: string | undefined,
  ): Promise<{ event: EventRow; selfie: SelfieConfig; privateGallery: boolean }> {
    const event = await this.events.requirePublished(eventId, appDomain);
    const config = photosConfigOf(event);
    if (!config.feature_flag.selfie_search) throw new AppError(403, SELFIE_SEARCH_OFF_MESSAGE);
    await this.requireFaceData(event);
    return {
      event,
      selfie: config.selfie_config,
      privateGallery: !config.feature_flag.show_all_images,
    };
  }
}
