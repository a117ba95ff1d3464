import { randomBytes } from 'node:crypto';
import { cp, readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../adapters/db/index.js';

/** The server the api-postgres project creates its throwaway databases on. */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(
  run: (client: pg.Client) => Promise<T>,
  url = TEST_POSTGRES_URL,
): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** What the run's global set-up (test-support/template-setup.ts) made, or nothing outside it. */
function provided<K extends 'testPgliteTemplate' | 'testPostgresTemplate'>(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

const pgliteDumps = new Map<string, Promise<Blob>>();

/**
 * The run's PGlite as a dump (migrated, or `empty` before its migrations), read once per test
 * file; undefined without a set-up.
 */
function pgliteTemplate(which: 'dump' | 'emptyDump' = 'dump'): Promise<Blob> | undefined {
  const file = provided('testPgliteTemplate')?.[which];
  if (!file) return undefined;
  let dump = pgliteDumps.get(file);
  if (!dump) {
    dump = readFile(file).then((bytes) => new Blob([bytes]));
    pgliteDumps.set(file, dump);
  }
  return dump;
}

/** An in-memory PGlite with no migration applied (a copy of the run's, else made here). */
export async function createEmptyPgliteDatabase(): Promise<Database> {
  return openDatabase({ kind: 'pglite', dir: undefined, from: await pgliteTemplate('emptyDump') });
}

/**
 * Copies the run's migrated PGlite data folder to `dir` (a CLI sandbox's `DATA_DIR/db`), so its
 * first command neither runs initdb nor migrates. False without a global set-up.
 */
export async function copyPgliteTemplate(dir: string): Promise<boolean> {
  const template = provided('testPgliteTemplate')?.dir;
  if (!template) return false;
  await cp(template, dir, { recursive: true });
  return true;
}

/** Creates database `name` on the server of `url`, as a copy of `template` when given. */
export async function createPostgresDatabase(
  name: string,
  url = TEST_POSTGRES_URL,
  template?: string,
): Promise<void> {
  await admin(
    (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
    url,
  );
}

export async function dropPostgresDatabase(name: string, url = TEST_POSTGRES_URL): Promise<void> {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), url);
}

/**
 * A fresh, migrated database for one test: PGlite in memory, or on PostgreSQL a new
 * `eventsite_t_<random>` database that `close()` drops. Both are copies of the run's migrated
 * template (the global set-up's); without one (a file run outside the API projects) they are
 * made and migrated here.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDatabaseKind() === 'pglite') {
    const from = await pgliteTemplate();
    const database = await openDatabase({ kind: 'pglite', dir: undefined, from });
    await database.migrate();
    return database;
  }
  const { name, url } = await createMigratedPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await dropPostgresDatabase(name);
    },
  };
}

/** A new PostgreSQL database copied from the run's migrated template (else empty). */
async function createMigratedPostgresDatabase(): Promise<{ name: string; url: string }> {
  const name = `eventsite_t_${randomBytes(6).toString('hex')}`;
  await createPostgresDatabase(
    name,
    TEST_POSTGRES_URL,
    provided('testPostgresTemplate') || undefined,
  );
  return { name, url: withDatabase(TEST_POSTGRES_URL, name) };
}

/**
 * A migrated database URL for tests that run the CLI against PostgreSQL (a copy of the run's
 * template); dropped by `drop()`.
 */
export async function createMigratedPostgresUrl(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const { name, url } = await createMigratedPostgresDatabase();
  return { url, drop: () => dropPostgresDatabase(name) };
}

/** An empty database URL for tests that run the CLI against PostgreSQL; dropped by `drop()`. */
export async function createEmptyPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const name = `eventsite_t_${randomBytes(6).toString('hex')}`;
  await createPostgresDatabase(name);
  return { url: withDatabase(TEST_POSTGRES_URL, name), drop: () => dropPostgresDatabase(name) };
}
