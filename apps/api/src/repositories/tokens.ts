import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { apiTokens } from '../adapters/db/schema.js';

export class ApiTokenRepository {
  constructor(private readonly db: Db) {}

  async insert(organiserId: number, tokenHash: string, label: string): Promise<void> {
    await this.db.insert(apiTokens).values({ organiserId, tokenHash, label });
  }

  /** The organiser of a token that is not revoked. */
  async organiserOf(tokenHash: string): Promise<number | undefined> {
    const rows = await this.db
      .select({ organiserId: apiTokens.organiserId })
      .from(apiTokens)
      .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
      .limit(1);
    return rows[0]?.organiserId;
  }
}
