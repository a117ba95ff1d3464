import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, openDatabase } from '../adapters/db/index.js';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  TEST_POSTGRES_URL,
  withDatabase,
} from './database.js';

declare module 'vitest' {
  interface ProvidedContext {
    /**
     * The run's migrated PGlite: `dump` a tar.gz of its data folder (PGlite `loadDataDir`),
     * `dir` the folder itself (closed; CLI sandboxes copy it), `emptyDump` the same database
     * before its migrations (the migration tests'). '' when the run has none.
     */
    testPgliteTemplate: { dump: string; dir: string; emptyDump: string };
    /** The run's migrated PostgreSQL database, to copy with CREATE DATABASE … TEMPLATE; or ''. */
    testPostgresTemplate: string;
  }
}

/**
 * Global set-up of the API projects: the database set-up is paid once per run, not per test
 * file. On api-pglite one PGlite is made (initdb) and migrated, then kept as a data folder and a
 * dump; every test database is loaded from the dump (about 1 s instead of initdb and 17
 * migrations). On api-postgres one template database is migrated; every test database is a
 * `CREATE DATABASE … TEMPLATE` copy of it. Both are removed at the end of the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  const cleanups: Array<() => Promise<void>> = [];
  project.provide('testPgliteTemplate', { dump: '', dir: '', emptyDump: '' });
  project.provide('testPostgresTemplate', '');

  if (kind === 'pglite') {
    const root = await mkdtemp(path.join(os.tmpdir(), 'eventsite-template-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const dir = path.join(root, 'db');
    const client = new PGlite(dir);
    try {
      await client.waitReady;
      const save = async (file: string) => {
        const dump = await client.dumpDataDir('gzip');
        await writeFile(file, Buffer.from(await dump.arrayBuffer()));
        return file;
      };
      const emptyDump = await save(path.join(root, 'empty.tar.gz'));
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
      const dump = await save(path.join(root, 'db.tar.gz'));
      project.provide('testPgliteTemplate', { dump, dir, emptyDump });
    } finally {
      await client.close();
    }
  } else {
    const url = project.config.env?.TEST_POSTGRES_URL || TEST_POSTGRES_URL;
    if (!project.config.env?.TEST_POSTGRES_PROBLEM) {
      const name = `eventsite_template_${randomBytes(6).toString('hex')}`;
      await createPostgresDatabase(name, url);
      cleanups.push(() => dropPostgresDatabase(name, url));
      const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name) });
      try {
        await database.migrate();
      } finally {
        // A template has no connection left open, or copies of it are refused.
        await database.close();
      }
      project.provide('testPostgresTemplate', name);
    }
  }
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
}
