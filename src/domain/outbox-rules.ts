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

/** Why an entry waits when no answer came at all: the plain offline case. */
export const CONNECTION_REASON = 'Waiting for a connection';

export const UNEXPECTED_ANSWER_REASON = 'Unexpected answer from the server';

/** Why an entry waits after a 401: the server is there, and answers once the owner logs in again. */
export const LOGIN_REASON = 'Log in again to send';

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
  if (status === null) return { kind: 'retry', reason: CONNECTION_REASON };
  if (status >= 200 && status < 300) {
    return wellFormed
      ? { kind: 'delivered' }
      : { kind: 'retry', reason: UNEXPECTED_ANSWER_REASON, serverTrouble: true };
  }
  // Logging in again fixes a 401, so the entry waits for it instead of being dropped.
  if (status === 401) return { kind: 'retry', reason: LOGIN_REASON, needsLogin: true };
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

/**
 * The line an outbox entry waits in: entries of one line go in the order they were made, and one that
 * waits holds back the rest of its line. The owner's messages and photos share one line (issue 13), so
 * a photo shared between two queued messages reaches the conversation between them, as it was shared
 * (the server appends its 'Image sent 📷' entry when the upload arrives). Every other kind is its own.
 */
export function outboxLane(kind: string): string {
  return kind === 'image' ? 'chat' : kind;
}

/** Backoff before the next automatic attempt: 1 s doubling, capped at 30 s. */
export function retryDelayAfter(attempts: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** What an earlier chat entry still in the outbox tells about a new message queued behind it. */
export interface EarlierChatEntry {
  attempts: number;
  lastError?: string;
}

export type QueuedStatus = { status: 'sending' } | { status: 'waiting'; reason?: string };

/**
 * A new message is 'sending' only when it goes out now: online with nothing ahead of it. Offline, or
 * behind any earlier chat entry (the drain keeps the order, so it goes after them), it waits from the
 * moment it is stored, with the reason of what holds it back. 'Sending…' there would be untrue, and
 * the composer would wait for it.
 */
export function queuedMessageStatus(
  offline: boolean,
  earlier: readonly EarlierChatEntry[],
): QueuedStatus {
  const failed = earlier.find((entry) => entry.attempts > 0);
  if (failed) return { status: 'waiting', reason: failed.lastError ?? CONNECTION_REASON };
  if (offline) return { status: 'waiting', reason: CONNECTION_REASON };
  if (earlier.length > 0) return { status: 'waiting' };
  return { status: 'sending' };
}

/** While the app is in view and something waits, the server is probed this often (GET /api/health). */
export const PROBE_INTERVAL_MS = 2_000;
/** The retry timer never fires sooner than this. */
export const MIN_RECHECK_MS = 1_000;

export interface OutboxCheck {
  /** When to try the outbox again on the backoff (the earliest entry's due time). */
  replayAt: number;
  /** When to probe the server cheaply; null when hidden or offline (the backoff alone, as before). */
  probeAt: number | null;
}

/**
 * When the page looks at the outbox again while something waits. The backoff grows to 30 s, so a
 * server that comes back would wait that long; in view, after a failed attempt, a cheap probe every
 * few seconds finds it sooner. Hidden, nobody is looking and the phone's battery counts: the backoff alone. Offline, the
 * browser's 'online' event says when to try.
 */
export function nextOutboxCheck(input: {
  now: number;
  /** When the outbox can next make progress (outboxDueAt); null when nothing waits. */
  dueAt: number | null;
  /** An entry has failed an attempt: the server was not reached, or answered with trouble. */
  failed: boolean;
  visible: boolean;
  online: boolean;
}): OutboxCheck | null {
  if (input.dueAt === null) return null;
  const replayAt = Math.max(input.now + MIN_RECHECK_MS, input.dueAt);
  const probeAt = input.now + PROBE_INTERVAL_MS;
  // Nothing failed yet: a request is on its way (a slow reply is no reason to knock).
  const probes = input.failed && input.visible && input.online && probeAt < replayAt;
  return { replayAt, probeAt: probes ? probeAt : null };
}

/**
 * When the outbox can next make progress: the earliest due time among the first entries of each line
 * (outboxLane). An entry behind another of its line goes only after it (the order is kept), however overdue it is:
 * counting it would replay every second for nothing while the first one is in its backoff.
 */
export function outboxDueAt(
  entries: readonly { kind: string; seq?: number; nextAttemptAt: number }[],
): number | null {
  const heads = new Map<string, { seq: number; at: number }>();
  for (const entry of entries) {
    const seq = entry.seq ?? 0;
    const lane = outboxLane(entry.kind);
    const head = heads.get(lane);
    if (!head || seq < head.seq) heads.set(lane, { seq, at: entry.nextAttemptAt });
  }
  if (heads.size === 0) return null;
  return Math.min(...[...heads.values()].map((head) => head.at));
}

/** What the owner's message says while Kiri is in deep pause (spec 002 §4: chat unanswered, kept). */
export const DEEP_PAUSE_REASON = 'Kiri is in deep pause: she will answer when you wake her';

/**
 * Whether a chat answer is the server's word that Kiri is in deep pause: the message is kept on the
 * server and answered after she wakes (docs/schedule.md), so it is delivered, with no reply yet. Its
 * `kiriResponse` sentence is a status, not something Kiri said: it is not shown as her bubble.
 */
export function isDeepPauseHold(answer: unknown): boolean {
  const body = (answer ?? {}) as { deepPause?: unknown; kiriMessages?: unknown };
  return (
    body.deepPause === true && Array.isArray(body.kiriMessages) && body.kiriMessages.length === 0
  );
}
