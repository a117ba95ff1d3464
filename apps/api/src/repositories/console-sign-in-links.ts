import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { consoleSignInLinks, consoleUsers } from '../adapters/db/schema.js';
import type { ConsoleUserRow } from './console.js';

/** Emailed sign-in links of the console's users (only the token's sha256 is kept). */
export class ConsoleSignInLinkRepository {
  constructor(private readonly db: Db) {}

  async insert(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(consoleSignInLinks).values({ userId, tokenHash, expiresAt });
  }

  /**
   * Takes the link of this token made for a user of this organiser: removes it (so it works
   * once, even when used twice at once) and answers its user and expiry; undefined when there is
   * none (another organiser's link is left as it is).
   */
  async take(
    tokenHash: string,
    organiserId: number,
  ): Promise<{ user: ConsoleUserRow; expiresAt: Date } | undefined> {
    const [link] = await this.db
      .delete(consoleSignInLinks)
      .where(
        and(
          eq(consoleSignInLinks.tokenHash, tokenHash),
          inArray(
            consoleSignInLinks.userId,
            this.db
              .select({ id: consoleUsers.id })
              .from(consoleUsers)
              .where(eq(consoleUsers.organiserId, organiserId)),
          ),
        ),
      )
      .returning({ userId: consoleSignInLinks.userId, expiresAt: consoleSignInLinks.expiresAt });
    if (!link) return undefined;
    const [user] = await this.db
      .select()
      .from(consoleUsers)
      .where(eq(consoleUsers.id, link.userId))
      .limit(1);
    return user ? { user, expiresAt: link.expiresAt } : undefined;
  }

  /** Removes links that expired before `now`. */
  async deleteExpired(now: Date): Promise<void> {
    await this.db.delete(consoleSignInLinks).where(lte(consoleSignInLinks.expiresAt, now));
  }

  /** Removes every link of a user (a session was opened: the others are no longer needed). */
  async deleteOf(userId: number): Promise<void> {
    await this.db.delete(consoleSignInLinks).where(eq(consoleSignInLinks.userId, userId));
  }
}
