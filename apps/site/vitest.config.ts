import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
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
    // A component test renders and waits on what it shows: seconds on a loaded machine.
    testTimeout: 30_000,
  },
});
