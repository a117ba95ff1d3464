import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import {
  hiddenBibs,
  hiddenFaces,
  hideRequests,
  photoFaces,
  photos,
} from '../adapters/db/schema.js';
import { embeddingFromBytes, embeddingToBytes } from '../faces/vectors.js';
import type { HideMatch } from '@eventsite/contract';

export interface HiddenBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What to hide on one photo: face rows (left out of search), boxes (blurred), bibs (unfound). */
export interface PhotoHide {
  uuid: string;
  faceIds: number[];
  boxes: HiddenBox[];
  bibs: string[];
}

/** "Hide me everywhere": the stored requests, and where faces and bibs of photos are hidden. */
export class HideRepository {
  constructor(private readonly db: Db) {}

  /** Keeps a request: the face descriptor only. */
  async addRequest(eventId: number, embedding: ArrayLike<number>): Promise<void> {
    await this.db
      .insert(hideRequests)
      .values({ eventId, embeddingF32: embeddingToBytes(embedding) });
  }

  /** The descriptors of the event's requests (checked against every photo uploaded later). */
  async requestEmbeddings(eventId: number): Promise<Float32Array[]> {
    const rows = await this.db
      .select({ embedding: hideRequests.embeddingF32 })
      .from(hideRequests)
      .where(eq(hideRequests.eventId, eventId));
    return rows.map((r) => embeddingFromBytes(r.embedding));
  }

  /**
   * Marks the faces hidden, keeps their boxes and hides the bibs, in one transaction; a photo
   * that gained a box gets a new redaction (its blurred copies are made again). The uuids of
   * those photos.
   */
  async hide(eventId: number, hides: PhotoHide[]): Promise<string[]> {
    if (hides.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const faceIds = hides.flatMap((h) => h.faceIds);
      if (faceIds.length > 0)
        await tx.update(photoFaces).set({ hidden: true }).where(inArray(photoFaces.id, faceIds));
      const boxes = hides.flatMap((h) =>
        h.boxes.map((b) => ({
          photoUuid: h.uuid,
          eventId,
          boxX: Math.round(b.x),
          boxY: Math.round(b.y),
          boxW: Math.round(b.width),
          boxH: Math.round(b.height),
        })),
      );
      const added =
        boxes.length === 0
          ? []
          : await tx
              .insert(hiddenFaces)
              .values(boxes)
              .onConflictDoNothing()
              .returning({ uuid: hiddenFaces.photoUuid });
      const bibs = hides.flatMap((h) => h.bibs.map((bib) => ({ photoUuid: h.uuid, eventId, bib })));
      if (bibs.length > 0) await tx.insert(hiddenBibs).values(bibs).onConflictDoNothing();
      const changed = [...new Set(added.map((a) => a.uuid))];
      if (changed.length > 0)
        await tx
          .update(photos)
          .set({
            redaction: sql`${photos.redaction} + 1`,
            redactedSize: null,
            redactedCrc32: null,
          })
          .where(inArray(photos.uuid, changed));
      return changed;
    });
  }

  /**
   * What a dry run shows the visitor: each face's photo (its id and size) and box, in the order
   * of `faceIds` (most alike first).
   */
  async previewOf(faceIds: number[]): Promise<HideMatch[]> {
    if (faceIds.length === 0) return [];
    const rows = await this.db
      .select({
        id: photoFaces.id,
        uuid: photos.uuid,
        width: photos.width,
        height: photos.height,
        x: photoFaces.boxX,
        y: photoFaces.boxY,
        w: photoFaces.boxW,
        h: photoFaces.boxH,
      })
      .from(photoFaces)
      .innerJoin(photos, eq(photos.uuid, photoFaces.photoUuid))
      .where(inArray(photoFaces.id, faceIds));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return faceIds.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const box = { x: r.x, y: r.y, width: r.w, height: r.h };
      return [{ uuid: r.uuid, width: r.width, height: r.height, box }];
    });
  }

  /** Every bib a hide request hid on some photo of the event (the hidden runners' bibs). */
  async hiddenBibsOfEvent(eventId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectDistinct({ bib: hiddenBibs.bib })
      .from(hiddenBibs)
      .where(eq(hiddenBibs.eventId, eventId));
    return new Set(rows.map((r) => r.bib));
  }

  async hideBibs(eventId: number, photoUuid: string, bibs: string[]): Promise<void> {
    if (bibs.length === 0) return;
    await this.db
      .insert(hiddenBibs)
      .values(bibs.map((bib) => ({ photoUuid, eventId, bib })))
      .onConflictDoNothing();
  }

  /** The boxes blurred on the photo. */
  async boxesOf(photoUuid: string): Promise<HiddenBox[]> {
    const rows = await this.db
      .select()
      .from(hiddenFaces)
      .where(eq(hiddenFaces.photoUuid, photoUuid))
      .orderBy(hiddenFaces.id);
    return rows.map((r) => ({ x: r.boxX, y: r.boxY, width: r.boxW, height: r.boxH }));
  }

  /** Records the blurred download copy of this redaction (not when a newer one has begun). */
  async setBlurredCopy(uuid: string, redaction: number, size: number, crc32: number) {
    await this.db
      .update(photos)
      .set({ redactedSize: size, redactedCrc32: crc32 })
      .where(and(eq(photos.uuid, uuid), eq(photos.redaction, redaction)));
  }

  /** How many photos the event has (a hide request's cap is a share of them). */
  async photoCount(eventId: number): Promise<number> {
    return this.db.$count(photos, eq(photos.eventId, eventId));
  }

  /** Counts for the organiser: requests, hidden faces, photos with one, photos held back. */
  async stats(eventId: number) {
    const [requests, faces, hiddenPhotos, held] = await Promise.all([
      this.db.$count(hideRequests, eq(hideRequests.eventId, eventId)),
      this.db.$count(hiddenFaces, eq(hiddenFaces.eventId, eventId)),
      this.db
        .select({ n: sql<number>`count(distinct ${hiddenFaces.photoUuid})::int` })
        .from(hiddenFaces)
        .where(eq(hiddenFaces.eventId, eventId)),
      this.db.$count(photos, and(eq(photos.eventId, eventId), isNotNull(photos.heldAt))),
    ]);
    return {
      requests,
      hidden_faces: faces,
      hidden_photos: hiddenPhotos[0]?.n ?? 0,
      held_photos: held,
    };
  }
}
