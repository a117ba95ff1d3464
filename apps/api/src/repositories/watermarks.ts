import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { eventFrames, eventWatermarks } from '../adapters/db/schema.js';

export type WatermarkRow = typeof eventWatermarks.$inferSelect;
export type WatermarkValues = Partial<
  Omit<typeof eventWatermarks.$inferInsert, 'eventId' | 'updatedAt'>
>;
export type FrameRow = typeof eventFrames.$inferSelect;
export type NewFrameRow = Omit<typeof eventFrames.$inferInsert, 'id' | 'createdAt'>;

/** An event's watermark (one row, made on its first change) and its sponsor frames. */
export class WatermarkRepository {
  constructor(private readonly db: Db) {}

  async find(eventId: number): Promise<WatermarkRow | undefined> {
    const rows = await this.db
      .select()
      .from(eventWatermarks)
      .where(eq(eventWatermarks.eventId, eventId))
      .limit(1);
    return rows[0];
  }

  /**
   * Writes the values (the row is made on the first change); with `bump`, the version goes up by
   * one in the same statement, so two changes at once never share a version.
   */
  async save(eventId: number, values: WatermarkValues, bump: boolean): Promise<WatermarkRow> {
    const set = {
      ...values,
      updatedAt: new Date(),
      ...(bump ? { version: sql`${eventWatermarks.version} + 1` } : {}),
    };
    const rows = await this.db
      .insert(eventWatermarks)
      .values({ eventId, ...values, version: bump ? 1 : 0 })
      .onConflictDoUpdate({ target: eventWatermarks.eventId, set })
      .returning();
    return rows[0]!;
  }

  /** The `watermark` job finished this version (never goes back: a later job may finish first). */
  async setRendered(eventId: number, version: number): Promise<void> {
    await this.db
      .update(eventWatermarks)
      .set({ renderedVersion: sql`greatest(${eventWatermarks.renderedVersion}, ${version})` })
      .where(eq(eventWatermarks.eventId, eventId));
  }

  async frames(eventId: number): Promise<FrameRow[]> {
    return this.db
      .select()
      .from(eventFrames)
      .where(eq(eventFrames.eventId, eventId))
      .orderBy(asc(eventFrames.id));
  }

  async frame(eventId: number, frameId: number): Promise<FrameRow | undefined> {
    const rows = await this.db
      .select()
      .from(eventFrames)
      .where(and(eq(eventFrames.eventId, eventId), eq(eventFrames.id, frameId)))
      .limit(1);
    return rows[0];
  }

  async frameCount(eventId: number): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(eventFrames)
      .where(eq(eventFrames.eventId, eventId));
    return Number(rows[0]?.n ?? 0);
  }

  async addFrame(row: NewFrameRow): Promise<FrameRow> {
    const rows = await this.db.insert(eventFrames).values(row).returning();
    return rows[0]!;
  }

  async deleteFrame(eventId: number, frameId: number): Promise<FrameRow | undefined> {
    const rows = await this.db
      .delete(eventFrames)
      .where(and(eq(eventFrames.eventId, eventId), eq(eventFrames.id, frameId)))
      .returning();
    return rows[0];
  }

  /** Whether another frame of the event uses this file (the same PNG uploaded twice). */
  async fileInUse(eventId: number, file: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: eventFrames.id })
      .from(eventFrames)
      .where(and(eq(eventFrames.eventId, eventId), eq(eventFrames.file, file)))
      .limit(1);
    return rows.length > 0;
  }
}
