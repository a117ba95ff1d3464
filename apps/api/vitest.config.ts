import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { MODEL_TESTS, stackTestFiles } from './src/test-support/test-kinds.js';

const nodeOnly = (conditions: readonly string[]) => conditions.filter((c) => c !== 'module');

// The API's stack tests on the embedded database (PGlite in memory): needs nothing running. The
// model tests (*.models.test.ts, the models pass) run here too. The API's unit tests run once, in
// api-unit (vitest.unit.config.ts); test-support/test-kinds.ts says which file is which.
export default defineConfig({
  // Tests run the contract's TypeScript source, no build needed. Packages resolve as Node does:
  // without the bundlers' 'module' condition (the AWS SDK's ES build is for bundlers only).
  ssr: { resolve: { conditions: ['source', ...nodeOnly(defaultServerConditions)] } },
  resolve: { conditions: ['source', ...nodeOnly(defaultClientConditions)] },
  test: {
    name: 'api-pglite',
    include: [...stackTestFiles(path.dirname(fileURLToPath(import.meta.url))), MODEL_TESTS],
    env: { TEST_DATABASE: 'pglite' },
    // One migrated PGlite for the run; each test database is loaded from its dump.
    // The API compiled once, for the servers and CLIs tests start (test-support/api-build.ts).
    globalSetup: ['src/test-support/template-setup.ts', 'src/test-support/api-build-setup.ts'],
    // The files of a worker share its loaded modules (Fastify, drizzle, sharp, the AWS SDK): a
    // fresh process per file spent more time importing than testing. Each file still makes its
    // own app, database and data folder. (api-postgres still isolates its files.)
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
