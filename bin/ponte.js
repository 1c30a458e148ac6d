#!/usr/bin/env node
// The `ponte` command: the CLI from the build made at install (`npm run build` after a change).
// An install that ran no scripts (`npm install --ignore-scripts`) has no build: it is made
// here, once, or the command says in one line what to run. Only node: builtins load before
// the CLI, so `ponte --help` stays quick.
import { existsSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const inRoot = (path) => new URL(path, root);
/** scripts/build.mjs marks a finished build with .complete, and points dist at it only then. */
const built = () => existsSync(inRoot('dist/.complete')) && existsSync(inRoot('dist/src/cli.js'));

function fail(message) {
  process.stderr.write(`ponte: ${message}\n`);
  process.exit(1);
}

if (!built()) {
  if (!existsSync(inRoot('scripts/build.mjs')) || !existsSync(inRoot('node_modules'))) {
    fail('no build in dist/ and none can be made here (no scripts/build.mjs or node_modules): run `npm install` in the clone, then try again');
  }
  process.stderr.write('ponte: no complete build in dist/ (installed with --ignore-scripts?): building it once with scripts/build.mjs…\n');
  const { spawnSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const build = spawnSync(process.execPath, [fileURLToPath(inRoot('scripts/build.mjs'))], { stdio: ['ignore', 2, 2] });
  if (build.status !== 0 || !built()) fail(`the build failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`}): run \`npm run build\` to see why`);
}
await import('../dist/src/cli.js');
