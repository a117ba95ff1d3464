import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { apiTokens, organisers } from '../adapters/db/schema.js';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** What authenticating a token needs: the token's row and its organiser's expiry. */
export interface TokenOwner {
  id: number;
  organiserId: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  organiserExpiryAt: Date | null;
}

export class ApiTokenRepository {
  constructor(private readonly db: Db) {}

  async insert(
    organiserId: number,
    tokenHash: string,
    label: string,
    expiresAt: Date | null,
  ): Promise<ApiTokenRow> {
    const [row] = await this.db
      .insert(apiTokens)
      .values({ organiserId, tokenHash, label, expiresAt })
      .returning();
    return row!;
  }

  /** The token of this hash, revoked or not, with its organiser's expiry. */
  async findByHash(tokenHash: string): Promise<TokenOwner | undefined> {
    const rows = await this.db
      .select({
        id: apiTokens.id,
        organiserId: apiTokens.organiserId,
        expiresAt: apiTokens.expiresAt,
        revokedAt: apiTokens.revokedAt,
        lastUsedAt: apiTokens.lastUsedAt,
        organiserExpiryAt: organisers.expiryAt,
      })
      .from(apiTokens)
      .innerJoin(organisers, eq(organisers.id, apiTokens.organiserId))
      .where(eq(apiTokens.tokenHash, tokenHash))
      .limit(1);
    return rows[0];
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
  }

  async listOf(organiserId: number): Promise<ApiTokenRow[]> {
    return this.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.organiserId, organiserId))
      .orderBy(asc(apiTokens.id));
  }

  /** Revokes a token of the organiser that is not revoked yet; true when it was. */
  async revoke(id: number, organiserId: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(apiTokens)
      .set({ revokedAt: at })
      .where(
        and(
          eq(apiTokens.id, id),
          eq(apiTokens.organiserId, organiserId),
          isNull(apiTokens.revokedAt),
        ),
      )
      .returning({ id: apiTokens.id });
    return rows.length === 1;
  }
}
