/**
 * Import rules of src/ (docs/architecture.md, "Import rules"). `npm run -s deps:check`
 * prints the violations; test/architecture/imports.test.ts runs the same rules in
 * `npm test`, over src/ and over a fixture tree that breaks each of them.
 *
 * Kernel: the folders below plus the shared root files. Composition: the files that list
 * or start the modules. Every other folder under src/ is a domain.
 */
const KERNEL = '^src/(kernel|db|http|graphql|events|auth|webhooks|idempotency)/|^src/(config|errors|logger|money)\\.ts$';
const KERNEL_FOLDERS = '^src/(kernel|db|http|graphql|events|auth|webhooks|idempotency)/';
const DOMAIN = '^src/[^/]+/';
const COMPOSITION = '^src/(modules|server|main|cli|cli-commands)\\.ts$';
/** Build scripts run by npm: they start like main.ts, so they may take the modules. */
const SCRIPTS = '^src/graphql/print-schema\\.ts$|^src/db/create-migration\\.ts$';
/** A module descriptor: `src/<folder>/<folder>.module.ts` (src/kernel/ponte-module.ts is its type). */
const MODULE_DESCRIPTOR = '^src/[^/]+/[^/]+\\.module\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Imports run one way: a cycle means two parts know each other',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-imports-no-domain',
      comment: 'The kernel takes what domains plug in through src/modules.ts, never by importing them',
      severity: 'error',
      from: { path: KERNEL },
      to: { path: DOMAIN, pathNot: KERNEL_FOLDERS },
    },
    {
      name: 'kernel-imports-no-composition',
      comment: 'Only entry points and build scripts take the module list',
      severity: 'error',
      from: { path: KERNEL, pathNot: SCRIPTS },
      to: { path: COMPOSITION },
    },
    {
      name: 'domain-imports-no-composition',
      comment: 'A domain is listed by src/modules.ts; it never reads the list back',
      severity: 'error',
      from: { path: DOMAIN, pathNot: KERNEL_FOLDERS },
      to: { path: COMPOSITION },
    },
    {
      name: 'descriptors-only-in-modules',
      comment: 'src/modules.ts is the one place that lists the modules',
      severity: 'error',
      from: { pathNot: '^src/modules\\.ts$' },
      to: { path: MODULE_DESCRIPTOR },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // TypeScript 7 has no JavaScript API: swc parses the sources (type imports included).
    parser: 'swc',
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
  },
};
