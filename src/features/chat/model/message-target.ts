// Opening the chat at a message (a notification's click: /?message=<id>). The rule of what the chat
// does next, from where the message is (or that it is not on the device yet) and how long it has
// looked for it.
import { nextMessageLimit } from './scroll';

/**
 * How long the chat waits for a message that is not on the device. The push's own pull (the worker
 * replays the outbox, then reads GET /api/conversations) usually lands within a few seconds; a slow
 * network gets this long, then the chat stays where it is, at the newest, saying nothing.
 */
export const MESSAGE_TARGET_WAIT_MS = 20_000;
/** While it waits, the chat asks for a pull this often (the push's own pull may have failed). */
export const MESSAGE_TARGET_PULL_EVERY_MS = 5_000;

export type MessageTargetStep =
  | { kind: 'wait' }
  | { kind: 'give-up' }
  /** The message is of another day: view that day. */
  | { kind: 'open-day'; sessionId: string }
  /** The message is of the viewed day, before the part that is loaded: read this many. */
  | { kind: 'load'; limit: number }
  | { kind: 'scroll' };

export interface MessageTargetState {
  /** Where the message is (null: not on the device yet). */
  place: { sessionId: string; after: number } | null;
  /** The day the list shows, and how many of its newest messages it reads. */
  viewedSessionId: string | null;
  limit: number;
  /** Since the chat started looking for the message. */
  elapsedMs: number;
}

export function messageTargetStep(state: MessageTargetState): MessageTargetStep {
  const { place, viewedSessionId, limit, elapsedMs } = state;
  if (elapsedMs >= MESSAGE_TARGET_WAIT_MS) return { kind: 'give-up' };
  if (!place || viewedSessionId === null) return { kind: 'wait' };
  if (place.sessionId !== viewedSessionId) return { kind: 'open-day', sessionId: place.sessionId };
  if (place.after < limit) return { kind: 'scroll' };
  // The smallest limit of the list's own paging that holds it (the same reads a reader scrolling up
  // would make), so the message comes with the older ones around it as the list would show them.
  let next = limit;
  while (next <= place.after) next = nextMessageLimit(next);
  return { kind: 'load', limit: next };
}
