/** autocannon, run in this process against a child's URL; what a figure needs from its result. */
import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers by status code (2xx counted per code, as hot-sku needs 201 vs 409). */
  statuses: Record<string, number>;
  errors: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  path: string;
  /** A token, or one chosen per request (requests spread over many sellers). */
  token: string | (() => string);
  connections: number;
  seconds?: number;
  /** Total requests instead of a duration. */
  amount?: number;
  /** Requests per second over all connections, when the load should be paced. */
  overallRate?: number;
  /** Seconds before a request counts as timed out (autocannon's default is 10). */
  timeoutSeconds?: number;
  /** A fresh body per request (e.g. a new externalId each time). */
  body?: () => string;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const statuses: Record<string, number> = {};
  let finished: (result: autocannon.Result) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve) => (finished = resolve));
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    pipelining: 1,
    timeout: options.timeoutSeconds ?? 10,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 5 }),
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [
      {
        method: options.method ?? 'GET',
        path: options.path,
        headers: { authorization: `Bearer ${typeof options.token === 'string' ? options.token : ''}`, 'content-type': 'application/json' },
        setupRequest: (request: Request): Request => ({
          ...request,
          ...(options.body ? { body: options.body() } : {}),
          ...(typeof options.token === 'function' ? { headers: { ...request.headers, authorization: `Bearer ${options.token()}` } } : {}),
        }),
      },
    ],
  }, (error, result) => {
    if (error) throw error;
    finished(result);
  });
  instance.on('response', (_client: unknown, statusCode: number) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await done;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
  };
}

/** The mean over the run, from the completed count: autocannon's per-second average skips partial seconds. */
export function perSecond(count: number, ms: number): number {
  return (count * 1000) / ms;
}
