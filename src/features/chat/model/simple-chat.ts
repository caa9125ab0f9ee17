// The minimal chat screen (spec 000 §2.2 "Minimal alternative chat screen", §7, §8).
import { EMPTY_REPLY_TEXT } from '@/db/messages';
import { HISTORY_LIMIT } from './history';

export interface SimpleBubble {
  id: string;
  sender: 'user' | 'kiri';
  message: string;
  timestamp: number;
  failed?: boolean;
}

/** Kiri's parts and the pause before each, from any of the spec's reply shapes. */
export function simpleReplyParts(answer: unknown): { text: string; delayMs: number }[] {
  const body = (answer ?? {}) as Record<string, unknown>;
  if (Array.isArray(body.kiriMessages)) {
    const timings = Array.isArray(body.splitMessageTimings) ? body.splitMessageTimings : [];
    const parts = (body.kiriMessages as { message?: unknown }[])
      .map((part, index) => ({
        text: typeof part?.message === 'string' ? part.message.trim() : '',
        delayMs: typeof timings[index] === 'number' ? Math.max(0, timings[index] as number) : 0,
      }))
      .filter((part) => part.text !== '');
    if (parts.length > 0) return parts;
  }
  const nested = body.kiriResponse as { message?: unknown } | null | undefined;
  for (const text of [nested?.message, body.response, body.message]) {
    if (typeof text === 'string' && text.trim()) return [{ text: text.trim(), delayMs: 0 }];
  }
  return [{ text: EMPTY_REPLY_TEXT, delayMs: 0 }];
}

/** The minimal screen's body: { message, history } (history: the last 10 bubbles). */
export function simpleChatBody(message: string, bubbles: readonly SimpleBubble[]) {
  return {
    message,
    history: bubbles
      .filter((b) => !b.failed)
      .slice(-HISTORY_LIMIT)
      .map(({ message: text, sender, timestamp }) => ({ message: text, sender, timestamp })),
  };
}
