// hasEntry answers from an id index kept per log (a keyed chat asks it on every request): the answer
// must stay what a walk over the log gives as entries are appended, capped away and unsent.
import { describe, expect, it } from 'vitest';
import { applyConversationOp, findAccount, hasEntry } from '../../server/chat/conversation-log';
import {
  defaultConversationsFile,
  type ConversationEntry,
} from '../../server/store/conversation-store';

const entry = (id: string): ConversationEntry => ({
  id,
  message: `text ${id}`,
  sender: 'user',
  timestamp: 1,
  replyToId: null,
  emotionalState: null,
  sessionId: '2026-01-01',
  answersId: null,
});

describe('hasEntry', () => {
  it('knows an id as long as the log holds it: appended, dropped by the cap, unsent', () => {
    const data = defaultConversationsFile();
    applyConversationOp(data, { account: 'a', append: [entry('first')] });
    const log = () => findAccount(data, 'a')!.log;
    expect(hasEntry(log(), 'first')).toBe(true);
    expect(hasEntry(log(), 'second')).toBe(false);

    applyConversationOp(data, { account: 'a', append: [entry('second')] });
    expect(hasEntry(log(), 'second')).toBe(true);

    // 1000 more entries: 'first' and 'second' leave the log by the cap.
    for (let i = 0; i < 1000; i += 1) {
      applyConversationOp(data, { account: 'a', append: [entry(`n${i}`)] });
    }
    expect(hasEntry(log(), 'first')).toBe(false);
    expect(hasEntry(log(), 'second')).toBe(false);
    expect(hasEntry(log(), 'n999')).toBe(true);

    applyConversationOp(data, { account: 'a', remove: 'n999' });
    expect(hasEntry(log(), 'n999')).toBe(false);
    applyConversationOp(data, { account: 'a', append: [entry('n999')] });
    expect(hasEntry(log(), 'n999')).toBe(true);
  });

  it('keeps an id that two entries share until both have gone', () => {
    const data = defaultConversationsFile();
    applyConversationOp(data, { account: 'a', append: [entry('twin'), entry('x')] });
    const log = () => findAccount(data, 'a')!.log;
    expect(hasEntry(log(), 'twin')).toBe(true);
    applyConversationOp(data, { account: 'a', append: [entry('twin')] });
    for (let i = 0; i < 998; i += 1) {
      applyConversationOp(data, { account: 'a', append: [entry(`n${i}`)] });
    }
    // The older twin has left by the cap; the newer one is still in the log.
    expect(log().filter((e) => e.id === 'twin')).toHaveLength(1);
    expect(hasEntry(log(), 'twin')).toBe(true);
  });
});
