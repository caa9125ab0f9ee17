import { describe, expect, it } from 'vitest';
import { DEEP_PAUSE_REASON } from '@/domain/outbox-rules';
import type { MessageRow } from '@/db/schema';
import {
  chatItems,
  isRevealed,
  isSendInFlight,
  isTyping,
  nextChangeAt,
  OFFLINE_REASON,
  SEND_IN_FLIGHT_MAX_MS,
  statusView,
} from '@/features/chat/model/message-view';

const T = 1_700_000_000_000;

function msg(over: Partial<MessageRow> & Pick<MessageRow, 'id'>): MessageRow {
  return {
    sessionId: '2026-11-22',
    sender: 'kiri',
    message: over.id,
    timestamp: T,
    replyToId: null,
    emotionalState: null,
    ...over,
  };
}

const asked = msg({ id: 'u1', sender: 'user', status: 'answered', timestamp: T });
const part1 = msg({ id: 'k1', timestamp: T + 1, revealAt: T + 10 });
const part2 = msg({ id: 'k2', timestamp: T + 2, revealAt: T + 1_500 });

describe('split replies are revealed one by one', () => {
  it('a part shows only from its reveal time', () => {
    expect(isRevealed(part2, T + 1_499)).toBe(false);
    expect(isRevealed(part2, T + 1_500)).toBe(true);
    expect(isRevealed(asked, 0)).toBe(true);
    const ids = (now: number) =>
      chatItems({ rows: [asked, part1, part2], now })
        .filter((i) => i.kind === 'message')
        .map((i) => i.key);
    expect(ids(T + 100)).toEqual(['u1', 'k1']);
    expect(ids(T + 2_000)).toEqual(['u1', 'k1', 'k2']);
  });

  it('the view is drawn again at the next reveal time, and not when nothing is pending', () => {
    expect(nextChangeAt([asked, part1, part2], T)).toBe(T + 10);
    expect(nextChangeAt([asked, part1, part2], T + 100)).toBe(T + 1_500);
    expect(nextChangeAt([asked, part1, part2], T + 2_000)).toBeNull();
  });
});

describe('typing indicator', () => {
  it('shows while a part is still to come', () => {
    expect(isTyping([asked, part1, part2], T + 100)).toBe(true);
    expect(isTyping([asked, part1, part2], T + 2_000)).toBe(false);
    const items = chatItems({ rows: [asked, part1, part2], now: T + 100 });
    expect(items.at(-1)?.kind).toBe('typing');
  });

  it("shows while the owner's newest message is sending, and is gone once it waits", () => {
    const sending = msg({ id: 'u2', sender: 'user', status: 'sending', timestamp: T });
    expect(isTyping([sending], T + 1_000)).toBe(true);
    expect(isTyping([{ ...sending, status: 'waiting' }], T + 1_000)).toBe(false);
  });

  it('is not shown in a past day', () => {
    const items = chatItems({ rows: [asked, part1, part2], now: T + 100, showTyping: false });
    expect(items.some((i) => i.kind === 'typing')).toBe(false);
  });
});

describe('a send in flight', () => {
  it("is the owner's newest message while it is 'sending'", () => {
    const older = msg({ id: 'u0', sender: 'user', status: 'sending', timestamp: T - 5 });
    const newest = msg({ id: 'u1', sender: 'user', status: 'answered', timestamp: T });
    expect(isSendInFlight([older, newest], T + 10)).toBe(false);
    expect(isSendInFlight([newest, { ...older, timestamp: T + 1 }], T + 10)).toBe(true);
  });

  it('a send stuck for 20 s no longer holds the composer, and the view is redrawn then', () => {
    const stuck = msg({ id: 'u1', sender: 'user', status: 'sending', timestamp: T });
    expect(isSendInFlight([stuck], T + SEND_IN_FLIGHT_MAX_MS - 1)).toBe(true);
    expect(isSendInFlight([stuck], T + SEND_IN_FLIGHT_MAX_MS)).toBe(false);
    expect(nextChangeAt([stuck], T + 1)).toBe(T + SEND_IN_FLIGHT_MAX_MS);
  });
});

describe('list items', () => {
  it("a refused message is followed by the companion's trouble line (derived, never stored)", () => {
    const failed = msg({ id: 'u9', sender: 'user', status: 'failed', statusReason: 'Too large' });
    const items = chatItems({ rows: [failed], now: T });
    expect(items.map((i) => i.kind)).toEqual(['message', 'trouble']);
  });

  it('a message waiting for a connection gets no trouble line', () => {
    const waiting = msg({ id: 'u9', sender: 'user', status: 'waiting' });
    expect(chatItems({ rows: [waiting], now: T }).map((i) => i.kind)).toEqual(['message']);
  });

  it('a message waiting because the server answered with an error gets the trouble line', () => {
    const troubled = msg({
      id: 'u9',
      sender: 'user',
      status: 'waiting',
      statusReason: 'Server unavailable (503)',
      serverTrouble: true,
    });
    expect(chatItems({ rows: [troubled], now: T }).map((i) => i.kind)).toEqual([
      'message',
      'trouble',
    ]);
    // Delivered in the end: the line goes.
    const answered = { ...troubled, status: 'answered' as const };
    expect(chatItems({ rows: [answered], now: T }).map((i) => i.kind)).toEqual(['message']);
  });

  it("the day's title heads a fully loaded day, never an empty one", () => {
    expect(chatItems({ rows: [asked], now: T, dayTitle: 'Sunday' })[0]).toMatchObject({
      kind: 'day',
      title: 'Sunday',
    });
    expect(chatItems({ rows: [], now: T, dayTitle: 'Sunday' })).toEqual([]);
  });

  it('messages of one sender close together form a group; the last of it ends the group', () => {
    const a = msg({ id: 'a', timestamp: T });
    const b = msg({ id: 'b', timestamp: T + 1_000 });
    const c = msg({ id: 'c', sender: 'user', status: 'sent', timestamp: T + 2_000 });
    const ends = chatItems({ rows: [a, b, c], now: T + 3_000 }).map((i) =>
      i.kind === 'message' ? i.groupEnd : null,
    );
    expect(ends).toEqual([false, true, true]);
  });
});

describe("the owner's message shows its state in words", () => {
  it('sending, sent, delivered (a tick), failed with Retry and Delete', () => {
    expect(statusView('sending').text).toBe('Sending…');
    expect(statusView('sent').text).toBe('Sent');
    // Kept on the server in deep pause: the owner reads why no answer comes yet.
    expect(statusView('sent', DEEP_PAUSE_REASON).text).toBe(
      'Sent · Kiri is in deep pause: she will answer when you wake her',
    );
    expect(statusView('answered')).toMatchObject({ text: 'Delivered', tick: true });
    expect(statusView('failed', 'Message too long')).toMatchObject({
      text: 'Not sent: Message too long',
      actions: true,
      tone: 'error',
    });
    expect(statusView('local').text).toBeNull();
  });

  it('waiting shows its reason unless it is the plain offline one', () => {
    expect(statusView('waiting', OFFLINE_REASON).text).toBe('Waiting to send');
    expect(statusView('waiting').text).toBe('Waiting to send');
    expect(statusView('waiting', 'Server unavailable (503)').text).toBe(
      'Waiting to send · Server unavailable (503)',
    );
  });
});
