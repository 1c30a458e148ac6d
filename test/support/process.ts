import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** The compiled service entry point (the suite builds it once in global-setup). */
export const MAIN = 'dist/src/main.js';

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in stdout+stderr. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

/** Starts a compiled entry point (dist/…) as a real process with its own environment. */
export function startProcess(script: string, args: string[], env: Record<string, string | undefined>): RunningProcess {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      for (const listener of listeners) listener();
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(match);
          } else if (exitCode !== undefined) {
            // A process that died will never print it: say so now, not at the timeout.
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`process exited (${exitCode}) before printing ${pattern}; output:\n${output}`));
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern}; output so far:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
  };
}

/** A service process (dist/src/main.js) and the URL it printed once listening. */
export interface Service {
  process: RunningProcess;
  url: string;
}

/** Starts the service on a port the OS picks and waits until it listens; `env` adds to or overrides the defaults. */
export async function startService(env: Record<string, string | undefined>, args: string[] = []): Promise<Service> {
  const running = startProcess(MAIN, args, { PORT: '0', LOG_LEVEL: 'info', ...env });
  const [, url] = await running.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/);
  return { process: running, url: url! };
}

/** Runs a compiled entry point to completion. */
export async function runProcess(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

/** A port nothing listens on right now (the OS picks it), for a child that must bind one itself. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
