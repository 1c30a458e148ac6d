import { describe, expect, it } from 'vitest';
import { nextStep, recordOf, type AttemptRecord } from '../../src/webhooks/outcome.js';
import { INTERFACE_POLICY } from '../../src/webhooks/policy.js';
import type { SendResult } from '../../src/webhooks/sender.js';

const policy = INTERFACE_POLICY;
const answer = (statusCode: number, extra: Partial<SendResult> = {}): SendResult => ({
  at: new Date('2026-01-01T00:00:00Z'),
  durationMs: 12,
  statusCode,
  responseBody: '',
  retryAfter: undefined,
  failure: null,
  ...extra,
});
const context = (overrides: Partial<Parameters<typeof nextStep>[1]> = {}) => ({
  retryAfter: undefined,
  attemptsInRound: 1,
  maxAttempts: 8,
  backoff: { baseMs: 1000, maxMs: 60_000 },
  now: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});

describe('judging an attempt', () => {
  it('counts any 2xx as success and classes the rest', () => {
    for (const status of [200, 201, 204, 299]) expect(recordOf(answer(status), policy).error).toBeNull();
    expect(recordOf(answer(301), policy)).toMatchObject({ error: 'redirect', statusCode: 301 });
    expect(recordOf(answer(308), policy).error).toBe('redirect');
    expect(recordOf(answer(300), policy)).toMatchObject({ error: 'redirect', errorDetail: 'redirects are not followed (HTTP 300)' });
    expect(recordOf(answer(399), policy).error).toBe('redirect');
    expect(recordOf(answer(400), policy)).toMatchObject({ error: 'status', errorDetail: 'HTTP 400' });
    // Below 200 is no success and no redirect either.
    expect(recordOf(answer(199), policy)).toMatchObject({ error: 'status', errorDetail: 'HTTP 199' });
    expect(recordOf(answer(404), policy)).toMatchObject({ error: 'status', errorDetail: 'HTTP 404' });
    expect(recordOf(answer(500), policy).error).toBe('status');
    const failed = answer(0, { statusCode: null, failure: { error: 'timeout', detail: 'no answer within 10 ms' } });
    expect(recordOf(failed, policy)).toMatchObject({ error: 'timeout', statusCode: null, errorDetail: 'no answer within 10 ms' });
  });

  it('records what the receiver sent, and error messages quoting it, in a form PostgreSQL can store', () => {
    expect(recordOf(answer(200, { responseBody: 'ok\u0000' }), policy).responseBody).toBe('ok\uFFFD');
    const failed = answer(0, { statusCode: null, failure: { error: 'connection', detail: 'Invalid header value "a\u0000"' } });
    expect(recordOf(failed, policy).errorDetail).toBe('Invalid header value "a\uFFFD"');
  });
});

function delayOf(step: ReturnType<typeof nextStep>): number {
  if (step.status !== 'retrying') throw new Error(`expected a retry, got ${step.status}`);
  return step.delayMs;
}

describe('what follows an attempt', () => {
  const failure = (statusCode: number | null): AttemptRecord => ({ ...recordOf(answer(statusCode ?? 0), policy), statusCode, error: 'status' });

  it('succeeds, gives up after the last attempt, or retries on the backoff schedule', () => {
    expect(nextStep(recordOf(answer(204), policy), context())).toEqual({ status: 'succeeded' });
    expect(nextStep(failure(500), context({ attemptsInRound: 8 }))).toEqual({ status: 'failed', gone: false });
    // The attempt before the last is retried: `>=`, not `>`, and not one early.
    expect(nextStep(failure(500), context({ attemptsInRound: 7 })).status).toBe('retrying');
    expect(nextStep(failure(500), context({ attemptsInRound: 1, maxAttempts: 1 }))).toEqual({ status: 'failed', gone: false });
    // Second failure: ceiling 1 s × 16 = 16 s, jitter on its last fifth keeps it within [12.8 s, 16 s].
    const delay = delayOf(nextStep(failure(500), context({ attemptsInRound: 2 })));
    expect(delay).toBeGreaterThanOrEqual(12_800);
    expect(delay).toBeLessThanOrEqual(16_000);
  });

  it('gives up at once on 410 Gone', () => {
    expect(nextStep(failure(410), context({ attemptsInRound: 1 }))).toEqual({ status: 'failed', gone: true });
  });

  it('waits what Retry-After asks on 429 and 503, within the backoff bounds, and ignores it otherwise', () => {
    expect(nextStep(failure(429), context({ retryAfter: '30' }))).toEqual({ status: 'retrying', delayMs: 30_000 });
    expect(nextStep(failure(503), context({ retryAfter: '3600' }))).toEqual({ status: 'retrying', delayMs: 60_000 });
    expect(nextStep(failure(503), context({ retryAfter: '0' }))).toEqual({ status: 'retrying', delayMs: 1000 });
    expect(nextStep(failure(503), context({ retryAfter: 'Thu, 01 Jan 2026 00:00:20 GMT' }))).toEqual({ status: 'retrying', delayMs: 20_000 });
    expect(delayOf(nextStep(failure(500), context({ retryAfter: '30' })))).toBeLessThanOrEqual(1000);
  });
});
