/**
 * Prints the generated contracts that are checked in: schema/schema.graphql (from the
 * type-graphql classes) and schema/openapi.json (from the REST request schemas).
 * `--write` rewrites them; `--check` fails when either is stale.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { createOrm } from '../db/orm.js';
import { createLogger } from '../logger.js';
import { ENTITIES, GRAPHQL } from '../modules.js';
import { buildServer } from '../server.js';
import { buildGraphQLSchema } from './schema.js';

async function generated(): Promise<Record<string, string>> {
  const { sdl } = await buildGraphQLSchema(GRAPHQL);
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  // The ORM connects lazily: building the routes needs no database.
  const orm = await createOrm('postgres://unused@127.0.0.1:1/unused', { entities: ENTITIES });
  const app = await buildServer({ config, orm, logger: createLogger(config) });
  await app.ready();
  const openapi = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  await orm.close(true);
  return { 'schema/schema.graphql': sdl, 'schema/openapi.json': openapi };
}

async function main(mode: string | undefined): Promise<number> {
  const files = await generated();
  if (mode === '--write') {
    for (const [path, content] of Object.entries(files)) writeFileSync(path, content);
    console.log(`wrote ${Object.keys(files).join(', ')}`);
    return 0;
  }
  const stale = Object.entries(files)
    .filter(([path, content]) => readOrEmpty(path) !== content)
    .map(([path]) => path);
  if (stale.length > 0) {
    console.error(`stale: ${stale.join(', ')}; run npm run schema:print and commit the result`);
    return 1;
  }
  console.log('schema/schema.graphql and schema/openapi.json are up to date');
  return 0;
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
