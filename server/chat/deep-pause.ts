// What the chat does in deep pause (spec 002 §4: every AI call blocked, chat unanswered, messages kept):
// the owner's message is stored and queued, the answer says so, and Kiri answers it after waking.
import type { DeferredMessage } from '../power/power-store';

/**
 * 202 Accepted: the message is stored (the device's outbox counts any 2xx carrying `kiriMessages` as
 * delivered, so it is not sent again), and the reply comes later through GET /api/conversations.
 */
export const DEEP_PAUSE_STATUS = 202;
/** The device shows this as the answer's text (`kiriResponse.message`) while `kiriMessages` is empty. */
export const DEEP_PAUSE_REPLY =
  'Kiri is in deep pause. Your message is kept, and she will answer it when you wake her.';
export const PAUSED_PROVIDER = 'none';

export interface ChatPause {
  isDeepPaused(): boolean;
  /** Queues a message for an answer after waking; called before the message itself is stored. */
  defer(item: DeferredMessage): Promise<void>;
  /** Resolves once the replies owed from a deep pause are written: a new message goes after them. */
  settled(): Promise<void>;
}

/** What a chat request in deep pause answers (and what a replay of it rebuilds until the reply exists). */
export function deepPauseAnswer(userMessage: { id: string; sessionId: string } | null) {
  return {
    kiriMessages: [],
    splitMessageTimings: [],
    kiriResponse: { message: DEEP_PAUSE_REPLY },
    userMessage,
    provider: PAUSED_PROVIDER,
    deepPause: true,
  };
}
