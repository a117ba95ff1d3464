import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations in apps/api/drizzle that are not applied yet. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a query; rejects (the driver's error) when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The one migration set, found beside `src/` or `dist/`. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** Any fixed number: the key of the PostgreSQL advisory lock held while migrating. */
const MIGRATION_LOCK_KEY = 7_263_544_015;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /**
   * `dir` undefined: in memory (tests). `from`: start from this dump of a data folder (PGlite
   * `dumpDataDir`) instead of an empty one (tests: a copy of the run's migrated database).
   */
  | { kind: 'pglite'; dir: string | undefined; from?: Blob };

export function databaseTarget(config: {
  dataDir: string;
  databaseUrl: string | undefined;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dir: path.join(config.dataDir, 'db') };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server ends (a restart, a failover, an operator's kill) must not
    // crash the process: the pool drops it and the next query opens a new one.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL connection lost (it will be replaced): ${error.message}`);
    });
    // Fail at start with a clear message rather than on the first request.
    try {
      const client = await pool.connect();
      client.release();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new Error(
        `Cannot connect to PostgreSQL at ${redactUrl(target.url)}: ${(error as Error).message}`,
      );
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // Several API processes may start at once: an advisory lock lets one migrate at a time.
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client
            .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
            .catch(() => undefined);
          client.release();
        }
      },
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (target.dir) await mkdir(target.dir, { recursive: true });
  const client = new PGlite({
    ...(target.dir ? { dataDir: target.dir } : {}),
    ...(target.from ? { loadDataDir: target.from } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}
