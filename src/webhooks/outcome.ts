import { storableText } from '../db/storable-text.js';
import type { AttemptError } from './delivery.entity.js';
import type { DeliveryPolicy } from './policy.js';
import { retryAfterMs, retryDelayMs, type BackoffOptions } from './retry-schedule.js';
import type { SendResult } from './sender.js';

/** An attempt as the log records it. */
export interface AttemptRecord {
  at: Date;
  durationMs: number;
  statusCode: number | null;
  responseBody: string | null;
  error: AttemptError | null;
  errorDetail: string | null;
}

export type NextStep =
  | { status: 'succeeded' }
  | { status: 'failed'; gone: boolean }
  | { status: 'retrying'; delayMs: number };

/**
 * The answer judged by the policy's success rule; a 3xx is a failure of its own class.
 * What the receiver sent, and error messages that may quote it, are made storable: a
 * NUL byte in an answer must not make the attempt impossible to record (it would be
 * retried forever, ahead of every other delivery).
 */
export function recordOf(result: SendResult, policy: DeliveryPolicy): AttemptRecord {
  const base = { at: result.at, durationMs: result.durationMs, statusCode: result.statusCode, responseBody: storableText(result.responseBody) };
  if (result.failure) return { ...base, error: result.failure.error, errorDetail: storableText(result.failure.detail) };
  const status = result.statusCode!;
  if (policy.isSuccess(status)) return { ...base, error: null, errorDetail: null };
  if (status >= 300 && status < 400) {
    return { ...base, error: 'redirect', errorDetail: `redirects are not followed (HTTP ${status})` };
  }
  return { ...base, error: 'status', errorDetail: `HTTP ${status}` };
}

const GONE = 410;
const HONOURS_RETRY_AFTER = new Set([429, 503]);

/**
 * After an attempt: done, given up, or when to try again. `attemptsInRound` counts the
 * attempt just made. 410 Gone gives up at once (and disables the subscription);
 * 429/503 with Retry-After wait what the receiver asks, within the backoff's bounds.
 */
export function nextStep(
  record: AttemptRecord,
  context: { retryAfter: string | undefined; attemptsInRound: number; maxAttempts: number; backoff: BackoffOptions; now: Date },
): NextStep {
  if (record.error === null) return { status: 'succeeded' };
  if (record.statusCode === GONE) return { status: 'failed', gone: true };
  if (context.attemptsInRound >= context.maxAttempts) return { status: 'failed', gone: false };
  const asked =
    record.statusCode !== null && HONOURS_RETRY_AFTER.has(record.statusCode)
      ? retryAfterMs(context.retryAfter, context.now, { minMs: context.backoff.baseMs, maxMs: context.backoff.maxMs })
      : null;
  return { status: 'retrying', delayMs: asked ?? retryDelayMs(context.attemptsInRound, context.backoff) };
}
