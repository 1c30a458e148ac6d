import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One copy of graphql for Apollo, type-graphql and the tests ("another module or realm").
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql/index.js') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // Vitest's default on a 2-core machine is one worker (cores − 1), but most files spend
    // their time waiting on PostgreSQL, child processes and sockets: three at once keep the
    // cores busy (docs/performance.md has the suite's current duration).
    maxWorkers: 3,
    // A worker keeps the modules it loaded for the next file: loading the service's module
    // graph (MikroORM, Apollo, Fastify…) again in each file was most of the run
    // (test/catalog + test/orders: 80 s → 37 s). Files still own their databases and
    // servers; test/support/contract.ts keeps its state per process for this.
    isolate: false,
    globalSetup: ['test/support/global-setup.ts'],
    // contract.ts checks every REST answer and every delivery the tests see against the checked-in contracts.
    setupFiles: ['reflect-metadata', 'test/support/contract.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
