import { describe, expect, it } from 'vitest';
import { FAILING_AFTER, healthOf } from '../../src/webhooks/subscription-health.js';

describe('a subscription\'s health', () => {
  it('is healthy without failures, degraded up to 4 in a row, failing from the 5th, disabled when off', () => {
    expect(FAILING_AFTER).toBe(5);
    const health = (consecutiveFailures: number, active = true) => healthOf({ active, consecutiveFailures });
    expect([0, 1, 4, 5, 6, 1000].map((failures) => health(failures))).toEqual(['healthy', 'degraded', 'degraded', 'failing', 'failing', 'failing']);
    expect(health(0, false)).toBe('disabled');
    expect(health(7, false)).toBe('disabled');
  });
});
