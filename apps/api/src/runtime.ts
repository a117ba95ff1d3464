import path from 'node:path';
import { type BlobStores, localBlobStores } from './adapters/blobs.js';
import { s3BlobStores } from './adapters/blobs-s3.js';
import { type ChangeBus, RedisChangeBus } from './adapters/changes.js';
import { type Database, databaseTarget, openDatabase } from './adapters/db/index.js';
import { BullJobQueue } from './adapters/jobs/bullmq-queue.js';
import type { JobQueue } from './adapters/jobs/types.js';
import { type DataDirLock, type LockRole, lockDataDir } from './adapters/lock.js';
import type { ApiConfig } from './config.js';

export interface Runtime {
  database: Database;
  blobs: BlobStores;
  /** Jobs on Redis (BullMQ) when REDIS_URL is set; else undefined: the database's own queue. */
  queue: JobQueue | undefined;
  /** Cache invalidations between processes when REDIS_URL is set. */
  changes: ChangeBus | undefined;
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
 * Where the photos are: with S3_BUCKET, photos (originals, variants, uploads waiting for ingest)
 * are in the bucket and nothing is written to DATA_DIR; else folders of DATA_DIR.
 */
export function openBlobStores(config: ApiConfig): BlobStores {
  return config.s3 ? s3BlobStores(config.s3) : localBlobStores(config.dataDir);
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
  const blobs = openBlobStores(config);
  const queue = config.redisUrl
    ? new BullJobQueue(database.db, config.redisUrl, {
        leaseMs: config.jobLeaseMs,
        prefix: config.redisPrefix,
      })
    : undefined;
  const changes = config.redisUrl
    ? new RedisChangeBus(config.redisUrl, config.redisPrefix)
    : undefined;
  return {
    database,
    blobs,
    queue,
    changes,
    close: async () => {
      try {
        await queue?.close();
        await changes?.close();
        await database.close();
      } finally {
        await lock?.release();
      }
    },
  };
}
