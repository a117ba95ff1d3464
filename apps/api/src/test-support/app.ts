import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app.js';
import { type BlobStores, localBlobStores } from '../adapters/blobs.js';
import { type Database, openDatabase } from '../adapters/db/index.js';
import { type ApiConfig, loadConfig } from '../config.js';
import type { Services } from '../services/index.js';
import { createTestDatabase } from './database.js';
import { openTestStack, scaledTestStack, type StackShare, type TestStackParts } from './stack.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  blobs: BlobStores;
  services: Services;
  config: ApiConfig;
  dataDir: string;
  /** On the scaled stack (api-postgres): the bucket and Redis prefix, for a second app to share. */
  share?: StackShare;
  /** Log lines (JSON) at warn level and above, or from `logLevel` on when a test asks for it. */
  logs: Array<{ level: number; msg: string; statusCode?: number }>;
  close(): Promise<void>;
}

/**
 * The app over a fresh database (a copy of the run's migrated one) and data folder, as a caller
 * sees it through `inject`. OCR and faces are off unless `env` or a stub turns them on.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Partial<
    Pick<
      AppOptions,
      | 'worker'
      | 'jobRetryBaseMs'
      | 'jobIdleMs'
      | 'jobLeaseMs'
      | 'downloadsPerMinute'
      | 'bibReader'
      | 'faceDetector'
      | 'selfieSearchesPerMinute'
    >
  > & {
    /** The log level captured in `logs` (default warn); a privacy test asks for trace. */
    logLevel?: string;
    /**
     * A second app of the same deployment: it opens `sameAs`'s database (PostgreSQL) and, on the
     * scaled stack, shares its bucket and Redis prefix. Closing it leaves those to `sameAs`.
     */
    sameAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const { sameAs, logLevel = 'warn', ...appOptions } = options;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'eventsite-test-'));
  // The recognition engines are off unless a test asks for one: loading the OCR models costs
  // seconds and reading a photo ~0.5 s, for flat-colour squares with nothing to read. A test asks
  // with OCR_ENABLED / FACES_ENABLED 'true' (the real engine) or by passing a stub (`bibReader`,
  // `faceDetector`), which turns its engine on. Searches are not limited unless a test asks for
  // it: a test file searches far more than a person.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    OCR_ENABLED: appOptions.bibReader ? 'true' : 'false',
    FACES_ENABLED: appOptions.faceDetector ? 'true' : 'false',
    SEARCHES_PER_MINUTE: '100000',
    ...env,
  });
  const database = sameAs ? await reopenDatabase(sameAs) : await createTestDatabase();
  // The api-postgres run uses the whole scaled stack: jobs and invalidations on Redis, photos in S3.
  let stack: TestStackParts | undefined;
  if (scaledTestStack())
    stack = await openTestStack(database.db, { share: sameAs?.share, leaseMs: config.jobLeaseMs });
  const blobs = stack?.blobs ?? localBlobStores(dataDir);
  const logs: TestApp['logs'] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        logs.push(JSON.parse(line));
      callback();
    },
  });
  const app = await buildApp({
    config,
    database,
    blobs,
    logger: { level: logLevel, stream },
    jobIdleMs: 100,
    queue: stack?.queue,
    changes: stack?.changes,
    ...appOptions,
  });
  await app.ready();
  return {
    app,
    database,
    blobs,
    services: app.services,
    config,
    dataDir,
    share: stack?.share,
    logs,
    close: async () => {
      await app.close();
      await stack?.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Another connection to a test app's PostgreSQL database (a second process of one deployment). */
async function reopenDatabase(other: TestApp): Promise<Database> {
  const url = (other.database as Database & { url?: string }).url;
  if (!url) throw new Error('a second app shares a PostgreSQL database only (api-postgres)');
  return openDatabase({ kind: 'postgres', url });
}
