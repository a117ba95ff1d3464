import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace's unit and integration tests, and the repository's own
// checks (scripts/); e2e/ has its own runner.
// The API's unit tests run once (api-unit); its stack tests on PGlite (api-pglite) and again on
// PostgreSQL, Redis and S3 (api-postgres); apps/api/src/test-support/test-kinds.ts says which
// file is which. The unit stage (`npm test -- unit`) is the projects with no database: contract,
// api-unit, site and repo (scripts/test.mjs).
export default defineConfig({
  test: {
    // At least two test files at once: an API test file spends much of its time waiting (on
    // PostgreSQL, Redis, S3, its job worker), and vitest's default (cores - 1) is one on two cores.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      'packages/contract',
      'apps/api/vitest.unit.config.ts',
      'apps/api/vitest.config.ts',
      'apps/api/vitest.postgres.config.ts',
      'apps/site',
      // The repository itself: the README's quick start against .ci/run, the lock file; the bench's
      // own measuring code.
      {
        test: {
          name: 'repo',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
