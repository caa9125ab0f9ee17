// The catch-all error screen's retry state machine (spec 000 §8): automatic retries of a retryable
// error after 1 s, 2 s, 4 s … (capped at 10 s), at most 3 retries in all, manual or automatic.
import { isRetryableForErrorScreen, retryDelayMs } from './errors';

export const MAX_RETRIES = 3;

export interface RetryState {
  /** Retries made so far (automatic and manual). */
  retryCount: number;
}

export const INITIAL_RETRY_STATE: RetryState = { retryCount: 0 };

export function attemptsLeft(state: RetryState): number {
  return Math.max(0, MAX_RETRIES - state.retryCount);
}

export function canRetry(state: RetryState): boolean {
  return attemptsLeft(state) > 0;
}

export interface AutoRetryPlan {
  /** Wait this long, then retry. */
  delayMs: number;
  /** The retry about to be made, 1 to MAX_RETRIES. */
  attempt: number;
}

/** After an error: wait and retry automatically, or `null` to wait for the user. */
export function planAutoRetry(message: string, state: RetryState): AutoRetryPlan | null {
  if (!isRetryableForErrorScreen(message) || !canRetry(state)) return null;
  return { delayMs: retryDelayMs(state.retryCount), attempt: state.retryCount + 1 };
}

/** The state after a retry (automatic or manual) is made. */
export function afterRetry(state: RetryState): RetryState {
  return { retryCount: Math.min(MAX_RETRIES, state.retryCount + 1) };
}

export function tryAgainLabel(state: RetryState): string {
  const left = attemptsLeft(state);
  return `Try Again, ${left} ${left === 1 ? 'attempt' : 'attempts'} left`;
}

export function autoRetryNote(plan: AutoRetryPlan): string {
  return `Auto-retry in progress (attempt ${plan.attempt} of ${MAX_RETRIES})`;
}
