import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../adapters/db/index.js';

/** The server the api-postgres project creates its throwaway databases on. */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or on PostgreSQL a new
 * `eventsite_t_<random>` database that `close()` drops.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDatabaseKind() === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dir: undefined });
    await database.migrate();
    return database;
  }
  const name = `eventsite_t_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(TEST_POSTGRES_URL, name);
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** An empty database URL for tests that run the CLI against PostgreSQL; dropped by `drop()`. */
export async function createEmptyPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const name = `eventsite_t_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: withDatabase(TEST_POSTGRES_URL, name),
    drop: () =>
      admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
