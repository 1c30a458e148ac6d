import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, validate, type DocumentNode } from 'graphql';
import { loadConfig } from 'graphql-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool, TOOLS } from '../support/tools.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT_SCHEMA = 'schema/schema.graphql';
/** The operations kept in the repo: the client team's and the console's (their names overlap, so apart). */
const OPERATIONS = { client: 'client/operations/*.graphql', console: 'console/src/**/*.graphql' };

/**
 * schema/schema.graphql in the tools client teams use on it as they use them: the
 * graphql-inspector CLI, graphql-config (what editors read), and the README's GraphQL
 * Code Generator recipe, taken from README.md as printed and compiled with tsc.
 */
describe('the client schema in stock GraphQL tools', () => {
  it.each(Object.entries(OPERATIONS))('graphql-inspector validates the %s operations against schema/schema.graphql', async (_name, operations) => {
    const run = await runTool(TOOLS.graphqlInspector, ['validate', operations, CLIENT_SCHEMA], { cwd: ROOT });
    expect(run.stdout + run.stderr).toMatch(/All documents are valid/);
    expect(run.code, run.stdout + run.stderr).toBe(0);
  }, 120_000);

  it('graphql-config loads schema/schema.graphql and each project\'s operations, which validate against it', async () => {
    const config = await loadConfig({ rootDir: ROOT, throwOnMissing: true, throwOnEmpty: true });
    expect(Object.keys(config!.projects).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const [name, project] of Object.entries(config!.projects)) {
      expect(project.schema, name).toBe(CLIENT_SCHEMA);
      const schema = await project.getSchema();
      const sources = await project.getDocuments();
      expect(sources.length, name).toBeGreaterThan(3);
      // One document per project: fragments are spread across files.
      const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: sources.flatMap((source) => source.document?.definitions ?? []) };
      expect(validate(schema, document).map((error) => error.message), name).toEqual([]);
    }
  }, 120_000);

  describe('the README\'s codegen recipe, as printed', () => {
    let folder: string;
    beforeAll(() => {
      folder = mkdtempSync(join(tmpdir(), 'ponte-codegen-recipe-'));
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('generates from a copy of schema/schema.graphql typed documents that compile with the README\'s snippet under tsc --strict', async () => {
      const recipe = readmeRecipe();
      // A client project as the README describes it: its codegen.yml, a copy of the schema,
      // the operations under src/ (client/operations/'s), the snippet beside src/gql/.
      writeFileSync(join(folder, 'codegen.yml'), recipe.yaml);
      mkdirSync(join(folder, 'schema'));
      cpSync(join(ROOT, CLIENT_SCHEMA), join(folder, CLIENT_SCHEMA));
      mkdirSync(join(folder, 'src'));
      cpSync(join(ROOT, 'client/operations'), join(folder, 'src/operations'), { recursive: true });
      writeFileSync(join(folder, 'src/orders.ts'), recipe.ts);
      symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
      writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module', private: true }));
      const compilerOptions = { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, types: ['node'] };
      writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src/**/*.ts'] }));

      const generated = await runTool(TOOLS.graphqlCodegen, ['--config', 'codegen.yml'], { cwd: folder });
      expect(generated.code, generated.stdout + generated.stderr).toBe(0);
      // The recipe's scalars as typed: an event's `data` is JSON.
      const liveEvent = /^export type LiveEventFragment = .*$/m.exec(readFileSync(join(folder, 'src/gql/graphql.ts'), 'utf8'))?.[0];
      expect(liveEvent).toBe('export type LiveEventFragment = { id: string, evento: string, dataHora: string, data: Record<string, unknown> };');

      const compiled = await runTool(TOOLS.tsc, ['-p', 'tsconfig.json'], { cwd: folder });
      expect(compiled.stdout + compiled.stderr).toBe('');
      expect(compiled.code).toBe(0);
    }, 180_000);
  });
});

/** The codegen.yml and the TypeScript of README.md's "Typed GraphQL clients", each its section's only block of its language. */
function readmeRecipe(): { yaml: string; ts: string } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = /^## Typed GraphQL clients\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  const blocks = (language: string) => [...section.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((match) => match[1]!);
  const [yaml, ...moreYaml] = blocks('yaml');
  const [ts, ...moreTs] = blocks('ts');
  expect(yaml, 'a yaml block in README.md "Typed GraphQL clients"').toBeDefined();
  expect(ts, 'a ts block in README.md "Typed GraphQL clients"').toBeDefined();
  expect([...moreYaml, ...moreTs]).toEqual([]);
  return { yaml: yaml!, ts: ts! };
}
