import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { consoleSessions, consoleUsers, organisers } from '../adapters/db/schema.js';

export type ConsoleUserRow = typeof consoleUsers.$inferSelect;
export type ConsoleRoleName = ConsoleUserRow['role'];

/** A session found by its token's hash, with what a request needs of its user and organiser. */
export interface SessionOwner {
  sessionId: number;
  expiresAt: Date;
  userId: number;
  email: string;
  role: ConsoleRoleName;
  organiserId: number;
  organiserName: string;
  organiserExpiryAt: Date | null;
}

/** The console's accounts and their sessions. */
export class ConsoleRepository {
  constructor(private readonly db: Db) {}

  /** A new user, or undefined when the organiser already has one with this email. */
  async insertUser(values: {
    organiserId: number;
    email: string;
    role: ConsoleRoleName;
    passwordHash: string;
  }): Promise<ConsoleUserRow | undefined> {
    const rows = await this.db
      .insert(consoleUsers)
      .values(values)
      .onConflictDoNothing({ target: [consoleUsers.organiserId, consoleUsers.email] })
      .returning();
    return rows[0];
  }

  async findUser(organiserId: number, email: string): Promise<ConsoleUserRow | undefined> {
    const rows = await this.db
      .select()
      .from(consoleUsers)
      .where(and(eq(consoleUsers.organiserId, organiserId), eq(consoleUsers.email, email)))
      .limit(1);
    return rows[0];
  }

  async listUsers(organiserId: number): Promise<ConsoleUserRow[]> {
    return this.db
      .select()
      .from(consoleUsers)
      .where(eq(consoleUsers.organiserId, organiserId))
      .orderBy(asc(consoleUsers.email));
  }

  /** Removes the user and (cascade) every session of it; whether there was one. */
  async deleteUser(organiserId: number, email: string): Promise<boolean> {
    const rows = await this.db
      .delete(consoleUsers)
      .where(and(eq(consoleUsers.organiserId, organiserId), eq(consoleUsers.email, email)))
      .returning({ id: consoleUsers.id });
    return rows.length === 1;
  }

  async insertSession(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(consoleSessions).values({ userId, tokenHash, expiresAt });
  }

  async findSession(tokenHash: string): Promise<SessionOwner | undefined> {
    const rows = await this.db
      .select({
        sessionId: consoleSessions.id,
        expiresAt: consoleSessions.expiresAt,
        userId: consoleUsers.id,
        email: consoleUsers.email,
        role: consoleUsers.role,
        organiserId: organisers.id,
        organiserName: organisers.name,
        organiserExpiryAt: organisers.expiryAt,
      })
      .from(consoleSessions)
      .innerJoin(consoleUsers, eq(consoleUsers.id, consoleSessions.userId))
      .innerJoin(organisers, eq(organisers.id, consoleUsers.organiserId))
      .where(eq(consoleSessions.tokenHash, tokenHash))
      .limit(1);
    return rows[0];
  }

  /** Ends one session; how many ended (0 or 1). */
  async deleteSession(sessionId: number): Promise<number> {
    const rows = await this.db
      .delete(consoleSessions)
      .where(eq(consoleSessions.id, sessionId))
      .returning({ id: consoleSessions.id });
    return rows.length;
  }

  /** Ends every session of the user; how many. */
  async deleteSessionsOf(userId: number): Promise<number> {
    const rows = await this.db
      .delete(consoleSessions)
      .where(eq(consoleSessions.userId, userId))
      .returning({ id: consoleSessions.id });
    return rows.length;
  }

  /** Removes sessions that expired before `now`; how many. */
  async deleteExpiredSessions(now: Date): Promise<number> {
    const rows = await this.db
      .delete(consoleSessions)
      .where(lte(consoleSessions.expiresAt, now))
      .returning({ id: consoleSessions.id });
    return rows.length;
  }
}
