// What the sender does with each answer of a push service (RFC 8030 §5 and §6, and what Apple, FCM,
// Mozilla and WNS answer in practice).

export interface RetryPolicy {
  /** Tries per subscription, the first included. */
  attempts: number;
  /** The wait before the second try; each next one waits four times longer. */
  baseDelayMs: number;
  /** A Retry-After longer than this is not waited for: the delivery counts as failed (kept). */
  maxDelayMs: number;
}

/** Three tries over about five seconds: enough for a blip, short enough for a morning run of many. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
};

export type PushAnswerKind = 'sent' | 'gone' | 'retry' | 'failed';

/**
 * The rule of push answers: 2xx delivered; 404 and 410 mean the subscription is gone for good
 * (expired, unsubscribed, the app removed) and only they remove it; 429 and 5xx are the service's
 * trouble and are tried again; anything else (400 bad request, 401/403 a refused VAPID token, 413)
 * is our request's problem, so the subscription is kept and the failure logged. `null` is a network
 * error or time-out, tried again like a 5xx.
 */
export function pushAnswerKind(status: number | null): PushAnswerKind {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'failed';
}

/** Retry-After (RFC 9110 §10.2.3): whole seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: number): number | null {
  if (header === undefined) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/**
 * The rule of the retry delay: after try `attempt` (1-based), wait what Retry-After asks, else
 * base × 4^(attempt-1) with ±20% jitter (so that many subscriptions refused together do not come back
 * together); null means stop: no tries left, or the service asks for longer than maxDelayMs.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfter: number | null,
  random: () => number,
): number | null {
  if (attempt >= policy.attempts) return null;
  if (retryAfter !== null) return retryAfter <= policy.maxDelayMs ? retryAfter : null;
  const backoff = policy.baseDelayMs * 4 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, Math.round(backoff * (0.8 + 0.4 * random())));
}
