import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { unitTestFiles } from './src/test-support/test-kinds.js';

const nodeOnly = (conditions: readonly string[]) => conditions.filter((c) => c !== 'module');

// The API's unit tests (test-support/test-kinds.ts: no database, queue or blob store): run once,
// with no database set-up, in the unit stage (`npm test -- unit`).
export default defineConfig({
  // Tests run the contract's TypeScript source, no build needed. Packages resolve as Node does:
  // without the bundlers' 'module' condition (the AWS SDK's ES build is for bundlers only).
  ssr: { resolve: { conditions: ['source', ...nodeOnly(defaultServerConditions)] } },
  resolve: { conditions: ['source', ...nodeOnly(defaultClientConditions)] },
  test: {
    name: 'api-unit',
    include: unitTestFiles(path.dirname(fileURLToPath(import.meta.url))),
    // The files of a worker share its loaded modules (sharp, the engines' code): a unit test
    // leaves no module state behind.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
