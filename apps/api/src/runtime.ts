import path from 'node:path';
import { type BlobStores, localBlobStores } from './adapters/blobs.js';
import { type Database, databaseTarget, openDatabase } from './adapters/db/index.js';
import { type DataDirLock, type LockRole, lockDataDir } from './adapters/lock.js';
import type { ApiConfig } from './config.js';

export interface Runtime {
  database: Database;
  blobs: BlobStores;
  close(): Promise<void>;
}

/** How a data folder is named in messages: as the operator wrote it when it is under the cwd. */
export function displayDataDir(dataDir: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, dataDir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative)
    ? `./${relative}`
    : dataDir;
}

/**
 * Opens what the API and the CLI share: the database (migrated) and the blob stores. The
 * embedded database is locked to this process first; PostgreSQL needs no lock.
 */
export async function openRuntime(config: ApiConfig, role: LockRole): Promise<Runtime> {
  const target = databaseTarget(config);
  let lock: DataDirLock | undefined;
  if (target.kind === 'pglite')
    lock = await lockDataDir(config.dataDir, role, displayDataDir(config.dataDir));
  let database: Database;
  try {
    database = await openDatabase(target);
    await database.migrate();
  } catch (error) {
    await lock?.release();
    throw error;
  }
  return {
    database,
    blobs: localBlobStores(config.dataDir),
    close: async () => {
      try {
        await database.close();
      } finally {
        await lock?.release();
      }
    },
  };
}
