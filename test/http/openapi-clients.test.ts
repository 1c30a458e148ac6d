import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/http/openapi/document-types.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { runTool, TOOLS } from '../support/tools.js';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const RULESET = fileURLToPath(new URL('../../.spectral.yaml', import.meta.url));

/** Every operationId of a document: its paths' and its webhooks'. */
function operationIds(document: OpenApiDocument): string[] {
  return [...Object.values(document.paths ?? {}), ...Object.values(document.webhooks ?? {})].flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([, operation]) => String(operation.operationId)),
  );
}

/**
 * Each document the server serves, through the tools client teams use on it: unique
 * operationIds (paths and webhooks together), openapi-typescript 7 types that compile with
 * tsc, and Spectral's `spectral:oas` ruleset with nothing to report.
 */
describe('the served OpenAPI documents in client tools', () => {
  let server: TestApp;
  let folder: string;
  const documents = new Map<string, OpenApiDocument>();

  beforeAll(async () => {
    server = await startTestApp();
    folder = mkdtempSync(join(tmpdir(), 'ponte-openapi-'));
    const index = (await (await fetch(`${server.url}/openapi`)).json()) as { documents: { name: string; url: string }[] };
    for (const { name, url } of index.documents) {
      const document = (await (await fetch(`${server.url}${url}`)).json()) as OpenApiDocument;
      documents.set(name, document);
      writeFileSync(join(folder, `${name}.json`), JSON.stringify(document));
    }
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await server.close();
  });

  it('give each operation, webhooks included, an operationId of its own', () => {
    expect(documents.size).toBeGreaterThan(2);
    for (const [name, document] of documents) {
      const ids = operationIds(document);
      expect(ids.filter((id, index) => ids.indexOf(id) !== index), name).toEqual([]);
    }
  });

  it('generate openapi-typescript types that compile with tsc', async () => {
    const files = await Promise.all(
      [...documents.keys()].map(async (name) => {
        const output = join(folder, `${name}.ts`);
        const run = await runTool(TOOLS.openapiTypescript, [join(folder, `${name}.json`), '--output', output]);
        expect(run.code, `${name}: ${run.stderr}`).toBe(0);
        return output;
      }),
    );
    const compiled = await runTool(TOOLS.tsc, ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', ...files], { cwd: folder });
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(compiled.code).toBe(0);
  }, 120_000);

  it('pass Spectral\'s spectral:oas ruleset with no error, warning or hint', async () => {
    const report = join(folder, 'spectral.json');
    const documentFiles = [...documents.keys()].map((name) => join(folder, `${name}.json`));
    const run = await runTool(TOOLS.spectral, ['lint', '--ruleset', RULESET, '--format', 'json', '--output', report, '--fail-severity', 'hint', ...documentFiles]);
    const results = JSON.parse(readFileSync(report, 'utf8')) as { code: string; message: string; path: string[]; source: string }[];
    expect(results.map((result) => `${result.source.split('/').pop()}: ${result.code} ${result.message} at ${result.path.join('.')}`)).toEqual([]);
    expect(run.code).toBe(0);
  }, 120_000);
});
