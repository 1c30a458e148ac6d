import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The compiled service entry point (the suite builds it once in global-setup). */
export const MAIN = 'dist/src/main.js';

/**
 * How long one step of a child process may take (starting and listening, migrations
 * included; a CLI call from start to exit). About 2 s on an idle machine; with two busy
 * processes on both cores of this machine, Node loading the service's module graph took
 * over a minute and starts timed out at 60 s. Waits end as soon as their condition holds,
 * so this bounds only how long a broken start takes to fail.
 */
export const PROCESS_STEP_MS = 180_000;

/**
 * One short-lived process (a CLI call) from start to exit: about 1 s on an idle machine,
 * 6 s at a load average of 20, several times that with two busy processes besides (a test
 * of a dozen calls in a row timed out at 120 s).
 */
const PROCESS_CALL_MS = 60_000;

/** A test's timeout for `calls` short-lived processes, one after another or at once on the same cores. */
export function processTestTimeout(calls: number): number {
  return PROCESS_STEP_MS + calls * PROCESS_CALL_MS;
}

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in stdout+stderr, or rejects once the process exited without it (PROCESS_STEP_MS by default). */
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
    waitFor: (pattern, timeoutMs = PROCESS_STEP_MS) =>
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

/**
 * Starts the service on a port the OS picks and waits until it listens; `env` adds to or
 * overrides the defaults. One that does not listen in time is killed: left running, it
 * could still take locks (the live relay's) from the processes a test starts next.
 */
export async function startService(env: Record<string, string | undefined>, args: string[] = []): Promise<Service> {
  const running = startProcess(MAIN, args, { PORT: '0', LOG_LEVEL: 'info', ...env });
  try {
    const [, url] = await running.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/);
    return { process: running, url: url! };
  } catch (error) {
    running.child.kill('SIGKILL');
    throw error;
  }
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

/** The lowest port the OS hands out by itself (to `listen(0)` and to outgoing connections). */
function ephemeralRangeStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

function canListen(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on, for a child process that must bind one itself. It is taken
 * below the range the OS hands out by itself, so no `listen(0)` or outgoing connection on
 * this machine (other test files, other suites) can get it between this check and the
 * child's bind; at random, so two runs seldom try the same one. A caller whose child still
 * finds it taken starts again with another (see startWithFreePort).
 */
export async function freePort(): Promise<number> {
  const high = ephemeralRangeStart() - 1;
  const low = Math.max(1024, high - 20_000);
  for (let tries = 0; tries < 50; tries++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found between ${low} and ${high}`);
}

/** Starts something that binds a port of its own, on another free port when the first was taken meanwhile. */
export async function startWithFreePort<T>(start: (port: number) => Promise<T>, isPortTaken: (error: unknown) => boolean, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (attempt >= attempts || !isPortTaken(error)) throw error;
    }
  }
}
