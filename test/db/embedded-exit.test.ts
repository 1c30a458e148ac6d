import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/process.js';

const EMBEDDED = pathToFileURL(resolve('dist/src/db/embedded.js')).href;

/**
 * A process that used the embedded PostgreSQL keeps the exit code it set: the package's
 * exit hook used to end every such process with code 0, so a test run with failures (and a
 * failed CLI command) reported success.
 */
describe('a process that started the embedded PostgreSQL', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ponte-exit-'));
    // Run as root, the server drops to its own user, which must reach its folder.
    chmodSync(dataDir, 0o755);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits with the code it set, once it runs out of work', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const script = `
      const { startEmbeddedPostgres } = await import(${JSON.stringify(EMBEDDED)});
      const database = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, database: 'exit_code' });
      await database.stop();
      process.exitCode = 3;
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(stderr).toBe('');
    expect(code).toBe(3);
  });
});
