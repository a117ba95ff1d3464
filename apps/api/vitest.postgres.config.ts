import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { redisProblem as redisProblemAt } from './src/test-support/redis.js';
import { MODEL_TESTS, stackTestFiles } from './src/test-support/test-kinds.js';

const nodeOnly = (conditions: readonly string[]) => conditions.filter((c) => c !== 'module');

// The API's stack tests again on the scaled stack (test-support/test-kinds.ts: the files that open
// a database, queue or blob store through test-support; unit and model tests run once, in
// api-pglite): PostgreSQL (each test database a CREATE DATABASE eventsite_t_<random> … TEMPLATE
// copy of the run's migrated template on TEST_POSTGRES_URL, dropped after), jobs and cache invalidations on
// Redis (a key prefix per test app), photos in S3 (one s3rver on loopback for the run, started by
// the global set-up; a bucket per test app). Without Redis the suite runs on PostgreSQL alone,
// with a notice (an error under CI=true).
const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function unreachableBecause(): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default defineConfig(async () => {
  const problem = await unreachableBecause();
  const redisProblem = problem ? null : await redisProblemAt(redisUrl);
  if (redisProblem) {
    const message = `Redis at ${redisUrl} is unreachable (${redisProblem}): the api-postgres run uses PostgreSQL alone, not the scaled stack. Start Redis or set TEST_REDIS_URL.`;
    if (process.env.CI === 'true') throw new Error(message);
    console.warn(`\n[api-postgres] ${message}\n`);
  }
  const scaled = !problem && !redisProblem;
  return {
    // Tests run the contract's TypeScript source, no build needed.
    // Packages resolve as Node does: without the bundlers' 'module' condition (the AWS SDK's ES
    // build is for bundlers only).
    ssr: { resolve: { conditions: ['source', ...nodeOnly(defaultServerConditions)] } },
    resolve: { conditions: ['source', ...nodeOnly(defaultClientConditions)] },
    test: {
      name: 'api-postgres',
      // Unreachable: one check file runs instead of the suite. It fails when CI=true, else it is skipped,
      // and both say why and how to fix it.
      include: problem
        ? ['src/test-support/postgres-unavailable.check.ts']
        : stackTestFiles(path.dirname(fileURLToPath(import.meta.url))),
      exclude: [MODEL_TESTS, '**/node_modules/**'],
      globalSetup: [
        'src/test-support/template-setup.ts',
        'src/test-support/scaled-setup.ts',
        'src/test-support/api-build-setup.ts',
      ],
      env: {
        TEST_DATABASE: 'postgres',
        TEST_STACK: scaled ? 'scaled' : '',
        TEST_REDIS_URL: redisUrl,
        TEST_POSTGRES_URL: url,
        TEST_POSTGRES_PROBLEM: problem ?? '',
      },
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
});
