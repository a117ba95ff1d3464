import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { photoFaces, photos } from '../adapters/db/schema.js';

export type PhotoFaceRow = typeof photoFaces.$inferSelect;

export interface NewFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  embedding: ArrayLike<number>;
}

/** Rows read per query when an event's index is loaded. */
const LOAD_BATCH = 2000;

/** Faces on photos: what the `faces` job found, read back into the per-event index. */
export class FaceRepository {
  constructor(private readonly db: Db) {}

  /** Replaces the photo's faces; the ids of the new rows. */
  async replace(eventId: number, photoUuid: string, faces: NewFace[]): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      await tx.delete(photoFaces).where(eq(photoFaces.photoUuid, photoUuid));
      if (faces.length === 0) return [];
      const rows = await tx
        .insert(photoFaces)
        .values(
          faces.map((f) => ({
            photoUuid,
            eventId,
            boxX: Math.round(f.box.x),
            boxY: Math.round(f.box.y),
            boxW: Math.round(f.box.width),
            boxH: Math.round(f.box.height),
            score: f.score,
            embedding: Array.from(f.embedding),
          })),
        )
        .returning({ id: photoFaces.id });
      return rows.map((r) => r.id);
    });
  }

  /** Every face of the event, in batches (the id order), for the in-memory index. */
  async *forEvent(
    eventId: number,
  ): AsyncGenerator<Array<{ id: number; photoUuid: string; embedding: number[] }>> {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .select({
          id: photoFaces.id,
          photoUuid: photoFaces.photoUuid,
          embedding: photoFaces.embedding,
        })
        .from(photoFaces)
        .where(and(eq(photoFaces.eventId, eventId), gt(photoFaces.id, after)))
        .orderBy(asc(photoFaces.id))
        .limit(LOAD_BATCH);
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1]!.id;
      if (rows.length < LOAD_BATCH) return;
    }
  }

  async ofPhoto(photoUuid: string): Promise<PhotoFaceRow[]> {
    return this.db
      .select()
      .from(photoFaces)
      .where(eq(photoFaces.photoUuid, photoUuid))
      .orderBy(asc(photoFaces.id));
  }

  async countForEvent(eventId: number): Promise<number> {
    return this.db.$count(photoFaces, eq(photoFaces.eventId, eventId));
  }

  /** Deletes every face of the event; how many. */
  async deleteForEvent(eventId: number): Promise<number> {
    const rows = await this.db
      .delete(photoFaces)
      .where(eq(photoFaces.eventId, eventId))
      .returning({ id: photoFaces.id });
    return rows.length;
  }

  /** Every photo of the event. */
  async photoUuids(eventId: number): Promise<string[]> {
    const rows = await this.db
      .select({ uuid: photos.uuid })
      .from(photos)
      .where(eq(photos.eventId, eventId))
      .orderBy(asc(photos.sortAt), asc(photos.uuid));
    return rows.map((r) => r.uuid);
  }

  /** The listed photos of these uuids in the event (for search answers). */
  async photosOf(eventId: number, uuids: string[]) {
    if (uuids.length === 0) return [];
    return this.db
      .select()
      .from(photos)
      .where(and(eq(photos.eventId, eventId), inArray(photos.uuid, uuids)));
  }
}
