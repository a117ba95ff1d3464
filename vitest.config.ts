import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace's unit and integration tests; e2e/ has its own runner.
// The API suite runs twice: on PGlite (api-pglite) and on PostgreSQL (api-postgres).
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/api/vitest.config.ts',
      'apps/api/vitest.postgres.config.ts',
      'apps/site',
    ],
  },
});
