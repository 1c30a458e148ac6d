import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { MAIN, startProcess } from './support/process.js';

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

  it('are pretty lines on a terminal (a real pseudo-terminal, through script(1))', { timeout: 120_000 }, async () => {
    const command = `${process.execPath} ${MAIN} --no-migrate`;
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm', ...env() },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await waitForText(() => output, 'ponte started');
      // eslint-disable-next-line no-control-regex
      const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
      expect(plain).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: ponte started/m);
      expect(plain).not.toMatch(/^\{"level"/m);
      // Colours, since a person reads it.
      expect(output).toContain('\u001b[');
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  });

  it('are pretty when LOG_FORMAT=pretty asks, and JSON when LOG_FORMAT=json does', { timeout: 120_000 }, async () => {
    const services = (['pretty', 'json'] as const).map((format) => ({ format, service: startProcess(MAIN, ['--no-migrate'], { ...env(), LOG_FORMAT: format }) }));
    try {
      for (const { format, service } of services) {
        await service.waitFor(/ponte started/, 90_000);
        expect(service.output().startsWith('{'), format).toBe(format === 'json');
      }
    } finally {
      for (const { service } of services) service.child.kill('SIGTERM');
      await Promise.all(services.map(({ service }) => service.exited));
    }
  });
});

async function waitForText(output: () => string, text: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for "${text}"; output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
