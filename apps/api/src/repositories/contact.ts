import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { contactMessages } from '../adapters/db/schema.js';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export class ContactMessageRepository {
  constructor(private readonly db: Db) {}

  async insert(
    values: Omit<typeof contactMessages.$inferInsert, 'id' | 'createdAt'>,
  ): Promise<ContactMessageRow> {
    const rows = await this.db.insert(contactMessages).values(values).returning();
    return rows[0]!;
  }

  async listByOrganiser(organiserId: number): Promise<ContactMessageRow[]> {
    return this.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.organiserId, organiserId))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  }

  /** Records whether the message was emailed on (and the mail server's refusal). */
  async setForward(
    id: number,
    forward: string,
    error: string | null,
  ): Promise<ContactMessageRow | undefined> {
    const rows = await this.db
      .update(contactMessages)
      .set({ forward, forwardError: error })
      .where(eq(contactMessages.id, id))
      .returning();
    return rows[0];
  }

  private shelf(organiserId: number, archived: boolean) {
    return and(
      eq(contactMessages.organiserId, organiserId),
      archived ? isNotNull(contactMessages.archivedAt) : isNull(contactMessages.archivedAt),
    );
  }

  /** Messages in the inbox (or the archive), and the unread ones among them. */
  async counts(organiserId: number, archived: boolean): Promise<{ total: number; unread: number }> {
    const rows = await this.db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${contactMessages.readAt} is null)`,
      })
      .from(contactMessages)
      .where(this.shelf(organiserId, archived));
    return { total: Number(rows[0]?.total ?? 0), unread: Number(rows[0]?.unread ?? 0) };
  }

  async page(
    organiserId: number,
    archived: boolean,
    offset: number,
    limit: number,
  ): Promise<ContactMessageRow[]> {
    return this.db
      .select()
      .from(contactMessages)
      .where(this.shelf(organiserId, archived))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .offset(offset)
      .limit(limit);
  }

  /** Marks read or unread, archived or not; undefined when the organiser has no such message. */
  async update(
    organiserId: number,
    id: number,
    patch: { read?: boolean | undefined; archived?: boolean | undefined },
  ): Promise<ContactMessageRow | undefined> {
    const set: Partial<typeof contactMessages.$inferInsert> = {};
    const now = new Date();
    if (patch.read !== undefined) set.readAt = patch.read ? now : null;
    if (patch.archived !== undefined) set.archivedAt = patch.archived ? now : null;
    const rows = await this.db
      .update(contactMessages)
      .set(set)
      .where(and(eq(contactMessages.id, id), eq(contactMessages.organiserId, organiserId)))
      .returning();
    return rows[0];
  }
}
