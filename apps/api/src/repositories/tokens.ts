import type { Db } from '../adapters/db/index.js';
import { apiTokens } from '../adapters/db/schema.js';

export class ApiTokenRepository {
  constructor(private readonly db: Db) {}

  async insert(organiserId: number, tokenHash: string, label: string): Promise<void> {
    await this.db.insert(apiTokens).values({ organiserId, tokenHash, label });
  }
}
