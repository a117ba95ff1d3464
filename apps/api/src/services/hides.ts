import {
  HIDE_PHOTOS_MAX,
  type HideRequestAnswer,
  type HideRequestInput,
  type HideRequestItem,
  type HideRequestStats,
} from '@eventsite/contract';
import { AppError } from '../errors.js';
import { facesToHide, HIDE_SIMILARITY, hiddenBibs } from '../faces/hide-match.js';
import { matchBars } from '../faces/thresholds.js';
import { iou } from '../faces/tiles.js';
import type { BibRepository } from '../repositories/bibs.js';
import type { FaceRepository, NewFace } from '../repositories/faces.js';
import { boxKey, type HideRepository, type PhotoHide } from '../repositories/hides.js';
import { canonicalBib } from '../results/index.js';
import { photosConfigOf } from './event-config.js';
import type { EventService } from './events.js';
import type { FaceIndexes } from './face-indexes.js';
import type { JobService } from './jobs.js';

/** A face found on a photo overlapping a blurred box this much (IoU) is that box's face. */
const BLURRED_BOX_IOU = 0.5;

/** Faces looked at for one request: far more photos than one runner is on. */
const MAX_HIDDEN_FACES = 5000;

/**
 * The most photos one request may hide: a runner is on a few photos of an event, tens on a big
 * one; a face that matches more is a crowd of look-alikes or not one person's (a face taken from
 * a gallery photo could hide many). The bound is a share of the event's photos, at least
 * `HIDE_CAP_MIN` (a small event's runner may be on most of its photos) and at most `HIDE_CAP_MAX`.
 */
export const HIDE_CAP_MAX = HIDE_PHOTOS_MAX;
export const HIDE_CAP_MIN = 20;
export const HIDE_CAP_SHARE = 0.1;

/** The most photos one request may hide on an event of `photos` photos. */
export function hideCap(photos: number): number {
  return Math.min(HIDE_CAP_MAX, Math.max(HIDE_CAP_MIN, Math.ceil(photos * HIDE_CAP_SHARE)));
}

export const tooManyMessage = (found: number, cap: number) =>
  `This face looks like the face in ${found} photos of this event, more than one request can hide (${cap}). ` +
  'It may match other people too. Use a clear selfie of your own face, looking at the camera, ' +
  'or ask the organiser to hide you.';

export const NONE_CONFIRMED_MESSAGE =
  'None of the photos you chose shows this face any more. Take a new selfie and choose again.';

export const UNKNOWN_REQUEST_MESSAGE =
  'This hide request is not one of this event’s (it may be undone already).';

export const HIDE_OFF_MESSAGE =
  'Hiding a face needs selfie search, which is turned off for this event.';

/** What a hide does to the photos it changes, beyond the rows (the photo service). */
export interface PhotoCaches {
  /** The photo's look-up and copies in memory are dropped (served blurred from now on). */
  forgetPhoto(uuid: string): void;
}

/**
 * "Hide me everywhere": a runner's face description hides their face on the event's photos
 * (blurred in every variant and download, out of selfie search and "more photos of you") and
 * drops the photos from their bib's search; kept, so the `faces` job hides it on photos uploaded
 * later. Only the descriptor is stored; the organiser sees counts.
 */
export class HideService {
  constructor(
    private readonly hides: HideRepository,
    private readonly faces: FaceRepository,
    private readonly bibs: BibRepository,
    private readonly events: EventService,
    private readonly indexes: FaceIndexes,
    private readonly jobs: JobService,
    private readonly caches: PhotoCaches,
    /** Public answers (bib searches) changed for the event. */
    private readonly onChange: (eventId: number) => void,
  ) {}

