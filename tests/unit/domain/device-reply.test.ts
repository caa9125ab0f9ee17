import { describe, expect, it } from 'vitest';
import {
  deviceMemories,
  deviceRecentReplies,
  deviceReplyIds,
  deviceReplyRevealTimes,
  historyTurns,
  needsDeviceReply,
  repliesIn,
  seedFromId,
  withDeviceReply,
} from '@/domain/device-reply';
import { CONNECTION_REASON, LOGIN_REASON } from '@/domain/outbox-rules';
import { STORE_FAILED_REASON, TIMEOUT_REASON } from '@/domain/outbox-timeout';
import { MIN_SPLIT_DELAY_MS, splitDelayMs } from '@/domain/reply-timing';

const waiting = (statusReason?: string) => ({
  sender: 'user' as const,
  status: 'waiting',
  statusReason,
});

const rule = (message: ReturnType<typeof waiting> | undefined, extra = {}) =>
  needsDeviceReply({ enabled: true, message, hasDeviceReply: false, answered: false, ...extra });

describe('needsDeviceReply: Kiri answers on the device only when the server cannot', () => {
  it('answers a message that waits offline, with the server down, timed out, or after a 5xx', () => {
    expect(rule(waiting(CONNECTION_REASON))).toBe(true);
    expect(rule(waiting(TIMEOUT_REASON))).toBe(true);
    expect(rule(waiting('Server unavailable (503)'))).toBe(true);
  });

  it('does not answer a message on its way, or queued behind one on its way (no reason yet)', () => {
    expect(rule({ sender: 'user', status: 'sending', statusReason: undefined })).toBe(false);
    expect(rule(waiting(undefined))).toBe(false);
  });

  it('does not answer a message that waits for a login, or whose server answer could not be saved', () => {
    expect(rule(waiting(LOGIN_REASON))).toBe(false);
    expect(rule(waiting(STORE_FAILED_REASON))).toBe(false);
  });

  it('never answers twice, never an answered, refused or delivered message, never with the setting off', () => {
    expect(rule(waiting(CONNECTION_REASON), { hasDeviceReply: true })).toBe(false);
    expect(rule(waiting(CONNECTION_REASON), { answered: true })).toBe(false);
    expect(rule(waiting(CONNECTION_REASON), { enabled: false })).toBe(false);
    for (const status of ['failed', 'answered', 'sent', 'local']) {
      expect(rule({ sender: 'user', status, statusReason: CONNECTION_REASON })).toBe(false);
    }
    expect(rule(undefined)).toBe(false);
  });
});

describe('deviceReplyRevealTimes: a device reply shows after her usual typing pause', () => {
  it('the first part after its own split delay, each later part after its delay', () => {
    const parts = ['hi there', 'how was the train?'];
    const times = deviceReplyRevealTimes(10_000, parts);
    expect(times[0]).toBe(10_000 + splitDelayMs(parts[0]!));
    expect(times[1]).toBe(times[0]! + splitDelayMs(parts[1]!));
    expect(times[0]! - 10_000).toBeGreaterThanOrEqual(MIN_SPLIT_DELAY_MS);
  });

  it('never before the reply ahead of it has shown its last part', () => {
    const times = deviceReplyRevealTimes(10_000, ['ok'], 15_000);
    expect(times[0]).toBe(15_000 + splitDelayMs('ok'));
  });
});

describe('withDeviceReply: the outbox body carries the reply, the rest unchanged', () => {
  const body = JSON.stringify({ message: 'hi', history: [], sessionId: 's', clientTimestamp: 5 });
  const parts = [{ id: 'p1', message: 'hello', timestamp: 7 }];

  it('adds deviceReply.kiriMessages and keeps every other field in its order', () => {
    const next = withDeviceReply(body, parts);
    expect(next.startsWith(body.slice(0, -1))).toBe(true);
    expect(JSON.parse(next).deviceReply).toEqual({ kiriMessages: parts });
  });

  it('deviceReplyIds reads the ids back; none from a body without a reply, or no body', () => {
    expect(deviceReplyIds(withDeviceReply(body, parts))).toEqual(['p1']);
    expect(deviceReplyIds(body)).toEqual([]);
    expect(deviceReplyIds(null)).toEqual([]);
    expect(deviceReplyIds('not json')).toEqual([]);
  });
});

describe('deviceMemories: memories said offline first, then the copy, each once', () => {
  it('puts the offline ones (newest first) ahead and drops the same words twice', () => {
    const copy = [
      { content: 'My cat is Miso', timestamp: 3 },
      { content: 'I like tea', timestamp: 2 },
    ];
    const offline = [
      { content: 'my cat is miso', timestamp: 9 },
      { content: 'I start a new job on Monday', timestamp: 10 },
    ];
    expect(deviceMemories(copy, offline, 10).map((m) => m.content)).toEqual([
      'I start a new job on Monday',
      'my cat is miso',
      'I like tea',
    ]);
    expect(deviceMemories(copy, offline, 2)).toHaveLength(2);
  });
});

describe('deviceRecentReplies: the copy and the device, newest last, each once', () => {
  it('adds the replies on the device after the copy and keeps the newest limit', () => {
    expect(deviceRecentReplies(['a', 'b'], ['b', 'c'], 10)).toEqual(['a', 'b', 'c']);
    expect(deviceRecentReplies(['a', 'b'], ['c', 'd'], 2)).toEqual(['c', 'd']);
  });
});

describe('repliesIn and historyTurns: what the engine reads of the conversation', () => {
  const rows = [
    { sender: 'user' as const, message: 'hi' },
    { sender: 'kiri' as const, message: 'hello' },
    { sender: 'kiri' as const, message: 'how are you?' },
    { sender: 'user' as const, message: 'good' },
    { sender: 'kiri' as const, message: 'yay' },
  ];

  it("Kiri's consecutive parts are one reply, joined as the server joins them", () => {
    expect(repliesIn(rows)).toEqual(['hello\n\nhow are you?', 'yay']);
  });

  it('history is the last 10 turns, oldest first, as user and assistant', () => {
    expect(historyTurns(rows, 2)).toEqual([
      { role: 'user', content: 'good' },
      { role: 'assistant', content: 'yay' },
    ]);
  });
});

describe('seedFromId: the same message always gets the same reply', () => {
  it('is stable for an id and differs between ids', () => {
    expect(seedFromId('0190-a')).toBe(seedFromId('0190-a'));
    expect(seedFromId('0190-a')).not.toBe(seedFromId('0190-b'));
  });
});
