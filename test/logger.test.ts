import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { MAIN, runProcess, startProcess } from './support/process.js';

describe('logs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const env = () => ({ DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'info' });

  it('are JSON lines when stdout is not a terminal', { timeout: 120_000 }, async () => {
    const service = startProcess(MAIN, ['--no-migrate'], env());
    try {
      await service.waitFor(/ponte started/, 90_000);
      const lines = service.output().trim().split('\n');
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(JSON.parse(lines.find((line) => line.includes('ponte started'))!)).toMatchObject({ level: 30, msg: 'ponte started', role: 'all' });
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  });

  /** A process that logs one line through the service's logger (the build's), with LOG_FORMAT. */
  const LOG_ONE_LINE = `import('./dist/src/logger.js').then(({ createLogger }) =>
    createLogger({ logLevel: 'info', logFormat: process.env.LOG_FORMAT ?? 'auto' }).info({ worker: 'demo' }, 'ponte started'))`;

  it('are pretty lines on a terminal (a real pseudo-terminal, through script(1))', { timeout: 60_000 }, async () => {
    const command = `${process.execPath} -e "${LOG_ONE_LINE.replace(/\n\s*/g, ' ')}"`;
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.on('exit', resolve));
    // eslint-disable-next-line no-control-regex
    const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: ponte started/m);
    expect(plain).toContain('worker: "demo"');
    expect(plain).not.toContain('{"level"');
    // Colours, since a person reads it.
    expect(output).toContain('\u001b[');
  });

  it('are pretty when LOG_FORMAT=pretty asks, and JSON when LOG_FORMAT=json does', { timeout: 60_000 }, async () => {
    for (const format of ['pretty', 'json', 'auto']) {
      const result = await runProcess('-e', [LOG_ONE_LINE], { LOG_FORMAT: format });
      expect(result.code, result.stderr).toBe(0);
      if (format === 'pretty') expect(result.stdout).toMatch(/^\[[\d:.]+\] INFO: ponte started\n {4}worker: "demo"/);
      // A pipe is no terminal: auto means JSON.
      else expect(JSON.parse(result.stdout)).toMatchObject({ level: 30, msg: 'ponte started', worker: 'demo', service: 'ponte' });
    }
  });
});

