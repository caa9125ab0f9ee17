// The rules behind the per-account caps, as plain functions: which memory node goes first, and which
// exactly-once records may be dropped to make room.
import { describe, expect, it } from 'vitest';
import {
  evictOldestRecords,
  MAX_RECORDS_PER_ACCOUNT,
  recordRoomOf,
  REPLAY_WINDOW_MS,
} from '../../server/chat/idempotency';
import { forgetPastCap, leastValuableNode } from '../../server/chat/memories';
import type { IdempotencyRecord } from '../../server/store/conversation-store';
import type { MemoryNode } from '../../server/store/memory-store';

const DAY = 86_400_000;

function node(
  content: string,
  importance: number,
  accessCount: number,
  timestamp: number,
): MemoryNode {
  return {
    id: content,
    content,
    contextType: 'conversation',
    source: 'chat',
    ownerOnly: false,
    timestamp,
    accessCount,
    importance,
    emotionalWeight: {},
    semanticTags: [],
    linkedNodes: [],
    sourceMessageId: null,
  };
}

function record(at: number): IdempotencyRecord {
  return {
    route: 'POST /api/chat',
    bodyHash: 'h',
    status: 200,
    answer: { kind: 'chat', kiriIds: [], userMessage: null, provider: 'local' },
    at,
  };
}

describe('leastValuableNode: the least important, then the least recalled, then the oldest', () => {
  it('picks by importance first', () => {
    const nodes = [node('a', 0.9, 0, 1), node('b', 0.3, 9, 2), node('c', 0.5, 0, 0)];
    expect(nodes[leastValuableNode(nodes)]!.content).toBe('b');
  });

  it('among equally important nodes, the least recalled, then the oldest', () => {
    const nodes = [node('a', 0.5, 2, 1), node('b', 0.5, 1, 5), node('c', 0.5, 1, 3)];
    expect(nodes[leastValuableNode(nodes)]!.content).toBe('c');
  });

  it('forgetPastCap keeps the cap, forgetting the least valuable ones', () => {
    const nodes = [
      node('a', 0.9, 0, 1),
      node('b', 0.1, 0, 2),
      node('c', 0.5, 0, 3),
      node('d', 0.2, 0, 4),
    ];
    forgetPastCap(nodes, 2);
    expect(nodes.map((n) => n.content)).toEqual(['a', 'c']);
  });
});

describe('evictOldestRecords: past a cap the oldest go first, never one within the replay window', () => {
  const now = Date.UTC(2026, 0, 15);

  it('drops the oldest records outside the window down to 90% of the cap', () => {
    const records: Record<string, IdempotencyRecord> = {};
    for (let i = 0; i <= MAX_RECORDS_PER_ACCOUNT; i++)
      records[`k${i}`] = record(now - 30 * DAY + i);
    evictOldestRecords(records, now);
    const kept = Object.keys(records);
    expect(kept).toHaveLength(MAX_RECORDS_PER_ACCOUNT * 0.9);
    expect(kept[0]).toBe(`k${MAX_RECORDS_PER_ACCOUNT + 1 - MAX_RECORDS_PER_ACCOUNT * 0.9}`);
  });

  it('keeps every record within the window, and then refuses room until the oldest leaves it', () => {
    const records: Record<string, IdempotencyRecord> = {};
    for (let i = 0; i <= MAX_RECORDS_PER_ACCOUNT; i++) records[`k${i}`] = record(now - DAY + i);
    evictOldestRecords(records, now);
    expect(Object.keys(records)).toHaveLength(MAX_RECORDS_PER_ACCOUNT + 1);
    expect(recordRoomOf(records, now)).toBe((REPLAY_WINDOW_MS - DAY) / 1000);
    expect(recordRoomOf(records, now - DAY + REPLAY_WINDOW_MS + 1)).toBeNull();
  });
});
