import { FACE_RECIPE_VERSION } from '@eventsite/contract/face-recipe';
import { and, asc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { events, photoFaces, photos } from '../adapters/db/schema.js';
import { shown } from './shown.js';
import { embeddingFromBytes, embeddingToBytes } from '../faces/vectors.js';

type StoredFaceRow = typeof photoFaces.$inferSelect;

/** A face as read back: the embedding from whichever column holds it. */
export type PhotoFaceRow = Omit<StoredFaceRow, 'embedding' | 'embeddingF32'> & {
  embedding: number[];
};

/** One face for the in-memory index. */
export interface IndexedFace {
  id: number;
  photoUuid: string;
  embedding: Float32Array;
  /** Read from the old `real[]` column: `compact` converts it. */
  legacy: boolean;
}

export interface NewFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  embedding: ArrayLike<number>;
  /** Matched by a hide request: stored, but never put in the search index. */
  hidden?: boolean;
  /** What says whether it can identify someone (faces/quality.ts); not stored. */
  quality?: { size: number; sharpness: number; yaw: number; pitch: number };
}

/** Rows read per query when an event's index is loaded. */
const LOAD_BATCH = 2000;

/** Faces on photos: what the `faces` job found, read back into the per-event index. */
export class FaceRepository {
  constructor(private readonly db: Db) {}

