import {
  calibrateFusion,
  mayBeSameRunner,
  type FusionCalibration,
  type LabelledFace,
} from '../faces/fusion.js';
import { wearerFace } from '../faces/wearer.js';
import type { EventRow } from '../repositories/events.js';
import type { FaceRepository } from '../repositories/faces.js';
import type { PhotoRepository } from '../repositories/photos.js';
import type { FaceIndexes } from './face-indexes.js';
import type { WornBibs } from './bibs.js';

/** A changed event's calibration is made again on its next use, at most this often. */
export const RECALIBRATE_MS = 10_000;
/** Bibs change without a face change (the `bibs` job after the `faces` job): made again past this. */
export const CALIBRATION_MAX_AGE_MS = 10 * 60_000;
/** Calibrations kept in memory (the events whose "more photos of you" ran last). */
export const MAX_CALIBRATIONS = 50;
/** Photos read per database round trip while labelling an event's faces. */
const CHUNK = 500;

/** The bibs on photos as a bib search counts them, with their boxes (the bib service). */
export interface WornBibSource {
  bibsOnPhotos(event: EventRow, uuids: string[]): Promise<Map<string, WornBibs>>;
}

interface Entry {
  threshold: number;
  at: number;
  stale: boolean;
  value: Promise<FusionCalibration>;
}

/**
 * Per event, the "more photos of you" calibration (faces/fusion.ts): the event's faces worn above
 * confidently read bibs, labelled with their bibs, and the bar their impostor pairs give. Made on
 * the first fusion of the event, kept in memory, marked stale when the event's faces change (here
 * or in another process) and made again on the next use (at most every 10 s while an upload
 * keeps changing them), and past 10 minutes (bib readings change without a face change).
 */
export class FusionCalibrations {
  private readonly cache = new Map<number, Entry>();
  /** A stale calibration is made again at most this often (tests set 0). */
  recalibrateMs = RECALIBRATE_MS;

  constructor(
    private readonly faces: FaceRepository,
    private readonly photos: Pick<PhotoRepository, 'uuidsOfEvent'>,
    private readonly indexes: FaceIndexes,
    private readonly bibPhotos: WornBibSource,
    private readonly now: () => number = Date.now,
  ) {
    indexes.changes.listen(({ eventId }) => this.changed(eventId));
  }

  /** The event's faces changed: its calibration is made again on its next use. */
  changed(eventId: number): void {
    const entry = this.cache.get(eventId);
    if (entry) entry.stale = true;
  }

  forget(): void {
    this.cache.clear();
  }

  get(event: EventRow, threshold: number): Promise<FusionCalibration> {
    const entry = this.cache.get(event.id);
    const age = entry ? this.now() - entry.at : Infinity;
    if (
      entry &&
      entry.threshold === threshold &&
      age < CALIBRATION_MAX_AGE_MS &&
      (!entry.stale || age < this.recalibrateMs)
    )
      return entry.value;
    const value = this.calibrate(event, threshold);
    const next: Entry = { threshold, at: this.now(), stale: false, value };
    value.catch(() => {
      if (this.cache.get(event.id) === next) this.cache.delete(event.id);
    });
    this.cache.delete(event.id);
    this.cache.set(event.id, next);
    // Least recently made first: each holds up to 1,000 descriptors (4 MB).
    for (const id of this.cache.keys()) {
      if (this.cache.size <= MAX_CALIBRATIONS) break;
      this.cache.delete(id);
    }
    return value;
  }

  private async calibrate(event: EventRow, threshold: number): Promise<FusionCalibration> {
    const index = await this.indexes.get(event.id);
    const uuids = await this.photos.uuidsOfEvent(event.id);
    const labelled: LabelledFace[] = [];
    for (let i = 0; i < uuids.length; i += CHUNK) {
      const chunk = uuids.slice(i, i + CHUNK);
      const [bibs, boxes] = await Promise.all([
        this.bibPhotos.bibsOnPhotos(event, chunk),
        this.faces.boxesOfPhotos(chunk),
      ]);
      const facesOf = new Map<string, typeof boxes>();
      for (const f of boxes) facesOf.set(f.photoUuid, [...(facesOf.get(f.photoUuid) ?? []), f]);
      for (const [uuid, worn] of bibs) {
        const faces = facesOf.get(uuid) ?? [];
        const labels = new Map<number, string[]>();
        for (const { bib, box } of worn) {
          const wearer = box && wearerFace(faces, box);
          if (wearer) labels.set(wearer.id, [...(labels.get(wearer.id) ?? []), bib]);
        }
        for (const [id, bibsOfFace] of labels) {
          // A face over two runners' bibs is not known to be either: left out.
          if (!bibsOfFace.every((b) => mayBeSameRunner([b], bibsOfFace.slice(0, 1)))) continue;
          // Hidden faces are not in the index (hide requests): left out too.
          const embedding = index.embedding(id);
          if (embedding) labelled.push({ id, photoId: uuid, bibs: bibsOfFace, embedding });
        }
      }
    }
    return calibrateFusion(labelled, threshold);
  }
}
