import { sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';

/**
 * An event's photos counted as a person counts them (not its jobs): uploads still being made
 * into photos, photos ready, photos whose bibs or faces are still being read, and those that
 * failed for good; and what was found on them.
 */
export interface PhotoProgress {
  /** Uploads accepted, not yet photos (their `ingest` is waiting or running). */
  arriving: number;
  /** Photos in the event (listed in the console; hidden ones too). */
  total: number;
  /** Photos with nothing left to do and nothing failed. */
  ready: number;
  /** Photos whose bibs, faces or blurring are still waiting or running. */
  reading: number;
  /** Uploads that never became a photo, and photos whose reading failed for good. */
  failed: number;
  /** Photos with a bib read or tagged by hand. */
  withBibs: number;
  /** Photos with at least one face found. */
  withFaces: number;
}

/** The job kinds that are about one photo (the watermark's is about the whole event). */
const PHOTO_KINDS = sql`('ingest', 'bibs', 'faces', 'redact')`;

/** What a visitor's search looks for on a photo: its bibs, or its faces. */
export type ReadingFor = 'bibs' | 'faces';

export class PhotoProgressRepository {
  constructor(private readonly db: Pick<Db, 'execute'>) {}

  /**
   * The event's photos a search cannot find yet: uploads still being made into photos, and
   * photos whose bibs (or faces) are still waiting or being read. Reads only the pending jobs
   * (jobs_event_idx), never the event's photos: it answers beside every search.
   */
  async stillReading(eventId: number, kind: ReadingFor): Promise<number> {
    const result = (await this.db.execute(sql`
      select count(distinct payload->>'uuid')::int as n from jobs
       where event_id = ${eventId} and state in ('queued', 'running')
         and kind in ('ingest', ${kind})`)) as unknown as { rows: Array<{ n: unknown }> };
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Whether the photo's bibs are waiting or being read: a `bibs` job of it queued or running. */
  async bibsPending(eventId: number, uuid: string): Promise<boolean> {
    const result = (await this.db.execute(sql`
      select 1 from jobs
       where event_id = ${eventId} and state in ('queued', 'running') and kind = 'bibs'
         and payload->>'uuid' = ${uuid}
       limit 1`)) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  }

  async of(eventId: number): Promise<PhotoProgress> {
    const result = (await this.db.execute(sql`
      with pending as (
        select distinct payload->>'uuid' as uuid, kind = 'ingest' as arriving from jobs
         where event_id = ${eventId} and state in ('queued', 'running') and kind in ${PHOTO_KINDS}
      ), failed as (
        select distinct payload->>'uuid' as uuid, kind = 'ingest' as arriving from jobs
         where event_id = ${eventId} and state = 'failed' and kind in ${PHOTO_KINDS}
      ), listed as (
        select uuid::text as uuid from photos where event_id = ${eventId}
      )
      select
        (select count(*)::int from listed) as total,
        (select count(distinct uuid)::int from pending
          where arriving and uuid not in (select uuid from listed)) as arriving,
        (select count(*)::int from listed l
          where exists (select 1 from pending j where j.uuid = l.uuid and not j.arriving)) as reading,
        (select count(distinct uuid)::int from failed
          where arriving and uuid not in (select uuid from listed)) as failed_uploads,
        (select count(*)::int from listed l
          where exists (select 1 from failed f where f.uuid = l.uuid and not f.arriving)
            and not exists (select 1 from pending j where j.uuid = l.uuid)) as failed_photos,
        (select count(distinct photo_uuid)::int from photo_bibs
          where event_id = ${eventId} and not derived) as with_bibs,
        (select count(distinct photo_uuid)::int from photo_faces
          where event_id = ${eventId}) as with_faces`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    const r = result.rows[0] ?? {};
    const n = (key: string) => Number(r[key] ?? 0);
    const failedPhotos = n('failed_photos');
    return {
      arriving: n('arriving'),
      total: n('total'),
      ready: Math.max(0, n('total') - n('reading') - failedPhotos),
      reading: n('reading'),
      failed: n('failed_uploads') + failedPhotos,
      withBibs: n('with_bibs'),
      withFaces: n('with_faces'),
    };
  }
}
