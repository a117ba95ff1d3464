import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';

type Row = Record<string, unknown>;

/** A photo as its organiser's list shows it: what was read on it and what is hidden. */
export interface PhotoStateRow {
  uuid: string;
  width: number;
  height: number;
  capturedAt: Date | null;
  createdAt: Date;
  byteSize: number;
  /** The file's name as uploaded; null for photos made before it was kept. */
  originalName: string | null;
  bibs: Array<{ bib: string; source: 'ocr' | 'manual'; confidence: number }>;
  faces: number;
  hiddenFaces: number;
  hidden: boolean;
}

/** What deleting an event leaves to remove from the blob stores. */
export interface DeletedEventFiles {
  photos: Array<{ uuid: string; blobKey: string }>;
  /** Files of the event's ingest jobs still in the incoming store. */
  incomingKeys: string[];
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/**
 * The photos `where` selects (over `photos p`), as their organiser sees them, in gallery order;
 * `tail` pages them (offset / limit). The one query of the console's photo lists.
 */
export async function photoStates(
  db: Pick<Db, 'execute'>,
  where: SQL,
  tail: SQL,
  /** Gallery order unless told. */
  order: SQL = sql`p.sort_at, p.uuid`,
): Promise<PhotoStateRow[]> {
  const result = (await db.execute(sql`
    select p.uuid::text as uuid, p.width, p.height, p.captured_at, p.created_at, p.byte_size,
      p.original_name,
      p.hidden_at is not null as hidden,
      coalesce((select json_agg(json_build_object('bib', b.bib, 'source', b.source,
                  'confidence', b.confidence) order by b.source desc, b.confidence desc, b.bib)
                from photo_bibs b where b.photo_uuid = p.uuid and not b.derived), '[]'::json) as bibs,
      (select count(*)::int from photo_faces f where f.photo_uuid = p.uuid) as faces,
      (select count(*)::int from hidden_faces h where h.photo_uuid = p.uuid) as hidden_faces
    from photos p
    where ${where}
    order by ${order}
    ${tail}`)) as unknown as { rows: Row[] };
  return result.rows.map((r) => ({
    uuid: String(r.uuid),
    width: Number(r.width),
    height: Number(r.height),
    capturedAt: r.captured_at === null ? null : toDate(r.captured_at),
    createdAt: toDate(r.created_at),
    byteSize: Number(r.byte_size),
    originalName: r.original_name == null ? null : String(r.original_name),
    bibs: (typeof r.bibs === 'string' ? JSON.parse(r.bibs) : r.bibs) as PhotoStateRow['bibs'],
    faces: Number(r.faces),
    hiddenFaces: Number(r.hidden_faces),
    hidden: r.hidden === true || r.hidden === 't',
  }));
}

/** The whole of one event's contents at once: its photo list with states, and its deletion. */
export class EventContentsRepository {
  constructor(private readonly db: Db) {}

  private async rows(query: ReturnType<typeof sql>, db: Pick<Db, 'execute'> = this.db) {
    return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  }

  async photoCount(eventId: number): Promise<number> {
    const rows = await this.rows(
      sql`select count(*)::int as n from photos where event_id = ${eventId}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** A page of the event's photos in gallery order, with their bibs, faces and hidden faces. */
  async photoPage(eventId: number, offset: number, limit: number): Promise<PhotoStateRow[]> {
    return photoStates(this.db, sql`p.event_id = ${eventId}`, sql`offset ${offset} limit ${limit}`);
  }

  /**
   * Deletes the event's row and with it (cascade) its photos, bibs, faces, results, templates and
   * jobs, all or nothing; answers the files that are then no longer wanted, or undefined when the
   * event was not there.
   */
  async deleteEvent(eventId: number): Promise<DeletedEventFiles | undefined> {
    return this.db.transaction(async (tx) => {
      const photos = await this.rows(
        sql`select uuid::text as uuid, blob_key from photos where event_id = ${eventId}`,
        tx,
      );
      const incoming = await this.rows(
        sql`select payload->>'incomingKey' as key from jobs
            where event_id = ${eventId} and kind = 'ingest' and state <> 'done'`,
        tx,
      );
      const deleted = await this.rows(
        sql`delete from events where id = ${eventId} returning id`,
        tx,
      );
      if (deleted.length === 0) return undefined;
      return {
        photos: photos.map((r) => ({ uuid: String(r.uuid), blobKey: String(r.blob_key) })),
        incomingKeys: incoming.map((r) => r.key).filter((k) => typeof k === 'string'),
      };
    });
  }
}
