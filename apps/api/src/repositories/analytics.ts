import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';

export interface DailyCount {
  eventId: number;
  /** YYYY-MM-DD (UTC). */
  day: string;
  kind: string;
  count: number;
}

/** The per-day counts of events' visitor analytics (`event_daily_stats`). */
export class AnalyticsRepository {
  constructor(private readonly db: Db) {}

  /** Adds counts in one statement (each row added to what is stored for its day and kind). */
  async add(counts: DailyCount[]): Promise<void> {
    if (counts.length === 0) return;
    const values: SQL[] = counts.map(
      (c) => sql`(${c.eventId}::int, ${c.day}::date, ${c.kind}::text, ${c.count}::int)`,
    );
    // An event deleted since its counts were taken: its rows are dropped, not an error.
    await this.db.execute(sql`
      insert into event_daily_stats (event_id, day, kind, count)
      select v.event_id, v.day, v.kind, v.count
      from (values ${sql.join(values, sql`, `)}) as v(event_id, day, kind, count)
      where exists (select 1 from events e where e.id = v.event_id)
      on conflict (event_id, day, kind)
      do update set count = event_daily_stats.count + excluded.count`);
  }

  /** The stored counts of one event between two days (both included). */
  async between(eventId: number, from: string, to: string): Promise<DailyCount[]> {
    const result = (await this.db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, kind, count
      from event_daily_stats
      where event_id = ${eventId} and day between ${from}::date and ${to}::date`)) as unknown as {
      rows: Array<{ day: string; kind: string; count: number }>;
    };
    return result.rows.map((r) => ({ eventId, day: r.day, kind: r.kind, count: Number(r.count) }));
  }
}
