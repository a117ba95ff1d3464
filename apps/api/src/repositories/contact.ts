import { desc, eq } from 'drizzle-orm';
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
}
