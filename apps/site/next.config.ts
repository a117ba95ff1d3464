import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const config: NextConfig = {
  // API_URL and PORT are read at request time, so one build serves any deployment.
  reactStrictMode: true,
  poweredByHeader: false,
  outputFileTracingRoot: repoRoot,
  turbopack: { root: repoRoot },
  transpilePackages: ['@eventsite/contract'],
  experimental: {
    // Pages are kept per organiser for 30 s (ISR) in this process's memory only: never written to
    // `.next`, so a restarted server, or another server on the same build with another API_URL
    // (tests, benchmarks), never serves pages or API answers cached by a previous one.
    isrFlushToDisk: false,
  },
};

export default config;
