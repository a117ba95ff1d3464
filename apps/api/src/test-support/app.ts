import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app.js';
import { type BlobStores, localBlobStores } from '../adapters/blobs.js';
import type { Database } from '../adapters/db/index.js';
import { type ApiConfig, loadConfig } from '../config.js';
import type { Services } from '../services/index.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  blobs: BlobStores;
  services: Services;
  config: ApiConfig;
  dataDir: string;
  /** Log lines (JSON) at warn level and above. */
  logs: Array<{ level: number; msg: string; statusCode?: number }>;
  close(): Promise<void>;
}

/** The app over a fresh database and data folder, as a caller sees it through `inject`. */
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
  > = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'eventsite-test-'));
  // Face detection is off unless a test asks for it: the engine costs ~0.5 s a photo. Searches
  // are not limited unless a test asks for it: a test file searches far more than a person.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FACES_ENABLED: 'false',
    SEARCHES_PER_MINUTE: '100000',
    ...env,
  });
  const database = await createTestDatabase();
  const blobs = localBlobStores(dataDir);
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
    logger: { level: 'warn', stream },
    jobIdleMs: 100,
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    blobs,
    services: app.services,
    config,
    dataDir,
    logs,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
