import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * The unit tests of the rule modules Stryker mutates (stryker.config.mjs): pure functions
 * only, no database, servers or child processes, so each of the few thousand mutants is
 * judged in well under a second. A rule reached only through the database gets a pure
 * test of its own here rather than pulling the service into the run.
 */
export default defineConfig({
  resolve: {
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql/index.js') }],
  },
  test: {
    include: [
      'test/auth/scopes.test.ts',
      'test/catalog/distribution.test.ts',
      'test/catalog/price-rules.test.ts',
      'test/channels/*/*-order.test.ts',
      'test/channels/platform-formats.test.ts',
      'test/idempotency/idempotency.test.ts',
      'test/money.test.ts',
      'test/orders/order-preparation.test.ts',
      'test/orders/status-machine.test.ts',
      'test/webhooks/outcome.test.ts',
      'test/webhooks/retry-schedule.test.ts',
      'test/webhooks/subscription-health.test.ts',
    ],
    setupFiles: ['reflect-metadata'],
    testTimeout: 30_000,
  },
});
