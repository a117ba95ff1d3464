import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const require = createRequire(import.meta.url);

/**
 * Selfie search runs Human's face models in the visitor's browser. The model files and tfjs's
 * WebAssembly binaries are copied from node_modules into `public/face-models/<version>/`
 * (git-ignored) when the config loads (build, dev, start), so the site serves them itself —
 * the very files the API's `faces` job uses — and nothing comes from a CDN. The folder is named
 * after the versions, so the files can be cached for a year.
 */
const FACE_MODEL_FILES = ['blazeface', 'facemesh', 'faceres'].flatMap((m) => [`${m}.json`, `${m}.bin`]);
const WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];

function faceModelsPath(): string {
  // The package's `exports` name no package.json; its `require` entry is dist/human.node.js.
  const humanDir = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
  const human = JSON.parse(readFileSync(path.join(humanDir, 'package.json'), 'utf8')) as { version: string };
  const wasm = JSON.parse(readFileSync(path.join(wasmDir, 'package.json'), 'utf8')) as { version: string };
  // Human's browser build bundles its own tfjs; the .wasm binaries must be of the same release.
  const bundled = /"tfjs-backend-wasm":\s*(\w+)/.exec(readFileSync(path.join(humanDir, 'dist/tfjs.version.js'), 'utf8'));
  const bundledVersion = bundled ? new RegExp(`var ${bundled[1]}="([^"]+)"`).exec(readFileSync(path.join(humanDir, 'dist/tfjs.version.js'), 'utf8'))?.[1] : undefined;
  if (bundledVersion && bundledVersion !== wasm.version) {
    throw new Error(`@tensorflow/tfjs-backend-wasm ${wasm.version} differs from the tfjs ${bundledVersion} inside @vladmandic/human: install the same version`);
  }
  const folder = `human-${human.version}-tfjs-${wasm.version}`;
  const target = path.join(here, 'public', 'face-models', folder);
  mkdirSync(target, { recursive: true });
  const sources = [
    ...FACE_MODEL_FILES.map((f) => path.join(humanDir, 'models', f)),
    ...WASM_FILES.map((f) => path.join(wasmDir, 'dist', f)),
  ];
  for (const source of sources) {
    const copy = path.join(target, path.basename(source));
    if (!existsSync(copy) || statSync(copy).size !== statSync(source).size) copyFileSync(source, copy);
  }
  return `/face-models/${folder}/`;
}

const faceModels = faceModelsPath();

/**
 * Headers on every answer of the site, including those the proxy does not see (its build's
 * files). This policy restricts what does not depend on a page's scripts (framing, <base>,
 * plugins, where forms post); a page's own policies are set by the proxy (src/lib/csp.ts) and, for
 * a kept page, kept with it (page-cache.mjs, src/lib/page-scripts.mjs).
 */
const SECURITY_HEADERS = [
  { key: 'content-security-policy', value: "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'" },
  { key: 'x-frame-options', value: 'DENY' },
  { key: 'x-content-type-options', value: 'nosniff' },
  { key: 'referrer-policy', value: 'strict-origin-when-cross-origin' },
];

/**
 * Pages and fetched data are kept by page-cache.mjs, which stores each page with the policy that
 * names its scripts by hash. With REDIS_URL (read when the server starts, no rebuild needed) they
 * are kept in Redis (cache-handler.mjs) and shared by every site instance: a page revalidated by
 * one is the page all serve. Without it, each instance keeps its own cache in memory.
 */
const sharedCache: Partial<NextConfig> = {
  cacheHandler: path.join(here, 'page-cache.mjs'),
  ...(process.env.REDIS_URL ? { cacheMaxMemorySize: 0 } : {}),
};

const config: NextConfig = {
  ...sharedCache,
  // API_URL and PORT are read at request time, so one build serves any deployment.
  reactStrictMode: true,
  poweredByHeader: false,
  // The proxy's rewrites keep the origin the server was reached on (see src/proxy.ts): without
  // this, a server bound to 127.0.0.1 proxies every page to http://localhost over the network.
  skipProxyUrlNormalize: true,
  outputFileTracingRoot: repoRoot,
  turbopack: {
    root: repoRoot,
    // The gallery (and its selfie search) is rendered on the server too; the face model is
    // browser-only: the server's bundle gets a stub instead of Human's Node build.
    resolveAlias: { '@vladmandic/human': { browser: '@vladmandic/human', default: './src/selfie/human-on-server.ts' } },
  },
  transpilePackages: ['@eventsite/contract'],
  env: { NEXT_PUBLIC_FACE_MODELS_PATH: faceModels },
  async headers() {
    return [
      {
        // Every answer: no framing by other sites (clickjacking), no MIME sniffing, no full URLs
        // (with a visitor's search) sent to other origins. See docs/site-security.md.
        source: '/:path*',
        headers: SECURITY_HEADERS,
      },
      {
        source: '/face-models/:path*',
        headers: [
          { key: 'cache-control', value: 'public, max-age=31536000, immutable' },
          { key: 'x-content-type-options', value: 'nosniff' },
        ],
      },
    ];
  },
  experimental: {
    // Every script file Next.js writes into a page carries its SHA-256 (`integrity`): a kept page's
    // policy names them by it (src/lib/page-scripts.mjs), and a changed file does not run.
    sri: { algorithm: 'sha256' },
    // The API answers pages are made from are kept for 30 s in this process's memory only (or in
    // Redis with REDIS_URL): never written to `.next`, so a restarted server, or another server on
    // the same build with another API_URL (tests, benchmarks), never serves answers cached by a
    // previous one.
    isrFlushToDisk: false,
  },
};

export default config;
