import pg from 'pg';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const nodeOnly = (conditions: readonly string[]) => conditions.filter((c) => c !== 'module');

// The same API suite on PostgreSQL. Each test file gets its own CREATE DATABASE
// eventsite_t_<random> on TEST_POSTGRES_URL, dropped after.
const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

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
      include: problem ? ['src/test-support/postgres-unavailable.check.ts'] : ['src/**/*.test.ts'],
      env: {
        TEST_DATABASE: 'postgres',
        TEST_POSTGRES_URL: url,
        TEST_POSTGRES_PROBLEM: problem ?? '',
      },
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  };
});
