import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace's unit and integration tests; e2e/ has its own runner.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/site'],
  },
});
