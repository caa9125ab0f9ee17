import { describe, expect, it } from 'vitest';
import { compareConversationOrder, conversationOrderKey } from '@/domain/conversation-order';

const msg = (id: string, timestamp: number) => ({ id, timestamp });

/** Sorts messages by the rule; `answers` maps a reply's id to the message it answers. */
function inOrder(
  messages: { id: string; timestamp: number }[],
  answers: Record<string, { id: string; timestamp: number }> = {},
): string[] {
  return messages
    .map((m) => ({ ...m, order: conversationOrderKey(m, answers[m.id]) }))
    .sort(compareConversationOrder)
    .map((m) => m.id);
}

describe('a reply sorts right under the message it answers', () => {
  it('replies made at replay time go under their questions, not after the whole queue', () => {
    // Three messages queued offline at 1, 2, 3 s; answered back to back on the replay at 100 s.
    const q1 = msg('q1', 1_000);
    const q2 = msg('q2', 2_000);
    const q3 = msg('q3', 3_000);
    const replies = [msg('r1', 100_000), msg('r2', 100_001), msg('r3', 100_002)];
    expect(inOrder([q1, q2, q3, ...replies], { r1: q1, r2: q2, r3: q3 })).toEqual([
      'q1',
      'r1',
      'q2',
      'r2',
      'q3',
      'r3',
    ]);
  });

  it("the parts of one reply stay in order, after the message and before the owner's next one", () => {
    const q1 = msg('q1', 1_000);
    const q2 = msg('q2', 1_500);
    const parts = [msg('p1', 2_000), msg('p2', 2_001), msg('p3', 2_002)];
    expect(inOrder([parts[2]!, q2, parts[0]!, q1, parts[1]!], { p1: q1, p2: q1, p3: q1 })).toEqual([
      'q1',
      'p1',
      'p2',
      'p3',
      'q2',
    ]);
  });

  it('holds for ids of different lengths at the same time', () => {
    const m1 = msg('m1', 5);
    const m10 = msg('m10', 5);
    expect(inOrder([m10, msg('r', 9), m1], { r: m1 })).toEqual(['m1', 'r', 'm10']);
  });
});

describe('a message that answers nothing sorts by its time, then id', () => {
  it('the greeting, a push and a reply whose question is not on the device', () => {
    expect(inOrder([msg('push', 50), msg('greeting', 10), msg('orphan', 30)])).toEqual([
      'greeting',
      'orphan',
      'push',
    ]);
  });

  it('a key orders as numbers do, past ten digits and at zero', () => {
    expect(inOrder([msg('b', 10_000_000_000), msg('a', 9_999_999_999), msg('z', 0)])).toEqual([
      'z',
      'a',
      'b',
    ]);
  });

  it('rows without a key (made before the rule) compare by their time', () => {
    const rows = [msg('late', 20), msg('early', 10)];
    expect([...rows].sort(compareConversationOrder).map((m) => m.id)).toEqual(['early', 'late']);
  });
});
