#!/usr/bin/env node
/**
 * Builds the service once, when its sources changed, and swaps the build in atomically.
 *
 *   node scripts/build.mjs           build unless dist/ already matches the sources
 *   node scripts/build.mjs --force   build even so
 *
 * `dist` is a symbolic link to `.build/<fingerprint>.<time>/`, a complete build named by a
 * hash of its inputs. A build is written into a folder of its own and the link is replaced with
 * one rename, so a process starting meanwhile (`npm start`, ten CLI calls at once) sees
 * the old build or the new one, never a half-written one. One builder at a time: the
 * others wait for it and then find the build fresh.
 *
 * Each step of STEPS writes into the folder it is given, and its inputs join the
 * fingerprint: the compiled service (`src/`, …) and the console's bundle (`console/`),
 * which the service serves from the same build (src/http/console.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUILDS = join(ROOT, '.build');
const DIST = join(ROOT, 'dist');
const LOCK = join(BUILDS, 'lock');
/** A lock older than this was left by a builder that died. */
const STALE_LOCK_MS = 10 * 60 * 1000;
/** Builds kept besides the current one, for processes that started from them. */
const KEEP_PREVIOUS = 2;

/** The build steps, in order: what each reads (for the fingerprint) and how it writes into `out`. */
const STEPS = [
  {
    name: 'typescript',
    inputs: ['src', 'migrations', 'bench', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    run: (out) =>
      execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', out], {
        cwd: ROOT,
        stdio: ['ignore', 2, 2],
      }),
  },
  {
    name: 'console',
    inputs: ['console', 'package-lock.json'],
    // Vite in a process of its own, without a test runner's or a shell's NODE_ENV: the bundle is always the production one.
    run: (out) => {
      const env = { ...process.env };
      delete env.NODE_ENV;
      delete env.VITEST;
      execFileSync(
        process.execPath,
        [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'console/vite.config.ts', '--outDir', join(out, 'console'), '--emptyOutDir'],
        { cwd: ROOT, env, stdio: ['ignore', 2, 2] },
      );
    },
  },
];

function log(message) {
  process.stderr.write(`ponte build: ${message}\n`);
}

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** A hash of every input's path and content (and of this script): equal means the build is current. */
function fingerprint() {
  const hash = createHash('sha256');
  const files = [fileURLToPath(import.meta.url), ...STEPS.flatMap((step) => step.inputs.flatMap((input) => filesUnder(join(ROOT, input))))];
  for (const file of files) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function currentBuild() {
  try {
    return readlinkSync(DIST);
  } catch {
    return undefined;
  }
}

/** Builds are named `<fingerprint>.<time>`: a forced rebuild never overwrites a folder a process runs from. */
function isCurrent(id) {
  const build = currentBuild();
  return build !== undefined && basename(build).split('.')[0] === id && existsSync(join(ROOT, build, '.complete'));
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** mkdir is atomic: whoever creates the folder holds the lock. */
function withLock(work) {
  mkdirSync(BUILDS, { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      sleep(100);
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Points dist at the build with one rename over the old link (a real folder from an older layout is removed first). */
function publish(name) {
  const link = join(ROOT, `.dist-${process.pid}`);
  rmSync(link, { force: true });
  symlinkSync(join('.build', name), link);
  if (existsSync(DIST) && !lstatSync(DIST).isSymbolicLink()) rmSync(DIST, { recursive: true, force: true });
  renameSync(link, DIST);
}

/** Removes builds but the current one and the few before it, oldest first. */
function prune(current) {
  const builds = readdirSync(BUILDS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'lock' && entry.name !== current)
    .map((entry) => ({ name: entry.name, at: statSync(join(BUILDS, entry.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { name } of builds.slice(KEEP_PREVIOUS)) rmSync(join(BUILDS, name), { recursive: true, force: true });
}

function build(id) {
  const out = join(BUILDS, `tmp-${process.pid}`);
  rmSync(out, { recursive: true, force: true });
  const started = Date.now();
  for (const step of STEPS) {
    log(`${step.name}…`);
    step.run(out);
  }
  writeFileSync(join(out, '.complete'), '');
  const name = `${id}.${Date.now().toString(36)}`;
  renameSync(out, join(BUILDS, name));
  publish(name);
  prune(name);
  log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const force = process.argv.includes('--force');
const id = fingerprint();
if (force || !isCurrent(id)) {
  withLock(() => {
    // Another builder may have produced this very build while this one waited.
    if (!force && isCurrent(id)) return;
    build(id);
  });
}
