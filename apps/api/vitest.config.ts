import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const nodeOnly = (conditions: readonly string[]) => conditions.filter((c) => c !== 'module');

// The API suite on the embedded database (PGlite in memory): needs nothing running.
export default defineConfig({
  // Tests run the contract's TypeScript source, no build needed. Packages resolve as Node does:
  // without the bundlers' 'module' condition (the AWS SDK's ES build is for bundlers only).
  ssr: { resolve: { conditions: ['source', ...nodeOnly(defaultServerConditions)] } },
  resolve: { conditions: ['source', ...nodeOnly(defaultClientConditions)] },
  test: {
    name: 'api-pglite',
    include: ['src/**/*.test.ts', 'tools/**/*.test.ts'],
    env: { TEST_DATABASE: 'pglite' },
    // One migrated PGlite for the run; each test database is loaded from its dump.
    globalSetup: ['src/test-support/template-setup.ts'],
    // The files of a worker share its loaded modules (Fastify, drizzle, sharp, the AWS SDK): a
    // fresh process per file spent more time importing than testing. Each file still makes its
    // own app, database and data folder. (api-postgres still isolates its files.)
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
