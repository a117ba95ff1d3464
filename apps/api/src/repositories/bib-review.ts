import { sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import type { PhotoStateRow } from './event-contents.js';

type Row = Record<string, unknown>;
const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

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
    return sql`p.event_id = ${eventId}
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

  /** Up to `limit` photos to review in gallery order, after the photo `after` when given. */
  async page(
    eventId: number,
    threshold: number,
    after: string | undefined,
    limit: number,
  ): Promise<PhotoStateRow[]> {
    const cursor = after
      ? sql`and (p.sort_at, p.uuid) > (select a.sort_at, a.uuid from photos a where a.uuid = ${after}::uuid)`
      : sql``;
    const rows = await this.rows(sql`
      select p.uuid::text as uuid, p.width, p.height, p.captured_at, p.created_at, p.byte_size,
        coalesce((select json_agg(json_build_object('bib', b.bib, 'source', b.source,
                    'confidence', b.confidence) order by b.confidence desc, b.bib)
                  from photo_bibs b where b.photo_uuid = p.uuid and not b.derived), '[]'::json) as bibs,
        (select count(*)::int from photo_faces f where f.photo_uuid = p.uuid) as faces,
        (select count(*)::int from hidden_faces h where h.photo_uuid = p.uuid) as hidden_faces
      from photos p
      where ${this.wanted(eventId, threshold)} ${cursor}
      order by p.sort_at, p.uuid
      limit ${limit}`);
    return rows.map((r) => ({
      uuid: String(r.uuid),
      width: Number(r.width),
      height: Number(r.height),
      capturedAt: r.captured_at === null ? null : toDate(r.captured_at),
      createdAt: toDate(r.created_at),
      byteSize: Number(r.byte_size),
      bibs: (typeof r.bibs === 'string' ? JSON.parse(r.bibs) : r.bibs) as PhotoStateRow['bibs'],
      faces: Number(r.faces),
      hiddenFaces: Number(r.hidden_faces),
    }));
  }
}
