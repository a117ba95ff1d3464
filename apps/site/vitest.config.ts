import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

// Tests run the contract's TypeScript source (the 'source' condition, also on the server side,
// where the tests run), so they need no build of it.
export default defineConfig({
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  resolve: {
    conditions: ['source'],
    alias: { '@': path.join(here, 'src') },
  },
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'site',
    root: here,
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/test/setup.ts'],
    // The API compiled once for the run, for the tests that start it (src/test/api-process.ts).
    globalSetup: ['../api/src/test-support/api-build-setup.ts'],
    // A component test renders and waits on what it shows: seconds on a loaded machine.
    testTimeout: 30_000,
  },
});
