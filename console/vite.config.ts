import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The console, served by the service under /console (src/http/console.ts). Built into
 * dist/console by `npm run console:build` (run by `npm run build` and at install time).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  build: {
    outDir: process.env.CONSOLE_OUT_DIR ?? fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    // The browsers the console supports: current evergreen ones.
    target: 'es2022',
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