  /** A visitor's request: counted only (`dry_run`), or kept and applied to the event's photos. */
  async request(
    eventId: number,
    input: HideRequestInput,
    appDomain: string | undefined,
  ): Promise<HideRequestAnswer> {
    const event = await this.events.requirePublished(eventId, appDomain);
    if (!photosConfigOf(event).feature_flag.selfie_search)
      throw new AppError(403, HIDE_OFF_MESSAGE);
    const index = await this.indexes.get(eventId);
    // The most similar face of each photo that is a sure match, as a selfie search's: at the
    // hide threshold or above, and standing out from the event's faces (thresholds.ts).
    const { standout } = matchBars(HIDE_SIMILARITY, index.size).match;
    const best = new Map<string, number>();
    for (const face of index.search(input.embedding, {
      limit: MAX_HIDDEN_FACES,
      minSimilarity: HIDE_SIMILARITY,
      minStandout: Number.isFinite(standout) ? standout : undefined,
    }))
      if (!best.has(face.photoId)) best.set(face.photoId, face.id);
    // Refused whole, dry run too: the visitor learns it before confirming, nothing is hidden.
    if (best.size > HIDE_CAP_MIN) {
      const cap = hideCap(await this.hides.photoCount(eventId));
      if (best.size > cap) throw new AppError(422, tooManyMessage(best.size, cap));
    }
    if (input.dry_run)
      return {
        photos: best.size,
        stored: false,
        matches: await this.hides.previewOf([...best.values()]),
      };
    // Only the photos the visitor confirmed, of those the face was found on.
    const confirmed = input.photos && new Set(input.photos.map((uuid) => uuid.toLowerCase()));
    const chosen = [...best].filter(([uuid]) => !confirmed || confirmed.has(uuid.toLowerCase()));
    if (confirmed && confirmed.size > 0 && chosen.length === 0)
      throw new AppError(422, NONE_CONFIRMED_MESSAGE);
    const requestId = await this.hides.addRequest(eventId, input.embedding);
    const bib = input.bib === undefined ? undefined : canonicalBib(input.bib);
    await this.hidePhotos(eventId, chosen, bib, () => requestId);
    return { photos: chosen.length, stored: true };
  }

  /** The `faces` job: which of a new photo's faces the event's requests hide. */
  async facesToHide(eventId: number, faces: readonly NewFace[]): Promise<boolean[]> {
    if (faces.length === 0) return [];
    const requests = (await this.hides.requestsOf(eventId)).map((r) => r.embedding);
    if (requests.length === 0) return faces.map(() => false);
    // Each request's face held to what standing out from the event's faces takes.
    const index = await this.indexes.get(eventId);
    const { standout } = matchBars(HIDE_SIMILARITY, index.size).match;
    const bars = Number.isFinite(standout)
      ? requests.map((r) => index.similarityToStandOut(r, standout))
      : [];
    return facesToHide(requests, faces, bars);
  }

  /**
   * The `faces` job: which of a photo's faces lie on a box already blurred there. They stay
   * hidden when the photo's faces are found or described again (a new face recipe, "detect
   * again"), even where the new descriptor no longer matches the request that hid them.
   */
  async facesOnBlurs(uuid: string, faces: readonly NewFace[]): Promise<boolean[]> {
    if (faces.length === 0) return [];
    const boxes = await this.hides.boxesOf(uuid);
    return faces.map((face) => boxes.some((box) => iou(box, face.box) >= BLURRED_BOX_IOU));
  }

  /** The `faces` job stored these faces hidden: their boxes are blurred, their bibs hidden. */
  async hideStoredFaces(eventId: number, uuid: string, faceIds: number[]): Promise<void> {
    const requestOf = await this.requestsOfFaces(eventId, uuid);
    await this.hidePhotos(
      eventId,
      faceIds.map((id) => [uuid, id]),
      undefined,
      (id) => requestOf.get(id) ?? null,
    );
  }

  /**
   * Each face of the photo and the request whose hide it is: the one that blurred its box, or
   * else the request its face is most like.
   */
  private async requestsOfFaces(eventId: number, uuid: string): Promise<Map<number, number>> {
    const requests = await this.hides.requestsOf(eventId);
    const byFace = new Map<number, number>();
    if (requests.length === 0) return byFace;
    const ofBox = await this.hides.requestsOfBoxes(uuid);
    for (const face of await this.faces.ofPhoto(uuid)) {
      const blurredBy = ofBox.get(boxKey(withBox(face).box));
      if (blurredBy !== undefined && blurredBy !== null) {
        byFace.set(face.id, blurredBy);
        continue;
      }
      let best = requests[0]!;
      let bestSimilarity = -Infinity;
      for (const r of requests) {
        let dot = 0;
        for (let k = 0; k < r.embedding.length; k++)
          dot += r.embedding[k]! * (face.embedding[k] ?? 0);
        if (dot > bestSimilarity) [best, bestSimilarity] = [r, dot];
      }
      byFace.set(face.id, best.id);
    }
    return byFace;
  }

  /**
   * The `bibs` job stored a photo's readings: those worn by a hidden face stop finding it (the
   * `faces` job may have run first).
   */
  async bibsRead(eventId: number, uuid: string): Promise<void> {
    const faces = (await this.faces.ofPhoto(uuid)).map(withBox);
    const hidden = faces.filter((f) => f.hidden);
    if (hidden.length === 0) return;
    // Each hidden face's bibs, for the request that blurred that face.
    const readings = await this.bibs.ofPhoto(uuid);
    const requestOfBox = await this.hides.requestsOfBoxes(uuid);
    const bibs = hidden.flatMap((f) =>
      hiddenBibs(readings, faces, new Set([f.id])).map((bib) => ({
        bib,
        requestId: requestOfBox.get(boxKey(f.box)) ?? null,
      })),
    );
    await this.hides.hideBibs(eventId, uuid, bibs);
    if (bibs.length > 0) this.onChange(eventId);
  }

