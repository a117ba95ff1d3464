import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';

/** Which bib rows a visitor's bib search counts, per the event's bib configuration. */
export interface CountedBibs {
  manual: boolean;
  /** OCR readings count (the 'ocr' or 'results' strategy). */
  ocr: boolean;
  threshold: number;
}

export interface MissedSearchRow {
  kind: 'bib' | 'name';
  term: string;
  count: number;
  lastAt: Date;
}

/** The most distinct missed terms kept per event: a flood of junk searches stops there. */
export const MAX_MISSED_TERMS = 5_000;

/**
 * The findability dashboard's questions, in SQL: which registered runners a bib search finds,
 * which photos no search finds, which readings wait for a person, and the searches that found
 * nothing (kept as counts per term, nothing of who searched).
 */
export class FindabilityRepository {
  constructor(private readonly db: Db) {}

  private async rows<Row>(query: SQL): Promise<Row[]> {
    return ((await this.db.execute(query)) as unknown as { rows: Row[] }).rows;
  }

  /** A photo_bibs row `b` a bib search counts: as photos.ts `bibCondition`, for any bib. */
  private counted(c: CountedBibs): SQL {
    const branches: SQL[] = [];
    if (c.manual) branches.push(sql`b.source = 'manual'`);
    if (c.ocr)
      branches.push(
        sql`(b.source = 'ocr' and b.confidence >= ${c.threshold}${
          c.manual
            ? sql` and not exists (select 1 from photo_bibs m where m.photo_uuid = b.photo_uuid and m.source = 'manual')`
            : sql``
        })`,
      );
    if (branches.length === 0) return sql`false`;
    return sql`(${sql.join(branches, sql` or `)}) and not exists (select 1 from hidden_bibs h where h.photo_uuid = b.photo_uuid and h.bib = b.bib)`;
  }

  /** The runners of the results, each with whether a bib search finds a photo of them. */
  async runners(
    eventId: number,
    c: CountedBibs,
  ): Promise<Array<{ bib: string; name: string; found: boolean }>> {
    const rows = await this.rows<{ bib: string; name: string; found: boolean }>(sql`
      select r.bib, r.name,
        exists (select 1 from photo_bibs b join photos ph on ph.uuid = b.photo_uuid
                where b.event_id = ${eventId} and b.bib = r.bib and ph.hidden_at is null and ${this.counted(c)}) as found
      from race_results r
      where r.event_id = ${eventId}
      order by length(r.bib), r.bib`);
    return rows.map((r) => ({ bib: r.bib, name: r.name, found: r.found === true }));
  }

  /**
   * The event's photos visitors may see (a hidden photo is served to nobody): all, those no bib
   * or selfie search finds, those with a reading to check.
   */
  async photoCounts(
    eventId: number,
    c: CountedBibs,
  ): Promise<{ total: number; reading: number; unfindable: number; lowConfidence: number }> {
    const [row] = await this.rows<{
      total: number;
      reading: number;
      unfindable: number;
      low: number;
    }>(sql`
      with reading as (
        select distinct payload->>'uuid' as uuid from jobs
         where event_id = ${eventId} and state in ('queued', 'running') and kind in ('bibs', 'faces')
      )
      select
        count(*)::int as total,
        count(*) filter (where p.uuid::text in (select uuid from reading))::int as reading,
        count(*) filter (where
          not exists (select 1 from photo_bibs b where b.photo_uuid = p.uuid and ${this.counted(c)})
          and not exists (select 1 from photo_faces f where f.photo_uuid = p.uuid and not f.hidden)
          and p.uuid::text not in (select uuid from reading)
        )::int as unfindable,
        count(*) filter (where
          exists (select 1 from photo_bibs o where o.photo_uuid = p.uuid and o.source = 'ocr' and not o.derived and o.confidence < ${c.threshold})
          and not exists (select 1 from photo_bibs m where m.photo_uuid = p.uuid and m.source = 'manual')
        )::int as low
      from photos p
      where p.event_id = ${eventId} and p.hidden_at is null`);
    return {
      total: Number(row?.total ?? 0),
      reading: Number(row?.reading ?? 0),
      unfindable: Number(row?.unfindable ?? 0),
      lowConfidence: Number(row?.low ?? 0),
    };
  }

  /** Counts one search that found nothing (a new term past MAX_MISSED_TERMS is not kept). */
  async addMiss(eventId: number, kind: 'bib' | 'name', term: string): Promise<void> {
    await this.db.execute(sql`
      insert into search_misses (event_id, kind, term)
      select ${eventId}, ${kind}, ${term}
      where (select count(*) from search_misses where event_id = ${eventId}) < ${MAX_MISSED_TERMS}
         or exists (select 1 from search_misses where event_id = ${eventId} and kind = ${kind} and term = ${term})
      on conflict (event_id, kind, term)
      do update set count = search_misses.count + 1, last_at = now()`);
  }

  /** The missed searches, most frequent first. */
  async misses(eventId: number, limit: number): Promise<MissedSearchRow[]> {
    const rows = await this.rows<{
      kind: 'bib' | 'name';
      term: string;
      count: number;
      last_at: Date | string;
    }>(sql`
      select kind, term, count, last_at from search_misses
      where event_id = ${eventId}
      order by count desc, last_at desc, term
      limit ${limit}`);
    return rows.map((r) => ({
      kind: r.kind,
      term: r.term,
      count: Number(r.count),
      lastAt: r.last_at instanceof Date ? r.last_at : new Date(r.last_at),
    }));
  }
}
