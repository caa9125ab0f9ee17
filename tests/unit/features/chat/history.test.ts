import { describe, expect, it } from 'vitest';
import type { MessageRow } from '@/db/schema';
import { conversationOrderKey } from '@/domain/conversation-order';
import { chatHistory, HISTORY_LIMIT } from '@/features/chat/model/history';

function row(i: number): MessageRow {
  return {
    id: `m${i}`,
    sessionId: '2026-11-22',
    sender: i % 2 ? 'kiri' : 'user',
    message: `message ${i}`,
    timestamp: 1_000 + i,
    replyToId: null,
    emotionalState: null,
    status: i % 2 ? undefined : 'answered',
  };
}

describe('history', () => {
  it('history sent with a chat is the last 10 messages', () => {
    expect(HISTORY_LIMIT).toBe(10);
    const rows = Array.from({ length: 14 }, (_, i) => row(i)).reverse();
    const history = chatHistory(rows);
    expect(history).toHaveLength(10);
    expect(history[0]).toEqual({ message: 'message 4', sender: 'user', timestamp: 1_004 });
    expect(history.at(-1)).toEqual({ message: 'message 13', sender: 'kiri', timestamp: 1_013 });
  });

  it('a message the server refused stays out of the history (it never reached Kiri)', () => {
    const refused = { ...row(2), status: 'failed' as const, message: 'x'.repeat(10_001) };
    expect(chatHistory([row(1), refused, row(3)]).map((h) => h.message)).toEqual([
      'message 1',
      'message 3',
    ]);
  });

  it('a short session sends all it has, oldest first, as { message, sender, timestamp }', () => {
    expect(chatHistory([row(2), row(1)])).toEqual([
      { message: 'message 1', sender: 'kiri', timestamp: 1_001 },
      { message: 'message 2', sender: 'user', timestamp: 1_002 },
    ]);
    expect(chatHistory([])).toEqual([]);
  });

  it('after a replay, each reply follows the message it answers, as in the server log', () => {
    const q1 = { ...row(0), timestamp: 1_000 };
    const q2 = { ...row(2), timestamp: 2_000 };
    // Both answered at the replay, long after the second was written.
    const r1 = { ...row(1), timestamp: 9_000 };
    const r2 = { ...row(3), timestamp: 9_001 };
    const rows = [
      { ...q1, order: conversationOrderKey(q1) },
      { ...q2, order: conversationOrderKey(q2) },
      { ...r1, order: conversationOrderKey(r1, q1) },
      { ...r2, order: conversationOrderKey(r2, q2) },
    ];
    expect(chatHistory(rows).map((h) => h.message)).toEqual([
      'message 0',
      'message 1',
      'message 2',
      'message 3',
    ]);
  });
});
