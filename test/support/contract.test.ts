import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess } from './process.js';

interface JsonReport {
  testResults: { name: string; assertionResults: { status: string; failureMessages: string[] }[] }[];
}

describe('the contract check, with files sharing a worker', () => {
  // The suite's files share their worker's modules: a receiver module an earlier file
  // loaded must still fail the test running now when it reports a violation.
  it('fails the running test with a violation reported through a module an earlier file loaded', { timeout: 120_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ponte-contract-'));
    try {
      const output = join(folder, 'report.json');
      const run = await runProcess('node_modules/vitest/vitest.mjs', ['run', '--config', 'test/support/contract-fixture/vitest.config.ts', '--reporter=json', `--outputFile=${output}`], {});
      const report = JSON.parse(readFileSync(output, 'utf8')) as JsonReport;
      const outcome = (file: string) => report.testResults.find((result) => result.name.endsWith(`/${file}`))?.assertionResults ?? [];
      expect(outcome('a-loads.fixture.ts').map((test) => test.status)).toEqual(['passed']);
      expect(outcome('b-reports.fixture.ts').map((test) => test.status)).toEqual(['failed']);
      expect(outcome('b-reports.fixture.ts')[0]!.failureMessages[0]).toContain('The contract does not hold (1):\na delivery out of contract');
      expect(run.code).toBe(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
