// Mutation testing of the rule modules (docs/reliability.md, "Mutation testing"):
// `npm run test:mutation`. Files that mix rules with SQL are mutated on the rules' lines only.
// Stryker runs the tests in worker threads, where a test cannot change the time zone
// (test/channels/platform-formats.test.ts does under vitest's forks): the whole run takes
// one away from UTC, so a bare date-time read as local time is seen there too.
process.env.TZ = 'America/Sao_Paulo';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'test/mutation/vitest.config.ts' },
  // TypeScript 7 has no JS API for the typescript-checker: a mutant that does not compile
  // fails at run time or survives, and is read as such in the report.
  checkers: [],
  // Stryker rewrites a tsconfig's `extends` and `references` for the sandbox through
  // TypeScript's JS API, which TypeScript 7 no longer has; ours has neither, so it names
  // no file and the sandbox keeps tsconfig.json as it is.
  tsconfigFile: 'no-tsconfig-to-rewrite.json',
  mutate: [
    'src/orders/status-machine.ts',
    'src/catalog/distribution.ts',
    'src/catalog/price-rules.ts',
    'src/webhooks/retry-schedule.ts',
    'src/webhooks/outcome.ts',
    // healthOf; the rest is SQL (recordFailure, disableSubscription and the health CTEs).
    'src/webhooks/subscription-health.ts:1-16',
    // The key's limits and the request hash; claiming and storing are SQL.
    'src/idempotency/idempotency.ts:1-47',
    'src/auth/scopes.ts',
    'src/orders/order-preparation.ts',
    'src/money.ts',
    'src/channels/platform-formats.ts',
    'src/channels/*/*-order.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: '.stryker-tmp',
  // The sandbox needs the sources, the tests and the configs; not the build output or the docs.
  ignorePatterns: ['/.build', '/dist', '/docs', '/console', '/client', '/bench', '/collections', '/reports', '/.data', '/coverage'],
  cleanTempDir: 'always',
};
