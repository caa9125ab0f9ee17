// The times a device sends with a message (docs/chat-server.md, "Limits" and "Times"): a clientTimestamp
// the server cannot use is as if absent, never a 400; a sessionId of a day that has not begun is a 400.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationEntry } from '../../server/store/conversation-store';
import { expectError, FakeClock } from './support/harness';
import {
  chatFiles,
  cleanUpChatApps,
  fakeCompanion,
  logOf,
  ownerChat,
  type ChatAnswer,
} from './support/chat-harness';

afterEach(cleanUpChatApps);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Bodies as raw JSON text: `1e400` is only expressible this way (JSON.parse reads it as Infinity). */
const UNUSABLE_TIMESTAMPS = [
  '-5',
  '-1e400',
  '1e400',
  '1e300',
  '8.64e16', // past the last instant a Date can hold
  '"not a date"',
  `"${'2026-01-01T00:00:00Z'.padEnd(100, ' ')}"`,
  '"1969-07-20T20:17:00Z"',
  'true',
  '{"at": 5}',
  '[1]',
];

describe('clientTimestamp', () => {
  it('a malformed, negative, non-finite or absurd one is ignored: the server’s time, never a 400', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const json = { 'content-type': 'application/json' };
    for (const raw of UNUSABLE_TIMESTAMPS) {
      setup.clock.advance(1000);
      const chat = await owner.request('/api/chat', {
        method: 'POST',
        headers: json,
        body: `{"message": "hi", "history": [], "clientTimestamp": ${raw}}`,
      });
      expect({ raw, status: chat.status }).toEqual({ raw, status: 200 });
      const answer = (await chat.json()) as ChatAnswer;
      expect(answer.userMessage!.sessionId).toBe('2026-01-15');
      const user = (await logOf(owner)).find((e) => e.id === answer.userMessage!.id)!;
      expect({ raw, timestamp: user.timestamp }).toEqual({ raw, timestamp: setup.clock.now });

      const stored = await owner.request('/api/conversations', {
        method: 'POST',
        headers: json,
        body: `{"message": "hi", "sender": "user", "clientTimestamp": ${raw}}`,
      });
      expect({ raw, status: stored.status }).toEqual({ raw, status: 201 });
      const entry = ((await stored.json()) as { message: ConversationEntry }).message;
      expect({ raw, timestamp: entry.timestamp }).toEqual({ raw, timestamp: setup.clock.now });
      expect(entry.sessionId).toBe('2026-01-15');
    }
  });

  it('a valid one stamps the message as before: a number or a date string, never later than now', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const now = setup.clock.now;
    const cases: [unknown, number][] = [
      [now - 2 * DAY + 0.7, now - 2 * DAY],
      [new Date(now - HOUR).toISOString(), now - HOUR],
      [0, 0],
      [now + DAY, now],
      [null, now],
    ];
    for (const [clientTimestamp, expected] of cases) {
      const response = await owner.post('/api/chat', {
        message: 'hi',
        history: [],
        clientTimestamp,
      });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as ChatAnswer;
      const user = (await logOf(owner)).find((e) => e.id === answer.userMessage!.id)!;
      expect({ clientTimestamp, timestamp: user.timestamp }).toEqual({
        clientTimestamp,
        timestamp: expected,
      });
    }
  });
});

describe('sessionId of a day that has not begun', () => {
  // 17:00 UTC on 15 January is 01:00 on 16 January in TIME_ZONE (Asia/Shanghai): today is the 16th there.
  const lateEvening = Date.UTC(2026, 0, 15, 17, 0, 0);

  it('more than one day after today in TIME_ZONE is a 400 naming the field, and writes nothing', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    setup.clock.now = lateEvening;
    const files = await chatFiles(setup.dataDir);
    for (const sessionId of ['2026-01-18', '2026-02-01', '2027-01-16', '9999-12-31']) {
      const chat = await owner.post('/api/chat', { message: 'hi', history: [], sessionId });
      const error = await expectError(chat, 400, /^sessionId: /);
      expect(error.error).toContain('2026-01-16');
      await expectError(
        await owner.post('/api/conversations', { message: 'hi', sender: 'user', sessionId }),
        400,
        /^sessionId: /,
      );
    }
    expect(companion.calls).toHaveLength(0);
    expect(await chatFiles(setup.dataDir)).toBe(files);
  });

  it('today, tomorrow (a device ahead of the server) and past days are accepted', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    setup.clock.now = lateEvening;
    // 2026-01-17 is two days after the 15th in UTC, but only one after today in TIME_ZONE.
    for (const sessionId of [
      '2026-01-17',
      '2026-01-16',
      '2026-01-15',
      '2025-12-31',
      '2020-02-29',
    ]) {
      const chat = await owner.post('/api/chat', { message: 'hi', history: [], sessionId });
      expect({ sessionId, status: chat.status }).toEqual({ sessionId, status: 200 });
      expect(((await chat.json()) as ChatAnswer).userMessage!.sessionId).toBe(sessionId);
      const stored = await owner.post('/api/conversations', {
        message: 'hi',
        sender: 'user',
        sessionId,
      });
      expect({ sessionId, status: stored.status }).toEqual({ sessionId, status: 201 });
    }
  });

  it('counts across the end of a month and a year', async () => {
    // 12:00 on 31 December in TIME_ZONE (a clock of its own: the owner's session starts then).
    const clock = new FakeClock();
    clock.now = Date.UTC(2026, 11, 31, 4, 0, 0);
    const { owner } = await ownerChat({ companion: fakeCompanion(), clock });
    const send = (sessionId: string) =>
      owner.post('/api/chat', { message: 'hi', history: [], sessionId });
    expect((await send('2027-01-01')).status).toBe(200);
    await expectError(await send('2027-01-02'), 400, /^sessionId: /);
  });
});
