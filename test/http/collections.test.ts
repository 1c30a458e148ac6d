import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../support/demo-service.js';
import { runTool, TOOLS } from '../support/tools.js';

const COLLECTIONS = new URL('../../collections/', import.meta.url);
const NAMES = readdirSync(COLLECTIONS)
  .filter((file) => file.endsWith('.postman_collection.json'))
  .map((file) => file.replace('.postman_collection.json', ''))
  .sort();
const ENVIRONMENT = join(COLLECTIONS.pathname, 'local.postman_environment.json');

interface CollectionItem {
  id: string;
}

interface NewmanReport {
  run: {
    stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
    executions: { item: { id: string }; assertions?: { assertion: string; error?: { message: string } }[]; response?: { code: number } }[];
    failures: { source?: { id?: string }; error: { message: string; test?: string } }[];
  };
}

/**
 * The checked-in collections as a user runs them: `npx newman run` with the environment
 * file and the demo seller's printed token and credential, against a freshly started
 * service with its default settings (`npm start`). Every request is sent (none skipped) and
 * has its tests (its status; its answer against the document's schema), and every one
 * passes.
 */
describe('the Postman collections under newman', () => {
  let service: DemoService;
  let folder: string;
  beforeAll(async () => {
    service = await startDemoService();
    folder = mkdtempSync(join(tmpdir(), 'ponte-newman-'));
  }, 150_000);
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await service?.stop();
  });

  async function runsGreen(name: string): Promise<void> {
    const report = join(folder, `${name}.json`);
    const { PONTE_URL, PONTE_TOKEN, PONTE_APP } = service.printed;
    const run = await runTool(TOOLS.newman, [
      'run',
      join(COLLECTIONS.pathname, `${name}.postman_collection.json`),
      '--environment',
      ENVIRONMENT,
      '--env-var',
      `baseUrl=${PONTE_URL}`,
      '--env-var',
      `token=${PONTE_TOKEN}`,
      '--env-var',
      `applicationCredential=${PONTE_APP}`,
      '--reporters',
      'json',
      '--reporter-json-export',
      report,
    ]);
    const { run: result } = JSON.parse(readFileSync(report, 'utf8')) as NewmanReport;
    const failures = result.failures.map((failure) => `${failure.source?.id ?? '?'}: ${failure.error.test ?? ''} ${failure.error.message}`);
    expect(failures, name).toEqual([]);
    expect(run.code).toBe(0);
    const items = (JSON.parse(readFileSync(new URL(`${name}.postman_collection.json`, COLLECTIONS), 'utf8')) as { item: CollectionItem[] }).item;
    const answered = (item: CollectionItem) => result.executions.filter((execution) => execution.item.id === item.id && execution.response);
    expect(items.filter((item) => answered(item).length === 0).map((item) => item.id), 'sent and answered').toEqual([]);
    expect(items.filter((item) => !answered(item).some((execution) => (execution.assertions?.length ?? 0) > 0)).map((item) => item.id), 'tested').toEqual([]);
  }

  // `all` first; then each interface's, one after another on the same service: every
  // collection also runs again as it is (its creates make new things; nothing it needs was
  // used up). One at a time: runs at once would compete for the demo seller's stock.
  it('all runs green, with tests on every request', () => runsGreen('all'), 240_000);
  it.each(NAMES.filter((name) => name !== 'all'))('%s runs green after all, with tests on every request', (name) => runsGreen(name), 240_000);
});
