import { randomBytes } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import type { BlobStore, BlobStores } from '../adapters/blobs.js';
import { type S3Settings, s3BlobStores, s3Client } from '../adapters/blobs-s3.js';
import { RedisChangeBus } from '../adapters/changes.js';
import type { Db } from '../adapters/db/index.js';
import { BullJobQueue } from '../adapters/jobs/bullmq-queue.js';
import { dropRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from './redis.js';
import { S3_TEST_CREDENTIALS } from './s3.js';

/**
 * The api-postgres run uses the whole scaled stack (TEST_STACK=scaled, set by its vitest config
 * when Redis answers): PostgreSQL, jobs on Redis (BullMQ), cache invalidations on Redis pub/sub,
 * photos in S3 (the run's loopback S3 server, a bucket per test app).
 */
export function scaledTestStack(): boolean {
  return process.env.TEST_STACK === 'scaled';
}

/** Where a test app's shared services live; a second app given the same one shares them. */
export interface StackShare {
  /** The app's bucket on the run's S3 server. */
  s3: S3Settings;
  /** The app's Redis key prefix (queues, change channel). */
  redisPrefix: string;
}

export interface TestStackParts {
  blobs: BlobStores;
  queue: BullJobQueue;
  changes: RedisChangeBus;
  share: StackShare;
  close(): Promise<void>;
}

/** A fresh bucket on the run's S3 server. */
export async function createTestBucket(): Promise<S3Settings> {
  const endpoint = inject('testS3Endpoint');
  if (!endpoint) throw new Error('no S3 server in this test run (TEST_STACK is not scaled)');
  const settings: S3Settings = {
    bucket: `eventsite-t-${randomBytes(5).toString('hex')}`,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
  };
  const client = s3Client(settings);
  try {
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  } finally {
    client.destroy();
  }
  return settings;
}

/**
 * The scaled stack's parts for one app over `db`: a new bucket and Redis prefix, or those of
 * `share` (a second app of the same deployment). `close()` removes the prefix's keys when the
 * parts made it.
 */
export async function openTestStack(
  db: Db,
  options: { share?: StackShare; leaseMs?: number } = {},
): Promise<TestStackParts> {
  const share = options.share ?? {
    s3: await createTestBucket(),
    redisPrefix: testRedisPrefix(),
  };
  const queue = new BullJobQueue(db, TEST_REDIS_URL, {
    prefix: share.redisPrefix,
    leaseMs: options.leaseMs,
  });
  const changes = new RedisChangeBus(TEST_REDIS_URL, share.redisPrefix);
  await changes.ready;
  const client = s3Client(share.s3);
  return {
    blobs: s3BlobStores(share.s3, client),
    queue,
    changes,
    share,
    close: async () => {
      await queue.close();
      await changes.close();
      client.destroy();
      if (!options.share) await dropRedisPrefix(share.redisPrefix);
    },
  };
}

/**
 * The keys in a blob store (unfinished writes included, by their temporary names): what tests
 * look through instead of a folder, so they hold on the local folder and on S3 alike.
 */
export async function storedKeys(store: BlobStore): Promise<string[]> {
  return (await store.list()).map((entry) => entry.key).sort();
}
