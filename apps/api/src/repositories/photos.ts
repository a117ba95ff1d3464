import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { events, photos } from '../adapters/db/schema.js';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhotoRow = Omit<typeof photos.$inferInsert, 'createdAt'>;

export class PhotoRepository {
  constructor(private readonly db: Db) {}

  /** Inserts unless the event already has a photo with this checksum; true when inserted. */
  async insertUnlessDuplicate(row: NewPhotoRow): Promise<boolean> {
    const inserted = await this.db
      .insert(photos)
      .values(row)
      .onConflictDoNothing({ target: [photos.eventId, photos.checksum] })
      .returning({ uuid: photos.uuid });
    return inserted.length === 1;
  }

  async checksumsOf(eventId: number): Promise<Set<string>> {
    const rows = await this.db
      .select({ c: photos.checksum })
      .from(photos)
      .where(eq(photos.eventId, eventId));
    return new Set(rows.map((r) => r.c));
  }

  /** The photo when its event is published; photos of unpublished events do not exist for callers. */
  async findServable(uuid: string): Promise<(PhotoRow & { eventSlugName: string }) | undefined> {
    const rows = await this.db
      .select({ photo: photos, eventName: events.name })
      .from(photos)
      .innerJoin(events, eq(events.id, photos.eventId))
      .where(and(eq(photos.uuid, uuid), eq(events.published, true)))
      .limit(1);
    const row = rows[0];
    return row ? { ...row.photo, eventSlugName: row.eventName } : undefined;
  }

  async count(eventId: number): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(photos)
      .where(eq(photos.eventId, eventId));
    return rows[0]?.n ?? 0;
  }

  /** A page in gallery order (sort_at, uuid), after the given position. */
  async page(
    eventId: number,
    after: { sortAt: Date; uuid: string } | null,
    limit: number,
  ): Promise<PhotoRow[]> {
    const position = after
      ? or(
          gt(photos.sortAt, after.sortAt),
          and(eq(photos.sortAt, after.sortAt), gt(photos.uuid, after.uuid)),
        )
      : undefined;
    return this.db
      .select()
      .from(photos)
      .where(and(eq(photos.eventId, eventId), position))
      .orderBy(asc(photos.sortAt), asc(photos.uuid))
      .limit(limit);
  }
}
