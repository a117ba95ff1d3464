import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { consoleInvites, consoleUsers, organisers } from '../adapters/db/schema.js';
import type { ConsoleRoleName } from './console.js';

export type ConsoleInviteRow = typeof consoleInvites.$inferSelect;

/** The console's team: its users by id, and invitations (only the token's sha256 is kept). */
export class ConsoleTeamRepository {
  constructor(private readonly db: Db) {}

  async userById(organiserId: number, userId: number) {
    const rows = await this.db
      .select()
      .from(consoleUsers)
      .where(and(eq(consoleUsers.organiserId, organiserId), eq(consoleUsers.id, userId)))
      .limit(1);
    return rows[0];
  }

  async countOwners(organiserId: number): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(consoleUsers)
      .where(and(eq(consoleUsers.organiserId, organiserId), eq(consoleUsers.role, 'owner')));
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Removes the user (and, by cascade, its sessions) unless it is the organiser's last owner, in
   * one statement, so two owners removing each other at once cannot both succeed.
   */
  async deleteUserKeepingAnOwner(organiserId: number, userId: number): Promise<string | undefined> {
    const rows = await this.db
      .delete(consoleUsers)
      .where(
        and(
          eq(consoleUsers.organiserId, organiserId),
          eq(consoleUsers.id, userId),
          sql`(${consoleUsers.role} <> 'owner' or (select count(*) from ${consoleUsers} o where o.organiser_id = ${organiserId} and o.role = 'owner') > 1)`,
        ),
      )
      .returning({ email: consoleUsers.email });
    return rows[0]?.email;
  }

  async pendingInvites(organiserId: number, now: Date): Promise<ConsoleInviteRow[]> {
    return this.db
      .select()
      .from(consoleInvites)
      .where(and(eq(consoleInvites.organiserId, organiserId), gt(consoleInvites.expiresAt, now)))
      .orderBy(asc(consoleInvites.email));
  }

  /** A new invitation; one for the same email and organiser is replaced (its link stops working). */
  async putInvite(values: {
    organiserId: number;
    email: string;
    role: ConsoleRoleName;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<ConsoleInviteRow> {
    const rows = await this.db
      .insert(consoleInvites)
      .values(values)
      .onConflictDoUpdate({
        target: [consoleInvites.organiserId, consoleInvites.email],
        set: {
          role: values.role,
          tokenHash: values.tokenHash,
          expiresAt: values.expiresAt,
          createdAt: sql`now()`,
        },
      })
      .returning();
    return rows[0]!;
  }

  /** The invitation of a token's hash, with its organiser's domains resolved by the caller. */
  async findInvite(tokenHash: string) {
    const rows = await this.db
      .select({ invite: consoleInvites, organiserName: organisers.name })
      .from(consoleInvites)
      .innerJoin(organisers, eq(organisers.id, consoleInvites.organiserId))
      .where(eq(consoleInvites.tokenHash, tokenHash))
      .limit(1);
    return rows[0];
  }

  /** Takes the invitation (deleted: a link works once), when it is the organiser's and unexpired. */
  async takeInvite(
    organiserId: number,
    tokenHash: string,
    now: Date,
  ): Promise<ConsoleInviteRow | undefined> {
    const rows = await this.db
      .delete(consoleInvites)
      .where(
        and(
          eq(consoleInvites.organiserId, organiserId),
          eq(consoleInvites.tokenHash, tokenHash),
          gt(consoleInvites.expiresAt, now),
        ),
      )
      .returning();
    return rows[0];
  }

  async deleteInvite(organiserId: number, inviteId: number): Promise<boolean> {
    const rows = await this.db
      .delete(consoleInvites)
      .where(and(eq(consoleInvites.organiserId, organiserId), eq(consoleInvites.id, inviteId)))
      .returning({ id: consoleInvites.id });
    return rows.length === 1;
  }

  async deleteExpiredInvites(now: Date): Promise<number> {
    const rows = await this.db
      .delete(consoleInvites)
      .where(lte(consoleInvites.expiresAt, now))
      .returning({ id: consoleInvites.id });
    return rows.length;
  }
}
