/**
 * Import rules `npm test` checks (static stage: `npm run deps`). See docs/architecture.md, Layers.
 * Test files may reach past a layer to set up what they test; product code may not.
 */
const TESTS = '\\.test\\.tsx?$|/test-support/|/test/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules that import each other (directly or through others): give what they share a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'routes-not-to-db-or-images',
      severity: 'error',
      comment:
        'Routes validate and call services; SQL lives in repositories and image work in adapters.',
      from: { path: '^apps/api/src/routes/', pathNot: TESTS },
      to: { path: ['^apps/api/src/adapters/db/', '(^|/)node_modules/(drizzle-orm|sharp)/'] },
    },
    {
      name: 'services-not-to-db-driver-or-images',
      severity: 'error',
      comment:
        'Services reach the database through repositories and image work through adapters/images; they import neither Drizzle nor sharp.',
      from: { path: '^apps/api/src/services/', pathNot: TESTS },
      to: { path: '(^|/)node_modules/(drizzle-orm|sharp)/' },
    },
    {
      name: 'services-not-to-ingest',
      severity: 'error',
      comment:
        'The ingest steps (apps/api/src/ingest/, one per job kind) call services and repositories, not the other way round; only the composition (services/index.ts) builds them.',
      from: {
        path: '^apps/api/src/services/',
        pathNot: `^apps/api/src/services/index\\.ts$|${TESTS}`,
      },
      to: { path: '^apps/api/src/ingest/' },
    },
    {
      name: 'product-not-to-demo',
      severity: 'error',
      comment:
        'The API does not depend on the demo data or its photo renderer; only the demo command (cli) and tests use them.',
      from: { path: '^apps/api/src/', pathNot: `^apps/api/src/(demo|cli)/|${TESTS}` },
      to: { path: '^apps/api/src/demo/' },
    },
    {
      name: 'product-not-to-tools',
      severity: 'error',
      comment: 'Product code does not import measuring tools, benchmarks or browser tests.',
      from: { path: '^(apps|packages)/', pathNot: '^apps/api/tools/' },
      to: { path: '^(bench|e2e)/|^apps/api/tools/' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Build output of our workspaces; npm packages are kept (as leaves) so rules can name them.
    exclude: { path: '^(apps|packages)/[^/]+/(dist|\\.next|coverage)/' },
    // Type-only imports count: a circle of types is still a circle to read.
    tsPreCompilationDeps: true,
    // The site's `@/` paths (tsconfig.depcruise.json); the rest resolve as Node does.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // `source` first: workspace packages resolve to their TypeScript, as in type checking.
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
