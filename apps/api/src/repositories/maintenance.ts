import { sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';

type Row = Record<string, unknown>;

/** What the start-up sweep asks the database: which files are still wanted, and old job rows. */
export class MaintenanceRepository {
  constructor(private readonly db: Db) {}

  private async rows(query: ReturnType<typeof sql>): Promise<Row[]> {
    return ((await this.db.execute(query)) as unknown as { rows: Row[] }).rows;
  }

  /** Incoming files that an ingest job still waiting or running will read. */
  async pendingIncomingKeys(): Promise<Set<string>> {
    const rows = await this.rows(
      sql`select payload->>'incomingKey' as key from jobs
          where kind = 'ingest' and state in ('queued', 'running')`,
    );
    return new Set(rows.map((r) => String(r.key)));
  }

  /** The original of every photo. */
  async photoBlobKeys(): Promise<Set<string>> {
    const rows = await this.rows(sql`select blob_key from photos`);
    return new Set(rows.map((r) => String(r.blob_key)));
  }

  async photoUuids(): Promise<Set<string>> {
    const rows = await this.rows(sql`select uuid::text as uuid from photos`);
    return new Set(rows.map((r) => String(r.uuid)));
  }

  async eventIds(): Promise<Set<string>> {
    const rows = await this.rows(sql`select id::text as id from events`);
    return new Set(rows.map((r) => String(r.id)));
  }

  /** Removes finished and failed job rows last changed before `before`; how many. */
  async deleteFinishedJobs(before: Date): Promise<number> {
    const rows = await this.rows(
      sql`delete from jobs where state in ('done', 'failed') and updated_at < ${before.toISOString()}::timestamptz
          returning id`,
    );
    return rows.length;
  }
}
