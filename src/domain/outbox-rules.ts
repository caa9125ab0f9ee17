// What an answer means for an outbox entry (DESIGN.md "Outbox"): delivered, refused for good, or try again.

export type DeliveryOutcome =
  | { kind: 'delivered' }
  | { kind: 'refused'; reason: string }
  | {
      kind: 'retry';
      reason: string;
      needsLogin?: boolean;
      /** The server (or what answered for it) said something went wrong: Kiri says so in the chat. */
      serverTrouble?: boolean;
    };

export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 30_000;

export const UNEXPECTED_ANSWER_REASON = 'Unexpected answer from the server';

/**
 * `status` is the HTTP status, or null when the request never got an answer (offline, server down).
 * `wellFormed` says whether a success carried the answer the request asks for: a captive portal's
 * page or a misbehaving proxy can answer 200 without the server having seen anything, and the
 * entry must then stay (DESIGN.md: only a definitive answer of the server removes it).
 */
export function deliveryOutcome(
  status: number | null,
  serverError?: string,
  wellFormed = true,
): DeliveryOutcome {
  if (status === null) return { kind: 'retry', reason: 'Waiting for a connection' };
  if (status >= 200 && status < 300) {
    return wellFormed
      ? { kind: 'delivered' }
      : { kind: 'retry', reason: UNEXPECTED_ANSWER_REASON, serverTrouble: true };
  }
  // Logging in again fixes a 401, so the entry waits for it instead of being dropped.
  if (status === 401) return { kind: 'retry', reason: 'Log in again to send', needsLogin: true };
  // 408 and 429 say "later"; 5xx is the server's trouble, not the message's.
  if (status === 408 || status === 429 || status >= 500) {
    return {
      kind: 'retry',
      reason: serverError || `Server unavailable (${status})`,
      serverTrouble: true,
    };
  }
  return { kind: 'refused', reason: serverError || `Refused by the server (${status})` };
}

/** Backoff before the next automatic attempt: 1 s doubling, capped at 30 s. */
export function retryDelayAfter(attempts: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}
