// The mirror bridge panel's rules (src/features/mirror-bridge/model): answers read, never guessed; the
// texts of spec 001 §2; the emotion colours; the last 10; polling only while the logs are shown.
import { describe, expect, it } from 'vitest';
import {
  emotionColourOf,
  lastSyncText,
  logsPollInterval,
  MIRROR_LOGS_POLL_MS,
  MIRROR_TEXT,
  parseBridgeLogs,
  parseBridgeStatus,
  pathText,
  shownMessages,
  type BridgeMessage,
} from '@/features/mirror-bridge/model/mirror-bridge';

const message = (n: number): BridgeMessage => ({
  author: 'Mei',
  timestamp: new Date(Date.UTC(2026, 0, 14, 1, n)).toISOString(),
  message: `m${n}`,
  emotion: 'neutral',
  type: 'user',
});

describe('rule: path or Not configured', () => {
  it("a configured path is shown as it is, none reads 'Not configured'", () => {
    expect(pathText('/srv/exports')).toBe('/srv/exports');
    expect(pathText(null)).toBe('Not configured');
    expect(parseBridgeStatus({ isRunning: true, watchFolder: ' ', githubRepoPath: null })).toEqual({
      isRunning: true,
      watchFolder: null,
      githubRepoPath: null,
    });
    expect(parseBridgeStatus({ watchFolder: '/x' })).toBeNull();
  });
});

describe("rule: 'Never'", () => {
  it("no sync yet reads 'Never'; a sync its time in the owner's zone", () => {
    expect(lastSyncText(null)).toBe(MIRROR_TEXT.never);
    expect(lastSyncText('2026-01-14T01:00:00.000Z', 'Asia/Shanghai')).toBe('Jan 14, 2026, 9:00 AM');
  });
});

describe('rule: last 10 messages', () => {
  it('shows the newest ten, newest first', () => {
    const all = Array.from({ length: 12 }, (_, n) => message(n));
    expect(shownMessages(all).map((m) => m.message)).toEqual([
      'm11',
      'm10',
      'm9',
      'm8',
      'm7',
      'm6',
      'm5',
      'm4',
      'm3',
      'm2',
    ]);
    expect(shownMessages([])).toEqual([]);
  });
});

describe('rule: emotion colour', () => {
  it('joyful, melancholic, frustrated, reflective and curious have their own; anything else is other', () => {
    for (const emotion of ['joyful', 'melancholic', 'frustrated', 'reflective', 'curious']) {
      expect(emotionColourOf(emotion)).toBe(emotion);
    }
    expect(emotionColourOf(' Joyful ')).toBe('joyful');
    expect(emotionColourOf('neutral')).toBe('other');
    expect(emotionColourOf('toString')).toBe('other');
  });
});

describe('rule: logs polled only while shown', () => {
  it('every 10 s while shown, never while hidden', () => {
    expect(logsPollInterval(true)).toBe(MIRROR_LOGS_POLL_MS);
    expect(MIRROR_LOGS_POLL_MS).toBe(10_000);
    expect(logsPollInterval(false)).toBe(false);
  });
});

describe('the logs answer', () => {
  it('keeps the messages that are messages and drops the rest', () => {
    expect(
      parseBridgeLogs({
        totalMessages: 2,
        lastSync: null,
        messages: [message(1), { author: 'x' }, null],
        problems: [{ at: 'a', file: 'f', reason: 'r' }, 'junk'],
      }),
    ).toEqual({
      totalMessages: 2,
      lastSync: null,
      messages: [message(1)],
      problems: [{ at: 'a', file: 'f', reason: 'r' }],
      lastMirror: null,
    });
    expect(
      parseBridgeLogs({
        totalMessages: 0,
        lastSync: null,
        messages: [],
        lastMirror: { at: '2026-01-14T01:00:00.000Z', commit: 'abcdef1234', files: 1 },
      })?.lastMirror,
    ).toEqual({ at: '2026-01-14T01:00:00.000Z', commit: 'abcdef1234' });
    expect(parseBridgeLogs({ messages: [] })).toBeNull();
  });
});
