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
import type { HideMatch, HideRequestItem } from '@eventsite/contract';

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
  /** The request each box and bib is hidden for (its undo shows them again), or null. */
  requestId: number | null;
}

/** A box as a key: the same box on the same photo is the same hidden face. */
export const boxKey = (b: HiddenBox) =>
  `${Math.round(b.x)},${Math.round(b.y)},${Math.round(b.width)},${Math.round(b.height)}`;

/** "Hide me everywhere": the stored requests, and where faces and bibs of photos are hidden. */
export class HideRepository {
  constructor(private readonly db: Db) {}

  /** Keeps a request: the face descriptor only. Its id. */
  async addRequest(eventId: number, embedding: ArrayLike<number>): Promise<number> {
    const [row] = await this.db
      .insert(hideRequests)
      .values({ eventId, embeddingF32: embeddingToBytes(embedding) })
      .returning({ id: hideRequests.id });
    return row!.id;
  }

  /** The event's requests (checked against every photo uploaded later), oldest first. */
  async requestsOf(eventId: number): Promise<Array<{ id: number; embedding: Float32Array }>> {
    const rows = await this.db
      .select({ id: hideRequests.id, embedding: hideRequests.embeddingF32 })
      .from(hideRequests)
      .where(eq(hideRequests.eventId, eventId))
      .orderBy(hideRequests.id);
    return rows.map((r) => ({ id: r.id, embedding: embeddingFromBytes(r.embedding) }));
  }

  /** The requests as the organiser sees them: when, and what each blurred; newest first. */
  async listOf(eventId: number): Promise<HideRequestItem[]> {
    const result = (await this.db.execute(sql`
      select r.id, r.created_at, count(h.id)::int as faces, count(distinct h.photo_uuid)::int as photos
        from hide_requests r left join hidden_faces h on h.request_id = r.id
       where r.event_id = ${eventId}
       group by r.id order by r.id desc`)) as unknown as {
      rows: Array<{ id: unknown; created_at: unknown; faces: unknown; photos: unknown }>;
    };
    return result.rows.map((r) => ({
      id: Number(r.id),
      created_at: new Date(r.created_at as string).toISOString(),
      hidden_faces: Number(r.faces),
      hidden_photos: Number(r.photos),
    }));
  }

  /**
   * Undoes a request of the event: it is deleted with the boxes and bibs it hid, its faces are
   * shown again, and each photo that lost a box gets a new redaction. The photos changed, or
   * null when the event has no such request.
   */
  async undo(eventId: number, requestId: number): Promise<string[] | null> {
    return this.db.transaction(async (tx) => {
      const [request] = await tx
        .select({ id: hideRequests.id })
        .from(hideRequests)
        .where(and(eq(hideRequests.id, requestId), eq(hideRequests.eventId, eventId)));
      if (!request) return null;
      const boxes = await tx.select().from(hiddenFaces).where(eq(hiddenFaces.requestId, requestId));
      // Its boxes and bibs go with it (on delete cascade).
      await tx.delete(hideRequests).where(eq(hideRequests.id, requestId));
      for (const b of boxes)
        await tx
          .update(photoFaces)
          .set({ hidden: false })
          .where(
            and(
              eq(photoFaces.photoUuid, b.photoUuid),
              eq(photoFaces.boxX, b.boxX),
              eq(photoFaces.boxY, b.boxY),
              eq(photoFaces.boxW, b.boxW),
              eq(photoFaces.boxH, b.boxH),
            ),
          );
      const changed = [...new Set(boxes.map((b) => b.photoUuid))];
      if (changed.length > 0)
        await tx
          .update(photos)
          .set({ redaction: sql`${photos.redaction} + 1`, redactedSize: null, redactedCrc32: null })
          .where(inArray(photos.uuid, changed));
      return changed;
    });
  }

  /** The request that blurred each box of the photo (its `boxKey` → the id, or null). */
  async requestsOfBoxes(photoUuid: string): Promise<Map<string, number | null>> {
    const rows = await this.db
      .select()
      .from(hiddenFaces)
      .where(eq(hiddenFaces.photoUuid, photoUuid));
    return new Map(
      rows.map((r) => [
        boxKey({ x: r.boxX, y: r.boxY, width: r.boxW, height: r.boxH }),
        r.requestId,
      ]),
    );
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
          requestId: h.requestId,
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
      const bibs = hides.flatMap((h) =>
        h.bibs.map((bib) => ({ photoUuid: h.uuid, eventId, bib, requestId: h.requestId })),
      );
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
  async hiddenBibsOfEvent(eventId: number): Promise<Map<string, number | null>> {
    const rows = await this.db
      .select({ bib: hiddenBibs.bib, requestId: hiddenBibs.requestId })
      .from(hiddenBibs)
      .where(eq(hiddenBibs.eventId, eventId));
    const byBib = new Map<string, number | null>();
    for (const r of rows) if (!byBib.get(r.bib)) byBib.set(r.bib, r.requestId);
    return byBib;
  }

  /** Bibs that no longer find the photo, each for the request that hid its wearer (or null). */
  async hideBibs(
    eventId: number,
    photoUuid: string,
    bibs: ReadonlyArray<{ bib: string; requestId: number | null }>,
  ): Promise<void> {
    if (bibs.length === 0) return;
    await this.db
      .insert(hiddenBibs)
      .values(bibs.map(({ bib, requestId }) => ({ photoUuid, eventId, bib, requestId })))
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
