import { describe, expect, it } from 'vitest';
import {
  INITIAL_RETRY_STATE,
  MAX_RETRIES,
  afterRetry,
  attemptsLeft,
  autoRetryNote,
  canRetry,
  planAutoRetry,
  tryAgainLabel,
} from '@/domain/error-retry';

describe('error screen retry state machine', () => {
  it('allows 3 retries in all', () => {
    expect(MAX_RETRIES).toBe(3);
    let state = INITIAL_RETRY_STATE;
    const left: number[] = [];
    while (canRetry(state)) {
      left.push(attemptsLeft(state));
      state = afterRetry(state);
    }
    expect(left).toEqual([3, 2, 1]);
    expect(attemptsLeft(state)).toBe(0);
    expect(afterRetry(state)).toEqual(state);
  });

  it('retries a retryable error automatically after 1 s, 2 s, 4 s, then stops', () => {
    let state = INITIAL_RETRY_STATE;
    const plans = [];
    for (;;) {
      const plan = planAutoRetry('Failed to fetch', state);
      if (!plan) break;
      plans.push(plan);
      state = afterRetry(state);
    }
    expect(plans).toEqual([
      { delayMs: 1000, attempt: 1 },
      { delayMs: 2000, attempt: 2 },
      { delayMs: 4000, attempt: 3 },
    ]);
  });

  it('does not retry other errors automatically', () => {
    expect(planAutoRetry('TypeError: x is undefined', INITIAL_RETRY_STATE)).toBeNull();
    expect(planAutoRetry('500: Internal', INITIAL_RETRY_STATE)).toBeNull();
  });

  it("labels: 'Try Again, N attempts left' and the auto-retry note with the attempt out of 3", () => {
    expect(tryAgainLabel(INITIAL_RETRY_STATE)).toBe('Try Again, 3 attempts left');
    expect(tryAgainLabel({ retryCount: 2 })).toBe('Try Again, 1 attempt left');
    expect(autoRetryNote({ delayMs: 2000, attempt: 2 })).toBe(
      'Auto-retry in progress (attempt 2 of 3)',
    );
  });
});
