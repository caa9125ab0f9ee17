// Opening the chat at a message a notification named (/?message=<id>): when the chat waits, reads
// further back, changes day, scrolls, or gives up; and where a message sits in its day on the device.
import { afterEach, describe, expect, it } from 'vitest';
import { messagePlace } from '@/db/message-position';
import type { KiriDatabase } from '@/db/schema';
import {
  MESSAGE_TARGET_WAIT_MS,
  messageTargetStep,
  type MessageTargetState,
} from '@/features/chat/model/message-target';
import { INITIAL_MESSAGE_LIMIT } from '@/features/chat/model/scroll';
import { freshDb } from '../../db/helpers';

const TODAY = '2026-11-24';
const base: MessageTargetState = {
  place: { sessionId: TODAY, after: 3 },
  viewedSessionId: TODAY,
  limit: INITIAL_MESSAGE_LIMIT,
  elapsedMs: 0,
};

describe('messageTargetStep: where the chat goes for a notification’s message', () => {
  it('scrolls to a message among the newest the list has read', () => {
    expect(messageTargetStep(base)).toEqual({ kind: 'scroll' });
    expect(
      messageTargetStep({ ...base, place: { sessionId: TODAY, after: INITIAL_MESSAGE_LIMIT - 1 } }),
    ).toEqual({ kind: 'scroll' });
  });

  it('reads further back, in the list’s own pages, for an earlier message of the day', () => {
    // 60 read: the 61st from the end is not among them; the next page of the list (180) holds it.
    expect(
      messageTargetStep({ ...base, place: { sessionId: TODAY, after: INITIAL_MESSAGE_LIMIT } }),
    ).toEqual({ kind: 'load', limit: 180 });
    // 60 → 180 → 360 → 720: the smallest that holds the 500th from the end.
    expect(messageTargetStep({ ...base, place: { sessionId: TODAY, after: 500 } })).toEqual({
      kind: 'load',
      limit: 720,
    });
    // Once read that far, it scrolls.
    expect(
      messageTargetStep({ ...base, place: { sessionId: TODAY, after: 500 }, limit: 720 }),
    ).toEqual({ kind: 'scroll' });
  });

  it('views the message’s own day when it is of another day', () => {
    expect(messageTargetStep({ ...base, place: { sessionId: '2026-11-23', after: 0 } })).toEqual({
      kind: 'open-day',
      sessionId: '2026-11-23',
    });
  });

  it('waits while the message is not on the device (the push’s pull may still bring it)', () => {
    expect(messageTargetStep({ ...base, place: null })).toEqual({ kind: 'wait' });
    expect(
      messageTargetStep({ ...base, place: null, elapsedMs: MESSAGE_TARGET_WAIT_MS - 1 }),
    ).toEqual({ kind: 'wait' });
    // The list has not read its day yet.
    expect(messageTargetStep({ ...base, viewedSessionId: null })).toEqual({ kind: 'wait' });
  });

  it('gives up after 20 s, found or not, so the chat stays at the newest', () => {
    expect(MESSAGE_TARGET_WAIT_MS).toBe(20_000);
    expect(messageTargetStep({ ...base, place: null, elapsedMs: MESSAGE_TARGET_WAIT_MS })).toEqual({
      kind: 'give-up',
    });
    expect(messageTargetStep({ ...base, elapsedMs: MESSAGE_TARGET_WAIT_MS + 1 })).toEqual({
      kind: 'give-up',
    });
  });
});

describe('messagePlace: where a message sits in its day on the device', () => {
  const dbs: KiriDatabase[] = [];
  afterEach(async () => {
    await Promise.all(dbs.splice(0).map((db) => db.delete()));
  });

  it('counts the messages of its day after it, and is null for a message not on the device', async () => {
    const db = freshDb();
    dbs.push(db);
    const at = Date.parse('2026-11-24T08:00:00Z');
    const row = (i: number, sessionId: string) => ({
      id: `0193f000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      sessionId,
      sender: i % 2 ? ('kiri' as const) : ('user' as const),
      message: `message ${i}`,
      timestamp: at + i * 1000,
      replyToId: null,
      emotionalState: null,
    });
    await db.messages.bulkAdd([
      ...Array.from({ length: 10 }, (_, i) => row(i, TODAY)),
      // Another day's messages do not count.
      ...Array.from({ length: 5 }, (_, i) => row(100 + i, '2026-11-23')),
    ]);
    expect(await messagePlace(db, row(0, TODAY).id)).toEqual({ sessionId: TODAY, after: 9 });
    expect(await messagePlace(db, row(7, TODAY).id)).toEqual({ sessionId: TODAY, after: 2 });
    expect(await messagePlace(db, row(9, TODAY).id)).toEqual({ sessionId: TODAY, after: 0 });
    expect(await messagePlace(db, row(102, '2026-11-23').id)).toEqual({
      sessionId: '2026-11-23',
      after: 2,
    });
    expect(await messagePlace(db, '0193f000-0000-7000-8000-999999999999')).toBeNull();
  });
});
