// What goes with a chat to Kiri (spec 000 §7 variant B, §9): the last 10 messages of the session.
import type { MessageRow } from '@/db/schema';
import { isTooLong } from '@/domain/chat-limits';
import { compareConversationOrder } from '@/domain/conversation-order';

export const HISTORY_LIMIT = 10;

export interface HistoryEntry {
  message: string;
  sender: 'user' | 'kiri';
  timestamp: number;
}

/**
 * The last 10 messages in the conversation's order (each reply after its question, as the server's log
 * has it), as { message, sender, timestamp }. A message the server
 * refused stays out: it never reached Kiri, and one it refused for its length would make the
 * server refuse every message that carried it along.
 */
export function chatHistory(rows: readonly MessageRow[]): HistoryEntry[] {
  return rows
    .filter((row) => row.status !== 'failed' && !isTooLong(row.message))
    .sort(compareConversationOrder)
    .slice(-HISTORY_LIMIT)
    .map(({ message, sender, timestamp }) => ({ message, sender, timestamp }));
}
