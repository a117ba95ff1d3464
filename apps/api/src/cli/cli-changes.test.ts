import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBlobStores } from '../adapters/blobs.js';
import { RedisChangeBus } from '../adapters/changes.js';
import { type Database, openDatabase } from '../adapters/db/index.js';
import { createServices, type Services } from '../services/index.js';
import { shareChanges } from '../services/shared-changes.js';
import { createCliSandbox } from '../test-support/cli.js';
import { testDatabaseKind } from '../test-support/database.js';
import {
  dropRedisPrefix,
  requireRedis,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../test-support/redis.js';

// On the scaled stack (PostgreSQL and Redis) an operator's CLI command runs in its own process:
// the running APIs must hear what it changed, as they hear each other, and not serve their cached
// answers until those expire.
const scaled = testDatabaseKind() === 'postgres' && (await requireRedis('cli changes'));

let box: Awaited<ReturnType<typeof createCliSandbox>>;
let database: Database;
let bus: RedisChangeBus;
let api: Services;
const prefix = testRedisPrefix();

beforeAll(async () => {
  if (!scaled) return;
  box = await createCliSandbox();
  Object.assign(box.env, { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
  const file = path.join(box.dataDir, 'city.json');
  await writeFile(file, JSON.stringify({ name: 'City Runs', domains: ['city.example'] }));
  expect((await box.run('organiser', 'apply', file)).code).toBe(0);
  const created = await box.run(
    'event',
    'create',
    '--organiser',
    'city.example',
    '--name',
    'Harbour Run',
    '--date',
    '2025-05-01',
    '--city',
    'Leeds',
    '--published',
  );
  expect(created.code).toBe(0);
  // A running API process: its own services and caches over the same database, on the same bus.
  database = await openDatabase({ kind: 'postgres', url: box.env.DATABASE_URL! });
  api = createServices(database.db, localBlobStores('/nonexistent'), {
    ocrEnabled: false,
    facesEnabled: false,
  });
  bus = new RedisChangeBus(TEST_REDIS_URL, prefix);
  await bus.ready;
  shareChanges(api, bus);
});

afterAll(async () => {
  if (!scaled) return;
  await bus.close();
  await database.close();
  await box.close();
  await dropRedisPrefix(prefix);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!scaled)('CLI commands on the scaled stack', () => {
  it("a running API's cached answers are dropped as soon as the CLI changes an event", async () => {
    const answer = () =>
      api.answers.get('data\ncity.example', async () =>
        JSON.stringify(await api.organisers.data('city.example', 'http://api')),
      );
    expect(await answer()).toContain('Harbour Run');
    expect(api.answers.size).toBe(1);

    const renamed = await box.run('event', 'update', '1', '--name', 'Harbour Night Run');
    expect(renamed.code).toBe(0);
    // The command has ended: what it published was sent before it closed its connection.
    for (let i = 0; i < 100 && api.answers.size > 0; i += 1) await sleep(20);
    expect(api.answers.size).toBe(0);
    expect(await answer()).toContain('Harbour Night Run');

    // Unpublishing takes the event off the API's answer at once, too.
    expect((await box.run('event', 'unpublish', '1')).code).toBe(0);
    for (let i = 0; i < 100 && api.answers.size > 0; i += 1) await sleep(20);
    expect(await answer()).not.toContain('Harbour Night Run');
  });
});
