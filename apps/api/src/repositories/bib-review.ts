import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { type PhotoStateRow, photoStates } from './event-contents.js';

type Row = Record<string, unknown>;

/**
 * The photos of an event whose bibs want a person's eye: no manual tag yet, and no bib read or
 * a reading under the threshold (derived numbers of lettered bibs aside).
 */
export class BibReviewRepository {
  constructor(private readonly db: Db) {}

  private async rows(query: ReturnType<typeof sql>) {
    return ((await this.db.execute(query)) as unknown as { rows: Row[] }).rows;
  }

  private wanted(eventId: number, threshold: number) {
    // A hidden photo is served to nobody: nothing to find on it.
    return sql`p.event_id = ${eventId} and p.hidden_at is null
      and not exists (select 1 from photo_bibs b where b.photo_uuid = p.uuid and b.source = 'manual')
      and (not exists (select 1 from photo_bibs b where b.photo_uuid = p.uuid and b.source = 'ocr' and not b.derived)
        or exists (select 1 from photo_bibs b where b.photo_uuid = p.uuid and b.source = 'ocr'
                   and not b.derived and b.confidence < ${threshold}))`;
  }

  async count(eventId: number, threshold: number): Promise<number> {
    const rows = await this.rows(
      sql`select count(*)::int as n from photos p where ${this.wanted(eventId, threshold)}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Whether the photo is one of the event's (an `after` cursor of another event is refused). */
  async isOfEvent(eventId: number, uuid: string): Promise<boolean> {
    const rows = await this.rows(
      sql`select 1 from photos where uuid = ${uuid}::uuid and event_id = ${eventId}`,
    );
    return rows.length > 0;
  }

  /**
   * The photo's nearest miss: its best OCR reading under the threshold, or -1 when nothing was
   * read on it. The review list runs from the nearest misses down (the reader's least sure
   * answers: most often a real bib just under the bar, which one look settles), and ends with the
   * photos where nothing was read; gallery order among equals.
   */
  private nearestMiss(photo: SQL, threshold: number) {
    return sql`coalesce((select max(b.confidence) from photo_bibs b where b.photo_uuid = ${photo}.uuid
      and b.source = 'ocr' and not b.derived and b.confidence < ${threshold}), -1)`;
  }

  /** Up to `limit` photos to review, nearest misses first, after the photo `after` when given. */
  async page(
    eventId: number,
    threshold: number,
    after: string | undefined,
    limit: number,
  ): Promise<PhotoStateRow[]> {
    const key = this.nearestMiss(sql`p`, threshold);
    const cursor = after
      ? sql`and (-${key}, p.sort_at, p.uuid) > (select -${this.nearestMiss(sql`a`, threshold)}, a.sort_at, a.uuid from photos a where a.uuid = ${after}::uuid)`
      : sql``;
    return photoStates(
      this.db,
      sql`${this.wanted(eventId, threshold)} ${cursor}`,
      sql`limit ${limit}`,
      sql`${key} desc, p.sort_at, p.uuid`,
    );
  }
}
