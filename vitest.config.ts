import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace's unit and integration tests, and the repository's own
// checks (scripts/); e2e/ has its own runner.
// The API suite runs twice: on PGlite (api-pglite) and on PostgreSQL (api-postgres).
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
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
