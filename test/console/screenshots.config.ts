import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from '../../vitest.config.js';

/** `npm run console:screenshots`: the test config, running only the screenshot script. */
export default defineConfig({
  ...base,
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: { ...base.test, include: ['test/console/screenshots.ts'], testTimeout: 180_000 },
});
