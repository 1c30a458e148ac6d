import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { MAIN, startProcess, startWithFreePort, type RunningProcess } from './process.js';

export interface DemoService {
  process: RunningProcess;
  /** What the first start printed: PONTE_URL, PONTE_TOKEN, PONTE_APP and PONTE_WEBHOOK_SECRET. */
  printed: { PONTE_URL: string; PONTE_TOKEN: string; PONTE_APP: string; PONTE_WEBHOOK_SECRET: string };
  /** The `export …` lines it printed, as a reader pastes them. */
  exportLines: string[];
  /** Stops it (SIGTERM) and removes its data; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/**
 * A fresh clone's first start: the real service on a new embedded PostgreSQL, which makes
 * the demo seller and prints its variables once.
 */
export async function startDemoService(env: Record<string, string> = {}): Promise<DemoService> {
  const dataDir = resolve('.data', `first-run-${randomBytes(4).toString('hex')}`);
  const service = await startWithFreePort(
    async (port) => {
      const started = startProcess(MAIN, [], { PONTE_DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(port), PORT: '0', LOG_LEVEL: 'debug', ...env });
      try {
        await started.waitFor(/export PONTE_WEBHOOK_SECRET=whsec_\S+/, 120_000);
        return started;
      } catch (error) {
        started.child.kill('SIGKILL');
        throw error;
      }
    },
    (error) => /Address already in use/.test((error as Error).message),
  );
  const printed = (name: string) => service.output().match(new RegExp(`export ${name}=(\\S+)`))![1]!;
  return {
    process: service,
    printed: {
      PONTE_URL: printed('PONTE_URL'),
      PONTE_TOKEN: printed('PONTE_TOKEN'),
      PONTE_APP: printed('PONTE_APP'),
      PONTE_WEBHOOK_SECRET: printed('PONTE_WEBHOOK_SECRET'),
    },
    exportLines: [...service.output().matchAll(/^ *(export \w+=\S+)$/gm)].map((match) => match[1]!),
    stop: async () => {
      service.child.kill('SIGTERM');
      const code = await service.exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
