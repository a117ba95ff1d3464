import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { contactForms, events, organiserDomains, organisers } from '../adapters/db/schema.js';

export type OrganiserRow = typeof organisers.$inferSelect;
export type NewOrganiserRow = Omit<
  typeof organisers.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;
/** What an organiser may change of itself (the admin API); domains and expiry are the provider's. */
export type SettingsField =
  'name' | 'logo' | 'description' | 'website' | 'contactEmail' | 'extraConfig';
export type ContactFormRow = typeof contactForms.$inferSelect;

export class OrganiserRepository {
  constructor(private readonly db: Db) {}

  async findByDomain(domain: string): Promise<OrganiserRow | undefined> {
    const rows = await this.db
      .select({ organiser: organisers })
      .from(organiserDomains)
      .innerJoin(organisers, eq(organisers.id, organiserDomains.organiserId))
      .where(eq(organiserDomains.domain, domain))
      .limit(1);
    return rows[0]?.organiser;
  }

  async findById(id: number): Promise<OrganiserRow | undefined> {
    const rows = await this.db.select().from(organisers).where(eq(organisers.id, id)).limit(1);
    return rows[0];
  }

  async listWithDomains(): Promise<
    Array<OrganiserRow & { domains: string[]; publishedEvents: number; events: number }>
  > {
    const rows = await this.db.select().from(organisers).orderBy(asc(organisers.id));
    const domains = await this.db
      .select()
      .from(organiserDomains)
      .orderBy(asc(organiserDomains.organiserId), asc(organiserDomains.position));
    const counts = await this.db
      .select({
        organiserId: events.organiserId,
        total: sql<number>`count(*)::int`,
        published: sql<number>`count(*) filter (where ${events.published})::int`,
      })
      .from(events)
      .groupBy(events.organiserId);
    return rows.map((row) => {
      const count = counts.find((c) => c.organiserId === row.id);
      return {
        ...row,
        domains: domains.filter((d) => d.organiserId === row.id).map((d) => d.domain),
        events: count?.total ?? 0,
        publishedEvents: count?.published ?? 0,
      };
    });
  }

  async domainsOf(organiserId: number): Promise<string[]> {
    const rows = await this.db
      .select({ domain: organiserDomains.domain })
      .from(organiserDomains)
      .where(eq(organiserDomains.organiserId, organiserId))
      .orderBy(asc(organiserDomains.position));
    return rows.map((r) => r.domain);
  }

  /** Which organisers own any of these domains. */
  async ownersOf(domains: string[]): Promise<Array<{ domain: string; organiserId: number }>> {
    if (domains.length === 0) return [];
    return this.db
      .select({ domain: organiserDomains.domain, organiserId: organiserDomains.organiserId })
      .from(organiserDomains)
      .where(inArray(organiserDomains.domain, domains));
  }

  /** Creates or replaces an organiser, its domains and contact form settings, all or nothing. */
  async save(
    id: number | undefined,
    values: NewOrganiserRow,
    domains: string[],
    contactForm: Omit<ContactFormRow, 'organiserId'>,
  ): Promise<{ id: number; created: boolean }> {
    return this.db.transaction(async (tx) => {
      let organiserId: number;
      if (id === undefined) {
        const inserted = await tx
          .insert(organisers)
          .values(values)
          .returning({ id: organisers.id });
        organiserId = inserted[0]!.id;
      } else {
        await tx
          .update(organisers)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(organisers.id, id));
        organiserId = id;
      }
      await tx.delete(organiserDomains).where(eq(organiserDomains.organiserId, organiserId));
      await tx
        .insert(organiserDomains)
        .values(domains.map((domain, position) => ({ organiserId, domain, position })));
      await tx
        .insert(contactForms)
        .values({ organiserId, ...contactForm })
        .onConflictDoUpdate({ target: contactForms.organiserId, set: contactForm });
      return { id: organiserId, created: id === undefined };
    });
  }

  /** Changes the organiser's own settings (not its domains); the row as it now is. */
  async updateSettings(
    id: number,
    values: Partial<Pick<NewOrganiserRow, SettingsField>>,
  ): Promise<OrganiserRow | undefined> {
    const rows = await this.db
      .update(organisers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(organisers.id, id))
      .returning();
    return rows[0];
  }

  async contactForm(organiserId: number): Promise<ContactFormRow | undefined> {
    const rows = await this.db
      .select()
      .from(contactForms)
      .where(and(eq(contactForms.organiserId, organiserId)))
      .limit(1);
    return rows[0];
  }
}