  /**
   * A photo is about to be tagged by hand with these bibs: those a hide request hid on any photo
   * of the event are the hidden runners', so they are hidden on this photo too before the tags
   * are stored (a tag has no box to find its wearer by; the runner asked not to be found).
   */
  async beforeManualTags(eventId: number, uuid: string, bibs: readonly string[]): Promise<void> {
    if (bibs.length === 0) return;
    const hidden = await this.hides.hiddenBibsOfEvent(eventId);
    await this.hides.hideBibs(
      eventId,
      uuid,
      bibs.filter((b) => hidden.has(b)).map((bib) => ({ bib, requestId: hidden.get(bib) ?? null })),
    );
  }

  /** The event's counts, for its organiser (or the operator's CLI: `organiserId` null). */
  async stats(eventId: number, organiserId: number | null): Promise<HideRequestStats> {
    if (organiserId === null) await this.events.require(eventId);
    else await this.events.requireOwned(eventId, organiserId);
    return this.hides.stats(eventId);
  }

  /**
   * Hides these faces ([photo, face id] pairs): the rows marked and left out of the search
   * indexes, the boxes kept for the blur, the bibs their wearers wore (and `bib`) hidden; each
   * photo that changed is dropped from the caches here and its stored copies made again by a
   * `redact` job.
   */
  private async hidePhotos(
    eventId: number,
    pairs: Array<[string, number]>,
    bib: string | undefined,
    requestOf: (faceId: number) => number | null,
  ): Promise<void> {
    if (pairs.length === 0) return;
    const byPhoto = new Map<string, Set<number>>();
    for (const [uuid, id] of pairs) byPhoto.set(uuid, (byPhoto.get(uuid) ?? new Set()).add(id));
    const plan: PhotoHide[] = [];
    for (const [uuid, ids] of byPhoto) {
      const faces = (await this.faces.ofPhoto(uuid)).map(withBox);
      const readings = await this.bibs.ofPhoto(uuid);
      // One entry per request: each request's undo shows its own faces and bibs again.
      const byRequest = new Map<number | null, typeof faces>();
      for (const f of faces.filter((face) => ids.has(face.id)))
        byRequest.set(requestOf(f.id), [...(byRequest.get(requestOf(f.id)) ?? []), f]);
      for (const [requestId, hidden] of byRequest)
        plan.push({
          uuid,
          faceIds: hidden.map((f) => f.id),
          boxes: hidden.map((f) => f.box),
          bibs: hiddenBibs(readings, faces, new Set(hidden.map((f) => f.id)), bib),
          requestId,
        });
    }
    const changed = await this.hides.hide(eventId, plan);
    for (const photo of plan) await this.indexes.hideFaces(eventId, photo.uuid, photo.faceIds);
    await this.redactAgain(eventId, changed);
  }

  /** Photos whose blurred boxes changed: dropped from the caches, their copies made again. */
  private async redactAgain(eventId: number, changed: readonly string[]): Promise<void> {
    for (const uuid of changed) this.caches.forgetPhoto(uuid);
    if (changed.length > 0)
      await this.jobs.enqueue(
        changed.map((uuid) => ({
          kind: 'redact' as const,
          payload: { eventId, uuid },
          idempotencyKey: `redact:${uuid}:${Date.now().toString(36)}`,
          eventId,
        })),
      );
    this.onChange(eventId);
  }

  /**
   * The organiser undoes a request: the faces and bibs it hid are shown and found again, and its
   * descriptor is deleted (photos uploaded later are no longer checked against it). The number
   * of photos changed; 404 for a request that is not the event's.
   */
  async undo(eventId: number, requestId: number, organiserId: number): Promise<number> {
    await this.events.requireOwned(eventId, organiserId);
    const changed = await this.hides.undo(eventId, requestId);
    if (changed === null) throw new AppError(404, UNKNOWN_REQUEST_MESSAGE);
    for (const uuid of changed) await this.indexes.showFaces(eventId, uuid);
    await this.redactAgain(eventId, changed);
    return changed.length;
  }

  /** The event's requests, newest first, for its organiser. */
  async list(eventId: number, organiserId: number): Promise<HideRequestItem[]> {
    await this.events.requireOwned(eventId, organiserId);
    return this.hides.listOf(eventId);
  }
}

function withBox<F extends { boxX: number; boxY: number; boxW: number; boxH: number }>(face: F) {
  return { ...face, box: { x: face.boxX, y: face.boxY, width: face.boxW, height: face.boxH } };
}
