// Rule 'waiting chat messages are sent in batches' (issue 21, docs/chat-server.md "Batches"): when the
// outbox holds several of the owner's messages in a row (a replay after a stretch offline), the drainer
// sends them in one POST /api/chat/batch instead of one request each. Each keeps its own
// Idempotency-Key and its exact body text, so the server answers each exactly once, as it would alone.

export const CHAT_BATCH_URL = '/api/chat/batch';
/** At most this many messages in one batch (the server takes up to 50). */
export const CHAT_BATCH_MAX = 25;
/**
 * And at most this many bytes of their bodies as the batch carries them (JSON strings inside JSON),
 * well under the server's 1 MB body limit; a message larger than this goes alone.
 */
export const CHAT_BATCH_MAX_BYTES = 256 * 1024;

export interface BatchCandidate {
  kind: string;
  method: string;
  url: string;
  body: string | null;
}

/** What one message takes in a batch's body: its body as a JSON string. */
export function batchBytesOf(body: string): number {
  return JSON.stringify(body).length;
}

/**
 * How many of `entries` (in outbox order, the next to send first) go in one batch: the run of chat
 * messages at the front, at most `max` and CHAT_BATCH_MAX_BYTES. Fewer than two is no batch (0 or 1):
 * the first is then sent on its own, as before.
 */
export function chatBatchLength(
  entries: readonly BatchCandidate[],
  chatUrl: string,
  max = CHAT_BATCH_MAX,
): number {
  let count = 0;
  let bytes = 0;
  for (const entry of entries) {
    if (count >= max) break;
    if (entry.kind !== 'chat' || entry.method !== 'POST' || entry.url !== chatUrl) break;
    if (entry.body === null) break;
    const size = batchBytesOf(entry.body);
    if (count > 0 && bytes + size > CHAT_BATCH_MAX_BYTES) break;
    bytes += size;
    count += 1;
  }
  return count < 2 ? Math.min(count, 1) : count;
}

/** The body of a batch: each message's key and the exact text it is sent alone with. */
export function chatBatchBody(entries: readonly { key: string; body: string | null }[]): string {
  return JSON.stringify({
    messages: entries.map((entry) => ({ key: entry.key, body: entry.body ?? '' })),
  });
}

export interface BatchItemAnswer {
  status: number;
  json: unknown;
}

/**
 * The batch's answer, one per message in the order sent, read strictly: `results` whose keys are the
 * messages' own, in order (a prefix: the server stops after the first that was not a 2xx, and the rest
 * were not run). Null when the answer is not that (not our server, or a server without batches).
 */
export function readBatchAnswer(json: unknown, keys: readonly string[]): BatchItemAnswer[] | null {
  if (typeof json !== 'object' || json === null) return null;
  const results = (json as { results?: unknown }).results;
  if (!Array.isArray(results) || results.length === 0 || results.length > keys.length) return null;
  const answers: BatchItemAnswer[] = [];
  for (const [i, result] of results.entries()) {
    if (typeof result !== 'object' || result === null) return null;
    const { key, status, answer } = result as { key?: unknown; status?: unknown; answer?: unknown };
    if (key !== keys[i] || typeof status !== 'number' || !Number.isInteger(status)) return null;
    answers.push({ status, json: answer ?? null });
  }
  return answers;
}

/**
 * A batch refused as a whole with this status says the server takes no batches (an older server: 404,
 * 405) or not this one (400, 413, 415): the messages are sent one by one instead, never failed for it.
 * 401, 408, 429 and 5xx are the server's usual 'later', for the first message as for one sent alone.
 */
export function sendOneByOneAfter(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

/** How long a batch may take: a message's own timeout for each message in it. */
export function batchTimeoutMs(perMessageMs: number, count: number): number {
  return perMessageMs * Math.max(1, count);
}
