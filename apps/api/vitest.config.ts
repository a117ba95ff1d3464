import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: { name: 'api', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
