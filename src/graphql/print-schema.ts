/**
 * Prints the generated contracts that are checked in: schema/schema.graphql and
 * schema/subgraph.graphql (from the type-graphql classes: the client schema and the
 * federation subgraph, src/graphql/schema.ts) and the REST contracts (from the REST request schemas and the
 * event declarations: schema/openapi/, schema/events/, collections/, docs/errors.md,
 * docs/events.md). `--write` rewrites them; `--check` fails when any is stale or when a
 * file in their folders is no longer printed.
 */
import 'reflect-metadata';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadConfig } from '../config.js';
import { createOrm } from '../db/orm.js';
import { createLogger } from '../logger.js';
import { CONTRACT_FOLDERS, restContractFiles } from '../http/openapi/contract-files.js';
import type { OpenApiDocument } from '../http/openapi/document-types.js';
import { ENTITIES, loadModuleApis } from '../modules.js';
import { buildServer } from '../server.js';
import { buildGraphQLSchemas } from './schema.js';

async function generated(): Promise<Record<string, string>> {
  const api = await loadModuleApis();
  const { clientSdl, subgraphSdl } = await buildGraphQLSchemas(api.graphql);
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  // The ORM connects lazily: building the routes needs no database.
  const orm = await createOrm('postgres://unused@127.0.0.1:1/unused', { entities: ENTITIES });
  const app = await buildServer({ config, orm, logger: createLogger(config) });
  await app.ready();
  const rest = restContractFiles(app.swagger() as unknown as OpenApiDocument, api.interfaces);
  await app.close();
  await orm.close(true);
  return { 'schema/schema.graphql': clientSdl, 'schema/subgraph.graphql': subgraphSdl, ...rest };
}

async function main(mode: string | undefined): Promise<number> {
  const files = await generated();
  if (mode === '--write') {
    for (const path of unprinted(files)) rmSync(path);
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
    console.log(`wrote ${Object.keys(files).length} files: schema/schema.graphql, schema/subgraph.graphql, ${CONTRACT_FOLDERS.join('/, ')}/, docs/errors.md, docs/events.md`);
    return 0;
  }
  const stale = Object.entries(files)
    .filter(([path, content]) => readOrEmpty(path) !== content)
    .map(([path]) => path)
    .concat(unprinted(files));
  if (stale.length > 0) {
    console.error(`stale: ${stale.join(', ')}; run npm run schema:print and commit the result`);
    return 1;
  }
  console.log(`${Object.keys(files).length} generated contract files are up to date`);
  return 0;
}

/** Files in the generated folders that are not printed any more (a removed route's interface, a removed event). */
function unprinted(files: Record<string, string>): string[] {
  return CONTRACT_FOLDERS.flatMap((folder) => filesUnder(folder)).filter((path) => !(path in files));
}

function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
