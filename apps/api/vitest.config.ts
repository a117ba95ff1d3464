import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The API suite on the embedded database (PGlite in memory): needs nothing running.
export default defineConfig({
  // Tests run the contract's TypeScript source, no build needed.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'api-pglite',
    include: ['src/**/*.test.ts'],
    env: { TEST_DATABASE: 'pglite' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
