import { eq } from 'drizzle-orm';
import type { Db } from '../adapters/db/index.js';
import { serverSecrets } from '../adapters/db/schema.js';

/** Secrets the API makes for itself once, shared by every process through the database. */
export class SecretRepository {
  constructor(private readonly db: Db) {}

  /**
   * The secret named `name`: the one stored, else `fresh` stored now. Two processes asking at
   * once both read the one that was stored first.
   */
  async getOrCreate(name: string, fresh: string): Promise<string> {
    await this.db.insert(serverSecrets).values({ name, value: fresh }).onConflictDoNothing();
    const rows = await this.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name))
      .limit(1);
    const value = rows[0]?.value;
    if (value === undefined) throw new Error(`The server secret '${name}' could not be stored`);
    return value;
  }
}