  /** Replaces the photo's faces (described under `recipeVersion`); the ids of the new rows. */
  async replace(
    eventId: number,
    photoUuid: string,
    faces: NewFace[],
    recipeVersion: string = FACE_RECIPE_VERSION,
  ): Promise<number[]> {
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
            embeddingF32: embeddingToBytes(f.embedding),
            hidden: f.hidden ?? false,
            recipeVersion,
          })),
        )
        .returning({ id: photoFaces.id });
      return rows.map((r) => r.id);
    });
  }

  /** Every face of the event but the hidden ones, in batches (the id order), for the in-memory index. */
  async *forEvent(eventId: number): AsyncGenerator<IndexedFace[]> {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .select({
          id: photoFaces.id,
          photoUuid: photoFaces.photoUuid,
          // As base64 text: drivers decode it natively, where PGlite parses bytea's hex text
          // in JavaScript (about 14 times slower).
          embeddingF32: sql<string | null>`encode(${photoFaces.embeddingF32}, 'base64')`,
          embedding: photoFaces.embedding,
        })
        .from(photoFaces)
        .where(
          and(
            eq(photoFaces.eventId, eventId),
            gt(photoFaces.id, after),
            eq(photoFaces.hidden, false),
          ),
        )
        .orderBy(asc(photoFaces.id))
        .limit(LOAD_BATCH);
      if (rows.length === 0) return;
      yield rows.map((row) => ({
        id: row.id,
        photoUuid: row.photoUuid,
        embedding: embeddingOf({
          embeddingF32: row.embeddingF32 === null ? null : Buffer.from(row.embeddingF32, 'base64'),
          embedding: row.embedding,
        }),
        legacy: row.embeddingF32 === null,
      }));
      after = rows[rows.length - 1]!.id;
      if (rows.length < LOAD_BATCH) return;
    }
  }

  /**
   * Rewrites faces read from the old `real[]` column as Float32 bytes (the same values: `real`
   * is a Float32), clearing the old column. A row changed meanwhile (the photo's faces replaced)
   * is left alone.
   */
  async compact(faces: Array<{ id: number; embedding: ArrayLike<number> }>): Promise<number> {
    if (faces.length === 0) return 0;
    return this.db.transaction(async (tx) => {
      let changed = 0;
      for (const face of faces) {
        const rows = await tx
          .update(photoFaces)
          .set({ embeddingF32: embeddingToBytes(face.embedding), embedding: null })
          .where(and(eq(photoFaces.id, face.id), isNull(photoFaces.embeddingF32)))
          .returning({ id: photoFaces.id });
        changed += rows.length;
      }
      return changed;
    });
  }

  /** Events whose faces should be in memory when the API starts: published, selfie search on, with faces. */
  async eventsToPreload(): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ id: photoFaces.eventId })
      .from(photoFaces)
      .innerJoin(events, eq(events.id, photoFaces.eventId))
      .where(eq(events.published, true));
    return rows.map((r) => r.id);
  }

  async ofPhoto(photoUuid: string): Promise<PhotoFaceRow[]> {
    const rows = await this.db
      .select()
      .from(photoFaces)
      .where(eq(photoFaces.photoUuid, photoUuid))
      .orderBy(asc(photoFaces.id));
    return rows.map(({ embeddingF32, embedding, ...rest }) => ({
      ...rest,
      embedding: Array.from(embeddingOf({ embeddingF32, embedding })),
    }));
  }

  /** These faces' photos and boxes (no descriptors). */
  async boxesOf(ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: photoFaces.id,
        photoUuid: photoFaces.photoUuid,
        boxX: photoFaces.boxX,
        boxY: photoFaces.boxY,
        boxW: photoFaces.boxW,
        boxH: photoFaces.boxH,
      })
      .from(photoFaces)
      .where(inArray(photoFaces.id, ids));
  }

  /** The boxes of the faces on these photos (no embeddings): whose bib each face wears. */
  async boxesOfPhotos(photoUuids: string[]): Promise<
    Array<{
      id: number;
      photoUuid: string;
      box: { x: number; y: number; width: number; height: number };
    }>
  > {
    if (photoUuids.length === 0) return [];
    const rows = await this.db
      .select({
        id: photoFaces.id,
        photoUuid: photoFaces.photoUuid,
        x: photoFaces.boxX,
        y: photoFaces.boxY,
        width: photoFaces.boxW,
        height: photoFaces.boxH,
      })
      .from(photoFaces)
      .where(inArray(photoFaces.photoUuid, photoUuids));
    return rows.map(({ id, photoUuid, ...box }) => ({ id, photoUuid, box }));
  }

  async countForEvent(eventId: number): Promise<number> {
    return this.db.$count(photoFaces, eq(photoFaces.eventId, eventId));
  }

  /** The event's stored faces (hidden ones too) and the photos they are on. */
  async countsForEvent(eventId: number): Promise<{ faces: number; photos: number }> {
    const rows = await this.db
      .select({
        faces: sql<number>`count(*)::int`,
        photos: sql<number>`count(distinct ${photoFaces.photoUuid})::int`,
      })
      .from(photoFaces)
      .where(eq(photoFaces.eventId, eventId));
    return { faces: Number(rows[0]?.faces ?? 0), photos: Number(rows[0]?.photos ?? 0) };
  }

  /** Of the event's photos with faces, those with a face described under another recipe. */
  async photosDescribedOtherwise(eventId: number, recipeVersion = FACE_RECIPE_VERSION) {
    const rows = await this.db
      .select({ photos: sql<number>`count(distinct ${photoFaces.photoUuid})::int` })
      .from(photoFaces)
      .where(and(eq(photoFaces.eventId, eventId), ne(photoFaces.recipeVersion, recipeVersion)));
    return Number(rows[0]?.photos ?? 0);
  }

  /** The photos with a face described under another recipe, event by event. */
  async describedOtherwise(recipeVersion = FACE_RECIPE_VERSION): Promise<Map<number, string[]>> {
    const rows = await this.db
      .selectDistinct({ eventId: photoFaces.eventId, photoUuid: photoFaces.photoUuid })
      .from(photoFaces)
      .where(ne(photoFaces.recipeVersion, recipeVersion))
      .orderBy(asc(photoFaces.eventId), asc(photoFaces.photoUuid));
    const byEvent = new Map<number, string[]>();
    for (const row of rows) {
      const uuids = byEvent.get(row.eventId);
      if (uuids) uuids.push(row.photoUuid);
      else byEvent.set(row.eventId, [row.photoUuid]);
    }
    return byEvent;
  }

  /**
   * Deletes every face of the event; how many. `keepHidden`: the faces hide requests matched stay
   * (their boxes keep the blur and hide the bibs read later under them); `madeBefore`: only
   * faces found before then.
   */
  async deleteForEvent(
    eventId: number,
    options: { keepHidden?: boolean; madeBefore?: Date } = {},
  ): Promise<number> {
    const rows = await this.db
      .delete(photoFaces)
      .where(
        and(
          eq(photoFaces.eventId, eventId),
          options.keepHidden ? eq(photoFaces.hidden, false) : undefined,
          options.madeBefore ? lt(photoFaces.createdAt, options.madeBefore) : undefined,
        ),
      )
      .returning({ id: photoFaces.id });
    return rows.length;
  }

  /** Whether the event has photos added before then (their faces, if any, are past retention). */
  async hasPhotosAddedBefore(eventId: number, before: Date): Promise<boolean> {
    const rows = await this.db
      .select({ uuid: photos.uuid })
      .from(photos)
      .where(and(eq(photos.eventId, eventId), lt(photos.createdAt, before)))
      .limit(1);
    return rows.length > 0;
  }

  /** Whether the event has searchable faces found before then. */
  async hasSearchableFacesBefore(eventId: number, madeBefore: Date): Promise<boolean> {
    const rows = await this.db
      .select({ id: photoFaces.id })
      .from(photoFaces)
      .where(
        and(
          eq(photoFaces.eventId, eventId),
          eq(photoFaces.hidden, false),
          lt(photoFaces.createdAt, madeBefore),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Events with faces a selfie search could find (not hidden). */
  async eventsWithSearchableFaces(): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ id: photoFaces.eventId })
      .from(photoFaces)
      .where(eq(photoFaces.hidden, false));
    return rows.map((r) => r.id);
  }

  /** The listed photos of these uuids in the event (for search answers); hidden ones are not. */
  async photosOf(eventId: number, uuids: string[]) {
    if (uuids.length === 0) return [];
    return this.db
      .select()
      .from(photos)
      .where(and(eq(photos.eventId, eventId), inArray(photos.uuid, uuids), shown));
  }
}

/** The embedding of a row, from the Float32 bytes or (rows written before them) the `real[]` column. */
function embeddingOf(row: {
  embeddingF32: Uint8Array | null;
  embedding: number[] | null;
}): Float32Array {
  if (row.embeddingF32) return embeddingFromBytes(row.embeddingF32);
  if (row.embedding) return Float32Array.from(row.embedding);
  throw new Error('a face row has no embedding');
}
