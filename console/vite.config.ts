import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The console, served by the service under /console (src/http/console.ts). scripts/build.mjs
 * builds it into the service's build (`dist/console/`), passing `--outDir`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  build: {
    // The browsers the console supports: current evergreen ones.
    target: 'es2022',
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
