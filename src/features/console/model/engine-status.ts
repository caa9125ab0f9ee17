// The header badge and the engine status card (spec 002 "Manual console", §3 "Execution engine status"):
// Active or Inactive from the status call, polled every 5 s (001 §9). A status the server never gave is
// not 'Inactive': the badge says the engine is unreachable; a poll that failed after a good answer keeps
// that answer, marked as the last known one.

export const ENGINE_POLL_MS = 5_000;

export interface EngineBadge {
  label: 'Active' | 'Inactive' | 'Unreachable' | 'Checking…';
  tone: 'good' | 'idle' | 'bad' | 'unknown';
  /** The answer is an earlier one: the last poll failed. */
  lastKnown: boolean;
}

/** Rule: the badge from what the status query holds. */
export function engineBadge(query: { active: boolean | undefined; failed: boolean }): EngineBadge {
  if (query.active === undefined) {
    return query.failed
      ? { label: 'Unreachable', tone: 'bad', lastKnown: false }
      : { label: 'Checking…', tone: 'unknown', lastKnown: false };
  }
  return query.active
    ? { label: 'Active', tone: 'good', lastKnown: query.failed }
    : { label: 'Inactive', tone: 'idle', lastKnown: query.failed };
}
