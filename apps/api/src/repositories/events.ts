import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { events, organisers, photos } from '../adapters/db/schema.js';
import { shown } from './shown.js';

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = Omit<typeof events.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type SummaryPhoto = { eventId: number; uuid: string; width: number; height: number };

const newestFirst = [desc(events.eventDate), desc(events.id)] as const;

/** The organiser's events its public lists show: published, and public (not unlisted or password). */
const listed = (organiserId: number) =>
  and(eq(events.organiserId, organiserId), eq(events.published, true), eq(events.access, 'public'));

export class EventRepository {
  constructor(private readonly db: Db) {}

  async create(values: NewEventRow): Promise<EventRow> {
    const rows = await this.db.insert(events).values(values).returning();
    return rows[0]!;
  }

  async update(id: number, values: Partial<NewEventRow>): Promise<EventRow | undefined> {
    const rows = await this.db
      .update(events)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(events.id, id))
      .returning();
    return rows[0];
  }

  async findById(id: number): Promise<EventRow | undefined> {
    const rows = await this.db.select().from(events).where(eq(events.id, id)).limit(1);
    return rows[0];
  }

  /** A published event with its organiser's name, or undefined. */
  async findPublished(id: number): Promise<(EventRow & { organiserName: string }) | undefined> {
    const rows = await this.db
      .select({ event: events, organiserName: organisers.name })
      .from(events)
      .innerJoin(organisers, eq(organisers.id, events.organiserId))
      .where(and(eq(events.id, id), eq(events.published, true)))
      .limit(1);
    const row = rows[0];
    return row ? { ...row.event, organiserName: row.organiserName } : undefined;
  }

  async listByOrganiser(organiserId: number): Promise<EventRow[]> {
    return this.db
      .select()
      .from(events)
      .where(eq(events.organiserId, organiserId))
      .orderBy(...newestFirst);
  }

  /**
   * Published events on the organiser's lists (public access: unlisted and password events are
   * reached by their link only), most recent event date first.
   */
  async publishedPage(organiserId: number, offset: number, limit: number): Promise<EventRow[]> {
    return this.db
      .select()
      .from(events)
      .where(listed(organiserId))
      .orderBy(...newestFirst)
      .offset(offset)
      .limit(limit);
  }

  /** How many events {@link publishedPage} pages through. */
  async countPublished(organiserId: number): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(listed(organiserId));
    return rows[0]?.n ?? 0;
  }

  async photoCounts(eventIds: number[]): Promise<Map<number, number>> {
    if (eventIds.length === 0) return new Map();
    const rows = await this.db
      .select({ eventId: photos.eventId, n: sql<number>`count(*)::int` })
      .from(photos)
      .where(inArray(photos.eventId, eventIds))
      .groupBy(photos.eventId);
    return new Map(rows.map((r) => [r.eventId, r.n]));
  }

  /**
   * Up to `count` photos per event, evenly spread over the event in capture order: the same
   * photos on every call while the event is unchanged, so caches stay warm.
   * Row r (0-based) of n is picked when some k < count has floor(k * n / count) = r.
   */
  async summaryPhotos(eventIds: number[], count: number): Promise<SummaryPhoto[]> {
    if (eventIds.length === 0) return [];
    const ranked = this.db
      .select({
        eventId: photos.eventId,
        uuid: photos.uuid,
        width: photos.width,
        height: photos.height,
        sortAt: photos.sortAt,
        r: sql<number>`(row_number() over (partition by ${photos.eventId} order by ${photos.sortAt}, ${photos.uuid}) - 1)::int`.as(
          'r',
        ),
        n: sql<number>`(count(*) over (partition by ${photos.eventId}))::int`.as('n'),
      })
      .from(photos)
      .where(and(inArray(photos.eventId, eventIds), shown))
      .as('ranked');
    // k = ceil(r * count / n) is the first k reaching row r; it picks r when k < count and floor(k * n / count) = r.
    const k = sql`((${ranked.r} * ${count} + ${ranked.n} - 1) / ${ranked.n})`;
    const sample = await this.db
      .select({
        eventId: ranked.eventId,
        uuid: ranked.uuid,
        width: ranked.width,
        height: ranked.height,
      })
      .from(ranked)
      .where(
        sql`${ranked.n} <= ${count} or (${k} < ${count} and (${k} * ${ranked.n}) / ${count} = ${ranked.r})`,
      )
      .orderBy(asc(ranked.eventId), asc(ranked.sortAt), asc(ranked.uuid));
    // The cover the organiser picked (when still shown) comes first, in place of the last pick.
    const covers = await this.db
      .select({ eventId: events.id, uuid: photos.uuid, width: photos.width, height: photos.height })
      .from(events)
      .innerJoin(photos, and(eq(photos.uuid, events.coverPhotoUuid), eq(photos.eventId, events.id)))
      .where(and(inArray(events.id, eventIds), shown));
    if (covers.length === 0) return sample;
    const out: SummaryPhoto[] = [];
    for (const id of eventIds) {
      const cover = covers.find((c) => c.eventId === id);
      const rest = sample.filter((p) => p.eventId === id && p.uuid !== cover?.uuid);
      out.push(...(cover ? [cover, ...rest].slice(0, count) : rest));
    }
    return out;
  }

  /**
   * The event's access level, with the password hash it needs (null but for `password`) and the
   * key of its link (null but for `unlisted`).
   */
  async setAccess(
    eventId: number,
    access: EventRow['access'],
    passwordHash: string | null,
    linkKey: string | null,
  ): Promise<EventRow | undefined> {
    const rows = await this.db
      .update(events)
      .set({ access, accessPasswordHash: passwordHash, linkKey, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning();
    return rows[0];
  }

  /** Sets (a photo of the event) or clears (null) the event's cover photo. */
  async setCover(eventId: number, uuid: string | null): Promise<void> {
    await this.db.update(events).set({ coverPhotoUuid: uuid }).where(eq(events.id, eventId));
  }
}
