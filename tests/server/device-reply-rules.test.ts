// The rules of device replies (issue 12) as plain functions: the body hash that leaves deviceReply out,
// the times a device's parts are stored at, and which Kiri entries are one reply.
import { describe, expect, it } from 'vitest';
import { chatBodySchema } from '../../server/chat/chat-body';
import { deviceReplyTimes } from '../../server/chat/chat-service';
import { recentReplies, samePartOfReply } from '../../server/chat/conversation-log';
import { chatBodyHash, sha256Hex } from '../../server/chat/idempotency';
import type { ConversationEntry } from '../../server/store/conversation-store';
import { uuidv7 } from '../../src/domain/uuidv7';

describe('rule: the chat body hash leaves out deviceReply', () => {
  const online = { message: 'long day', history: [], clientTimestamp: 1_700_000_000_000 };
  const reply = { kiriMessages: [{ id: uuidv7(1), message: 'rest now', timestamp: 2 }] };

  it('a body without it hashes its raw text, as before (records made earlier still match)', () => {
    const text = JSON.stringify(online);
    expect(chatBodyHash(text)).toBe(sha256Hex(text));
    // Its bytes, not its meaning: spacing is part of the request, as for every other route.
    const spaced = JSON.stringify(online, null, 2);
    expect(chatBodyHash(spaced)).toBe(sha256Hex(spaced));
    expect(chatBodyHash('not json')).toBe(sha256Hex('not json'));
    expect(chatBodyHash('[1,2]')).toBe(sha256Hex('[1,2]'));
  });

  it('the same body with a device reply added hashes as the body the device sent first', () => {
    const first = JSON.stringify(online);
    const replay = JSON.stringify({ ...online, deviceReply: reply });
    expect(chatBodyHash(replay)).toBe(chatBodyHash(first));
    // Put first, the other keys keep their order.
    expect(chatBodyHash(JSON.stringify({ deviceReply: reply, ...online }))).toBe(
      chatBodyHash(first),
    );
    // Whatever reply is attached, and a null one too.
    const other = JSON.stringify({ ...online, deviceReply: { kiriMessages: [] } });
    expect(chatBodyHash(other)).toBe(chatBodyHash(first));
    expect(chatBodyHash(JSON.stringify({ ...online, deviceReply: null }))).toBe(
      chatBodyHash(first),
    );
  });

  it('another message under the reply is another request', () => {
    const replay = JSON.stringify({ ...online, message: 'short day', deviceReply: reply });
    expect(chatBodyHash(replay)).not.toBe(chatBodyHash(JSON.stringify(online)));
  });
});

describe('rule: device reply times', () => {
  const sent = 1_000_000;
  const now = 2_000_000;

  it('keeps the device’s times when they lie between the message and now', () => {
    expect(deviceReplyTimes([sent + 2_000, sent + 5_000], sent, now)).toEqual([
      sent + 2_000,
      sent + 5_000,
    ]);
  });

  it('moves a part before the message (or at it) to just after it', () => {
    expect(deviceReplyTimes([sent - 60_000, sent], sent, now)).toEqual([sent + 1, sent + 2]);
  });

  it('brings a part in the future back to now, and keeps the parts in order, 1 ms apart at least', () => {
    expect(deviceReplyTimes([now + 10, now + 20, now + 30], sent, now)).toEqual([
      now,
      now + 1,
      now + 2,
    ]);
    expect(deviceReplyTimes([sent + 9_000, sent + 3_000], sent, now)).toEqual([
      sent + 9_000,
      sent + 9_001,
    ]);
  });

  it('whole milliseconds only', () => {
    expect(deviceReplyTimes([sent + 1_500.7], sent, now)).toEqual([sent + 1_500]);
  });

  it('a message stamped now: its parts still come after it', () => {
    expect(deviceReplyTimes([now + 5_000, now + 8_000], now, now)).toEqual([now + 1, now + 2]);
  });
});

describe('rule: the parts of one reply', () => {
  const entry = (fields: Partial<ConversationEntry>): ConversationEntry => ({
    id: uuidv7(fields.timestamp ?? 0),
    message: 'text',
    sender: 'kiri',
    timestamp: 0,
    replyToId: null,
    emotionalState: null,
    sessionId: '2026-01-15',
    answersId: null,
    ...fields,
  });

  it('answering the same message: one reply, however far apart (a device’s parts are seconds apart)', () => {
    const a = entry({ answersId: 'q', timestamp: 1_000 });
    const b = entry({ answersId: 'q', timestamp: 4_000 });
    expect(samePartOfReply(a, b)).toBe(true);
    expect(samePartOfReply(a, entry({ answersId: 'other', timestamp: 1_001 }))).toBe(false);
  });

  it('answering nothing (the greeting, Kiri’s own messages): one reply only when 1 ms apart', () => {
    const a = entry({ timestamp: 1_000 });
    expect(samePartOfReply(a, entry({ timestamp: 1_001 }))).toBe(true);
    expect(samePartOfReply(a, entry({ timestamp: 61_000 }))).toBe(false);
  });

  it('recentReplies joins a device reply’s parts into one reply', () => {
    const log: ConversationEntry[] = [
      entry({ sender: 'user', id: 'q', timestamp: 500 }),
      entry({ answersId: 'q', timestamp: 1_000, message: 'night night' }),
      entry({ answersId: 'q', timestamp: 4_000, message: 'sleep well ~' }),
    ];
    expect(recentReplies(log)).toEqual(['night night\n\nsleep well ~']);
  });
});

describe('the chat body’s deviceReply', () => {
  it('is read into its parts; absent or null, there is none', () => {
    const part = { id: uuidv7(5), message: 'hi', timestamp: 5 };
    expect(
      chatBodySchema.parse({ message: 'hello', deviceReply: { kiriMessages: [part] } }).deviceReply,
    ).toEqual([part]);
    expect(chatBodySchema.parse({ message: 'hello' }).deviceReply).toBeNull();
    expect(chatBodySchema.parse({ message: 'hello', deviceReply: null }).deviceReply).toBeNull();
  });

  it('refuses a timestamp that is not a finite number', () => {
    for (const timestamp of [Infinity, NaN, '5', null]) {
      const result = chatBodySchema.safeParse({
        message: 'hello',
        deviceReply: { kiriMessages: [{ id: uuidv7(5), message: 'hi', timestamp }] },
      });
      expect(result.success, String(timestamp)).toBe(false);
    }
  });
});
