/**
 * `npm run migration:create -- <name>`: migrates a scratch database to the current
 * migrations, diffs it against the entities, writes the difference as a new file in
 * migrations/ and lists it in migrations/index.ts.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { ENTITIES } from '../modules.js';
import { createDatabase, dropDatabase } from './databases.js';
import { startEmbeddedPostgres } from './embedded.js';
import { createOrm, migrate } from './orm.js';

const MIGRATIONS_DIR = 'migrations';

async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: 'ponte' });
  const serverUrl = config.databaseUrl ?? embedded!.url;
  const scratch = `ponte_migration_${Date.now()}`;
  const orm = await createOrm(await createDatabase(serverUrl, scratch), { entities: ENTITIES });
  try {
    await migrate(orm);
    const { up, down } = await orm.schema.getUpdateSchemaMigrationSQL({ wrap: false });
    if (!up.trim()) {
      console.log('no changes: entities and migrations agree');
      return;
    }
    const name = `Migration${timestamp()}_${(process.argv[2] ?? 'change').replace(/[^a-z0-9]+/gi, '_')}`;
    writeFileSync(join(MIGRATIONS_DIR, `${name}.ts`), migrationSource(className(name), up, down));
    writeIndex();
    console.log(`created ${MIGRATIONS_DIR}/${name}.ts`);
  } finally {
    await orm.close(true);
    await dropDatabase(serverUrl, scratch);
    await embedded?.stop();
  }
}

/** MikroORM's own generator needs fs.globSync (Node 22); the file it would write is this. */
function migrationSource(name: string, up: string, down: string): string {
  const lines = (sql: string) =>
    sql
      .split(/;\n/)
      .map((statement) => statement.trim())
      .filter(Boolean)
      .map((statement) => `    this.addSql(\`${statement.replace(/;$/, '').replace(/[`\\$]/g, '\\$&')}\`);`)
      .join('\n');
  return `import { Migration } from '@mikro-orm/migrations';

export class ${name} extends Migration {
  override async up(): Promise<void> {
${lines(up)}
  }

  override async down(): Promise<void> {
${lines(down)}
  }
}
`;
}

function timestamp(): string {
  return new Date().toISOString().replace(/\D/g, '').slice(0, 14);
}

function writeIndex(): void {
  const names = readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^Migration\d+.*\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
  const imports = names.map((name) => `import { ${className(name)} } from './${name}.js';`).join('\n');
  const entries = names.map((name) => `  { name: '${name}', class: ${className(name)} },`).join('\n');
  writeFileSync(
    join(MIGRATIONS_DIR, 'index.ts'),
    `import type { MigrationObject } from '@mikro-orm/core';
${imports}

/** Every migration, in order. \`npm run migration:create\` rewrites this list. */
export const MIGRATIONS: MigrationObject[] = [
${entries}
];
`,
  );
}

function className(fileName: string): string {
  return fileName.split('_')[0]!;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
