import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBlobStores } from '../adapters/blobs.js';
import type { Database } from '../adapters/db/index.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase } from '../test-support/database.js';
import { seedPublishedEvent } from '../test-support/fixtures.js';
import {
  dropRedisPrefix,
  requireRedis,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../test-support/redis.js';

// Two API processes of one deployment behind a load balancer, both trusting the proxy in front:
// with REDIS_URL a visitor has one budget across them, not one per process.

const wanted = await requireRedis('shared rate limits');
const PROXY = '10.0.0.1';
const SEARCHES = 4;

let database: Database;
let dataDir: string;
let eventId: number;
const prefix = testRedisPrefix();
const apps: FastifyInstance[] = [];

async function api(redis: boolean): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FACES_ENABLED: 'false',
      OCR_ENABLED: 'false',
      JOB_CONCURRENCY: '0',
      SEARCHES_PER_MINUTE: String(SEARCHES),
      TRUST_PROXY: PROXY,
    }),
    ...(redis ? { redisUrl: TEST_REDIS_URL, redisPrefix: prefix } : {}),
  };
  const app = await buildApp({
    config,
    database,
    blobs: localBlobStores(dataDir),
    logger: false,
    sweep: false,
  });
  await app.ready();
  apps.push(app);
  return app;
}

/** A result look-up (one search) by a visitor, through the proxy. */
const lookUp = (app: FastifyInstance, visitor: string) =>
  app
    .inject({
      url: `/api/v1/client/events/${eventId}/results/101`,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': visitor },
    })
    .then((r) => r.statusCode);

beforeAll(async () => {
  if (!wanted) return;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'eventsite-limits-'));
  database = await createTestDatabase();
  eventId = await seedPublishedEvent((await api(false)).services);
}, 120_000);

afterAll(async () => {
  if (!wanted) return;
  for (const app of apps.splice(0)) await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  await dropRedisPrefix(prefix);
});

describe.runIf(wanted)('rate limits shared through Redis (REDIS_URL)', () => {
  it('two API processes count one visitor against one budget; another visitor has their own', async () => {
    const [a, b] = [await api(true), await api(true)];
    const visitor = '198.51.100.7';
    const answers = [];
    for (let i = 0; i < SEARCHES; i += 1) answers.push(await lookUp(i % 2 ? b : a, visitor));
    expect(answers.every((s) => s !== 429)).toBe(true);
    // The budget is spent, whichever process the next request reaches.
    expect(await lookUp(a, visitor)).toBe(429);
    expect(await lookUp(b, visitor)).toBe(429);
    expect(await lookUp(b, '198.51.100.8')).not.toBe(429);
    // The counters are under the deployment's prefix, kept no longer than their window.
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}:rate-limit:*`);
      expect(keys.some((k) => k.includes('searches:198.51.100.7'))).toBe(true);
      for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it("a visitor's searches and failed admin authentications are separate budgets", async () => {
    const [a, b] = [await api(true), await api(true)];
    const visitor = '198.51.100.9';
    // More searches than the 10 failed authentications an address may make: counted in one
    // key, they would lock the visitor out of the admin API.
    for (let i = 0; i < 12; i += 1) await lookUp(a, visitor);
    expect(await lookUp(b, visitor)).toBe(429);
    const admin = await b.inject({
      url: `/api/v1/admin/events/${eventId}/jobs`,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': visitor, authorization: 'Bearer wrong' },
    });
    expect(admin.statusCode).toBe(401);
  });

  it('without REDIS_URL each process counts alone (the budget is per process)', async () => {
    const [a, b] = [await api(false), await api(false)];
    const visitor = '198.51.100.10';
    for (let i = 0; i < SEARCHES; i += 1) expect(await lookUp(a, visitor)).not.toBe(429);
    expect(await lookUp(a, visitor)).toBe(429);
    expect(await lookUp(b, visitor)).not.toBe(429);
  });
});
