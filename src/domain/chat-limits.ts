// Limits of a chat message, shared by the server's validation (server/chat/chat-body.ts) and the
// client, which keeps a message the server would refuse from leaving the device (and from riding
// along in the history of the messages after it, which the server would then refuse too).

/** The longest message the server takes, in UTF-16 code units (JavaScript's length). */
export const MAX_MESSAGE_LENGTH = 10_000;

export function isTooLong(text: string): boolean {
  return text.length > MAX_MESSAGE_LENGTH;
}

/**
 * A request body kept for Retry, made fit to send again: history entries the server would refuse
 * (too long) are dropped. Such an entry is a message the server refused on its own, which would
 * otherwise make every message after it fail as well, for ever. Anything else is left as it was.
 */
export function withoutRefusableHistory(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  const history = (parsed as { history?: unknown }).history;
  if (!Array.isArray(history)) return body;
  const kept = history.filter(
    (entry) => !(typeof entry?.message === 'string' && isTooLong(entry.message)),
  );
  if (kept.length === history.length) return body;
  return JSON.stringify({ ...parsed, history: kept });
}
