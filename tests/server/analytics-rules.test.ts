// The Analytics and Monitoring pages' rules (server/analytics/analytics-rules.ts), one block per rule.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  analyticsSummary,
  dayKeyAt,
  dayKeysEndingAt,
  deviceReplyArrivals,
  HOUR_MS,
  latencyBinOf,
  LATENCY_BIN_BOUNDS_MS,
  monitoringSummary,
  monitoringWindow,
  percentile,
  providersFromRecords,
  repliesByQuestion,
  UNKNOWN_PROVIDER,
} from '../../server/analytics/analytics-rules';
import { applyPushLogOp, PUSH_LOG_CAP, type PushLogEntry } from '../../server/push/push-log';
import type { ConversationEntry, IdempotencyRecord } from '../../server/store/conversation-store';

const SHANGHAI = 'Asia/Shanghai';
const MINUTE = 60_000;
const SECOND = 1_000;
/** 2026-01-15 10:00 in Shanghai (02:00 UTC). */
const NOW = Date.UTC(2026, 0, 15, 2, 0, 0);

let seq = 0;
function owner(at: number, fields: Partial<ConversationEntry> = {}): ConversationEntry {
  seq += 1;
  return {
    id: `u${seq}`,
    message: `message ${seq}`,
    sender: 'user',
    timestamp: at,
    replyToId: null,
    emotionalState: null,
    sessionId: dayKeyAt(at, SHANGHAI),
    answersId: null,
    ...fields,
  };
}

function kiri(
  question: ConversationEntry | null,
  at: number,
  fields: Partial<ConversationEntry> = {},
): ConversationEntry {
  seq += 1;
  return {
    id: `k${seq}`,
    message: `part ${seq}`,
    sender: 'kiri',
    timestamp: at,
    replyToId: null,
    emotionalState: null,
    sessionId: dayKeyAt(at, SHANGHAI),
    answersId: question?.id ?? null,
    ...fields,
  };
}

function chatRecord(
  kiriIds: string[],
  provider: string,
  at: number,
  userMessageId: string | null = null,
): IdempotencyRecord {
  return {
    route: 'POST /api/chat',
    bodyHash: 'h',
    status: 200,
    at,
    answer: {
      kind: 'chat',
      kiriIds,
      provider,
      userMessage: userMessageId ? { id: userMessageId, sessionId: '2026-01-15' } : null,
    },
  };
}

function summary(log: ConversationEntry[], records: Record<string, IdempotencyRecord> = {}) {
  return analyticsSummary({ log, records, now: NOW, timeZone: SHANGHAI, days: 30 });
}

const today = (result: ReturnType<typeof summary>) => result.messages.days.at(-1)!;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('rule: a message counts on its day in the owner’s zone', () => {
  it('a message at 23:30 UTC counts on the next day in Asia/Shanghai', () => {
    expect(dayKeyAt(Date.UTC(2026, 0, 14, 23, 30), SHANGHAI)).toBe('2026-01-15');
    const result = summary([owner(Date.UTC(2026, 0, 14, 23, 30))]);
    expect(today(result)).toEqual({ day: '2026-01-15', owner: 1, kiri: 0 });
    expect(result.messages.days.at(-2)).toEqual({ day: '2026-01-14', owner: 0, kiri: 0 });
  });

  it('a message at 15:59 UTC is still the same day in Asia/Shanghai, at 16:00 UTC the next', () => {
    expect(dayKeyAt(Date.UTC(2026, 0, 14, 15, 59), SHANGHAI)).toBe('2026-01-14');
    expect(dayKeyAt(Date.UTC(2026, 0, 14, 16, 0), SHANGHAI)).toBe('2026-01-15');
  });

  it('the same instant is another day in New York', () => {
    expect(dayKeyAt(Date.UTC(2026, 0, 15, 2, 0), 'America/New_York')).toBe('2026-01-14');
  });
});

describe('rule: the range is today and the days before it', () => {
  it('30 days ending today, oldest first, across a month’s end', () => {
    const keys = dayKeysEndingAt(NOW, SHANGHAI, 30);
    expect(keys).toHaveLength(30);
    expect(keys[0]).toBe('2025-12-17');
    expect(keys.at(-1)).toBe('2026-01-15');
    expect(keys).toContain('2025-12-31');
    expect(keys).toContain('2026-01-01');
  });

  it('a day across a daylight-saving change is still one day (New York, March)', () => {
    const keys = dayKeysEndingAt(Date.UTC(2026, 2, 10, 12), 'America/New_York', 3);
    expect(keys).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
  });

  it('a message before the range’s first day is not counted; one on it is', () => {
    const first = Date.UTC(2025, 11, 16, 16, 0); // 2025-12-17 00:00 in Shanghai
    const result = summary([owner(first - 1), owner(first)]);
    expect(result.messages.days[0]).toEqual({ day: '2025-12-17', owner: 1, kiri: 0 });
    expect(result.messages.owner).toBe(1);
  });
});

describe('rule: messages by hour of day on the owner’s clock', () => {
  it('01:15 UTC is 09:00–10:00 in Shanghai; the owner’s and Kiri’s are counted apart', () => {
    const asked = owner(Date.UTC(2026, 0, 15, 1, 15));
    const result = summary([
      asked,
      kiri(asked, asked.timestamp + 500),
      kiri(asked, asked.timestamp + 501),
    ]);
    expect(result.messages.hours[9]).toEqual({ hour: 9, owner: 1, kiri: 2 });
    expect(result.messages.hours.filter((hour) => hour.owner + hour.kiri > 0)).toHaveLength(1);
    expect(result.messages.hours).toHaveLength(24);
    expect(result.messages).toMatchObject({ owner: 1, kiri: 2 });
  });
});

describe('rule: a reply is every part of Kiri’s that answers one message', () => {
  it('its latency runs from the message to the first part', () => {
    const asked = owner(NOW - 10 * MINUTE);
    const log = [asked, kiri(asked, asked.timestamp + 1_200), kiri(asked, asked.timestamp + 1_201)];
    const replies = repliesByQuestion(log);
    expect(replies.get(asked.id)).toEqual({
      firstAt: asked.timestamp + 1_200,
      provider: null,
      offline: false,
    });
    const result = summary(log);
    expect(result.latency).toMatchObject({ replies: 1, p50Ms: 1_200, p90Ms: 1_200 });
  });

  it('its first part is the earliest, wherever the log holds it', () => {
    const asked = owner(NOW - 10 * MINUTE);
    const log = [asked, kiri(asked, asked.timestamp + 900), kiri(asked, asked.timestamp + 400)];
    expect(repliesByQuestion(log).get(asked.id)!.firstAt).toBe(asked.timestamp + 400);
  });

  it('Kiri’s messages that answer nothing (greeting, push, welcome) are not replies', () => {
    const result = summary([kiri(null, NOW - MINUTE, { provider: 'local' })]);
    expect(today(result).kiri).toBe(1);
    expect(result.latency.replies).toBe(0);
    expect(result.providers).toEqual([]);
  });

  it('a message with no answer yet is counted and not timed', () => {
    const result = summary([owner(NOW - MINUTE)]);
    expect(today(result).owner).toBe(1);
    expect(result.latency).toMatchObject({ replies: 0, p50Ms: null, p90Ms: null });
  });

  it('a reply counts on its question’s day, even when it came the next day (deep pause)', () => {
    const asked = owner(Date.UTC(2026, 0, 14, 15, 0)); // 23:00 on the 14th in Shanghai
    const result = summary([
      asked,
      kiri(asked, Date.UTC(2026, 0, 14, 17, 0), { provider: 'local' }),
    ]);
    const day14 = result.latency.days.find((day) => day.day === '2026-01-14')!;
    expect(day14).toEqual({
      day: '2026-01-14',
      replies: 1,
      p50Ms: 2 * HOUR_MS,
      p90Ms: 2 * HOUR_MS,
    });
    expect(result.latency.days.at(-1)!.replies).toBe(0);
  });
});

describe('rule: a reply the device wrote offline', () => {
  it('counts under device in provider use and is left out of the latency', () => {
    const asked = owner(NOW - 30 * MINUTE);
    const online = owner(NOW - 20 * MINUTE);
    const log = [
      asked,
      kiri(asked, asked.timestamp + 2_000, { writtenOffline: true }),
      online,
      kiri(online, online.timestamp + 300, { provider: 'local' }),
    ];
    const result = summary(log);
    expect(result.providers).toEqual([
      { provider: 'device', replies: 1 },
      { provider: 'local', replies: 1 },
    ]);
    expect(result.latency).toMatchObject({ replies: 1, p50Ms: 300, deviceReplies: 1 });
  });
});

describe('rule: provider use', () => {
  it('the entry’s own provider; else a kept record’s; else unknown', () => {
    const named = owner(NOW - 50 * MINUTE);
    const recorded = owner(NOW - 40 * MINUTE);
    const old = owner(NOW - 30 * MINUTE);
    const recordedPart = kiri(recorded, recorded.timestamp + 10);
    const log = [
      named,
      kiri(named, named.timestamp + 10, { provider: 'openai' }),
      kiri(named, named.timestamp + 11),
      recorded,
      recordedPart,
      old,
      kiri(old, old.timestamp + 10),
    ];
    const result = summary(log, { key1: chatRecord([recordedPart.id], 'gemini', NOW) });
    expect(result.providers).toEqual([
      { provider: 'gemini', replies: 1 },
      { provider: 'openai', replies: 1 },
      { provider: UNKNOWN_PROVIDER, replies: 1 },
    ]);
  });

  it('the earliest record naming a part wins; deep pause’s 202 names none', () => {
    const records = {
      first: chatRecord(['k-a'], 'openai', NOW - HOUR_MS),
      later: chatRecord(['k-a'], 'local', NOW),
      paused: {
        ...chatRecord([], 'none', NOW - 2 * HOUR_MS),
        answer: {
          kind: 'chat' as const,
          kiriIds: [],
          userMessage: null,
          provider: 'none',
          deepPause: true,
        },
      },
    };
    const byPart = providersFromRecords(records);
    expect(byPart.get('k-a')?.provider).toBe('openai');
    expect(byPart.size).toBe(1);
  });

  it('most used first, then by name', () => {
    const log: ConversationEntry[] = [];
    for (const provider of ['b', 'a', 'b']) {
      const asked = owner(NOW - MINUTE);
      log.push(asked, kiri(asked, asked.timestamp + 1, { provider }));
    }
    expect(summary(log).providers).toEqual([
      { provider: 'b', replies: 2 },
      { provider: 'a', replies: 1 },
    ]);
  });
});

describe('rule: the log as kept', () => {
  it('says how many entries it holds, its cap, and its oldest entry’s time, whatever the range', () => {
    const oldest = owner(NOW - 90 * 86_400_000);
    const result = summary([owner(NOW - MINUTE), oldest]);
    expect(result.log).toEqual({ entries: 2, cap: 1000, oldestAt: oldest.timestamp });
    expect(summary([]).log).toEqual({ entries: 0, cap: 1000, oldestAt: null });
  });
});

describe('rule: imported history is left out', () => {
  it('the mirror bridge’s imports count in no figure', () => {
    const asked = owner(NOW - MINUTE, { imported: true });
    const result = summary([asked, kiri(asked, NOW - MINUTE + 5, { imported: true })]);
    expect(result.messages).toMatchObject({ owner: 0, kiri: 0 });
    expect(result.latency.replies).toBe(0);
    expect(result.imported).toBe(2);
  });
});

describe('rule: nearest-rank percentile', () => {
  it('the median of 1, 2, 3, 4 is 2 (a value that happened, never 2.5)', () => {
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
  });

  it('p90 of 1 to 10 is 9, p95 of 1 to 20 is 19, p100 the largest, p0 the smallest', () => {
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => n - i);
    expect(percentile(upTo(10), 90)).toBe(9);
    expect(percentile(upTo(20), 95)).toBe(19);
    expect(percentile(upTo(10), 100)).toBe(10);
    expect(percentile(upTo(10), 0)).toBe(1);
  });

  it('no values: null; one value: that value', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 90)).toBe(7);
  });

  it('agrees with sorting on many random lists, with repeats, and leaves its input as it was', () => {
    let state = 12345;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    for (let round = 0; round < 200; round += 1) {
      const values = Array.from({ length: 1 + Math.floor(random() * 60) }, () =>
        Math.floor(random() * 20),
      );
      const copy = [...values];
      const sorted = [...values].sort((a, b) => a - b);
      for (const p of [50, 90, 95]) {
        const rank = Math.max(1, Math.ceil((p / 100) * values.length));
        expect(percentile(values, p)).toBe(sorted[rank - 1]);
      }
      expect(values).toEqual(copy);
    }
  });
});

describe('rule: the distribution’s bins', () => {
  it('999 ms is under 1 s; 1 s starts the second bin; an hour or more is the last', () => {
    expect(latencyBinOf(0)).toBe(0);
    expect(latencyBinOf(999)).toBe(0);
    expect(latencyBinOf(1_000)).toBe(1);
    expect(latencyBinOf(HOUR_MS - 1)).toBe(LATENCY_BIN_BOUNDS_MS.length - 1);
    expect(latencyBinOf(HOUR_MS)).toBe(LATENCY_BIN_BOUNDS_MS.length);
  });

  it('the summary’s bins cover 0 to no bound and hold every timed reply', () => {
    const log: ConversationEntry[] = [];
    for (const wait of [200, 2 * SECOND, 2 * SECOND, 5 * HOUR_MS]) {
      const asked = owner(NOW - 6 * HOUR_MS);
      log.push(asked, kiri(asked, asked.timestamp + wait, { provider: 'local' }));
    }
    const { bins } = summary(log).latency;
    expect(bins[0]).toEqual({ fromMs: 0, toMs: 1_000, replies: 1 });
    expect(bins[1]).toEqual({ fromMs: 1_000, toMs: 3_000, replies: 2 });
    expect(bins.at(-1)).toEqual({ fromMs: HOUR_MS, toMs: null, replies: 1 });
    expect(bins.reduce((sum, bin) => sum + bin.replies, 0)).toBe(4);
  });
});

describe('rule: the monitoring window', () => {
  it('starts 23 hours before the current hour on the owner’s clock', () => {
    const now = Date.UTC(2026, 0, 15, 2, 40, 12, 345); // 10:40:12 in Shanghai
    const { start, hours } = monitoringWindow(now, SHANGHAI);
    expect(start).toBe(Date.UTC(2026, 0, 14, 3, 0));
    expect(hours).toHaveLength(24);
    expect(hours.at(-1)).toBe(Date.UTC(2026, 0, 15, 2, 0));
  });

  it('a zone half an hour off UTC starts its hours at :30 UTC (Asia/Kolkata)', () => {
    const now = Date.UTC(2026, 0, 15, 2, 40); // 08:10 in Kolkata
    const { hours } = monitoringWindow(now, 'Asia/Kolkata');
    expect(hours.at(-1)).toBe(Date.UTC(2026, 0, 15, 2, 30));
  });
});

describe('rule: the last 24 hours by hour', () => {
  const now = Date.UTC(2026, 0, 15, 2, 40); // 10:40 in Shanghai
  const monitor = (
    log: ConversationEntry[],
    records: Record<string, IdempotencyRecord> = {},
    pushes: PushLogEntry[] = [],
  ) => monitoringSummary({ log, records, pushes, now, timeZone: SHANGHAI });

  it('messages in by their hour; replies out by their first part’s hour; latency by the message’s hour', () => {
    const asked = owner(Date.UTC(2026, 0, 15, 1, 59, 59)); // 09:59:59
    const quick = owner(Date.UTC(2026, 0, 15, 2, 10)); // 10:10
    const log = [
      asked,
      kiri(asked, asked.timestamp + 3_000, { provider: 'openai' }),
      kiri(asked, asked.timestamp + 3_001),
      quick,
      kiri(quick, quick.timestamp + 100, { provider: 'local' }),
    ];
    const result = monitor(log);
    const nine = result.hours.at(-2)!;
    const ten = result.hours.at(-1)!;
    expect(nine).toMatchObject({
      hour: 9,
      messagesIn: 1,
      repliesOut: 0,
      latencyReplies: 1,
      p50Ms: 3_000,
    });
    expect(ten).toMatchObject({
      hour: 10,
      messagesIn: 1,
      repliesOut: 2,
      latencyReplies: 1,
      p50Ms: 100,
    });
    expect(result.totals).toMatchObject({
      messagesIn: 2,
      repliesOut: 2,
      latencyReplies: 2,
      p50Ms: 100,
      p95Ms: 3_000,
    });
  });

  it('a message 24 hours old or more is outside the window', () => {
    const { start } = monitoringWindow(now, SHANGHAI);
    const result = monitor([owner(start - 1), owner(start)]);
    expect(result.hours[0]!.messagesIn).toBe(1);
    expect(result.totals.messagesIn).toBe(1);
  });

  it('a device reply counts when it reached the server (its record), once per message, not when written', () => {
    const asked = owner(now - 20 * HOUR_MS);
    const part = kiri(asked, asked.timestamp + 2_000, { writtenOffline: true });
    const arrived = Date.UTC(2026, 0, 15, 2, 5); // 10:05
    const records = {
      first: chatRecord([part.id], 'device', arrived, asked.id),
      secondDevice: chatRecord([part.id], 'device', arrived + MINUTE, asked.id),
      online: chatRecord(['other'], 'local', arrived, 'u-other'),
    };
    expect(deviceReplyArrivals(records)).toEqual([arrived]);
    const result = monitor([asked, part], records);
    expect(result.hours.at(-1)!.deviceReplies).toBe(1);
    expect(result.totals).toMatchObject({ deviceReplies: 1, repliesOut: 0, latencyReplies: 0 });
  });

  it('push deliveries: sent, failed and expired summed by the hour they went', () => {
    const pushes: PushLogEntry[] = [
      {
        at: Date.UTC(2026, 0, 15, 1, 0),
        userId: 'a',
        tag: 'kiri-morning',
        sent: 2,
        failed: 0,
        removed: 1,
      },
      {
        at: Date.UTC(2026, 0, 15, 1, 30),
        userId: 'a',
        tag: 'kiri-thought',
        sent: 0,
        failed: 1,
        removed: 0,
      },
      {
        at: Date.UTC(2026, 0, 14, 1, 0),
        userId: 'a',
        tag: 'kiri-evening',
        sent: 5,
        failed: 5,
        removed: 5,
      },
    ];
    const result = monitor([], {}, pushes);
    expect(result.hours.at(-2)).toMatchObject({ pushSent: 2, pushFailed: 1, pushExpired: 1 });
    expect(result.totals).toMatchObject({ pushSent: 2, pushFailed: 1, pushExpired: 1 });
  });
});

describe('rule: linear in the number of entries', () => {
  it('reads the clock of each entry in the range once, and none of those before it', () => {
    const log: ConversationEntry[] = [];
    for (let i = 0; i < 400; i += 1) log.push(owner(NOW - 60 * 86_400_000 + i));
    for (let i = 0; i < 300; i += 1) {
      const asked = owner(NOW - i * MINUTE);
      log.push(asked, kiri(asked, asked.timestamp + 10, { provider: 'local' }));
    }
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    summary(log);
    // One per entry of the last 30 days (600), and one for today (the range).
    expect(formatToParts.mock.calls.length).toBeLessThanOrEqual(600 + 1);
  });
});

describe('rule: the push log keeps a week, at most its cap', () => {
  it('an entry older than a week before the newest leaves; past the cap the oldest go first', () => {
    const entry = (at: number): PushLogEntry => ({
      at,
      userId: 'a',
      tag: 't',
      sent: 1,
      failed: 0,
      removed: 0,
    });
    const data = { version: 1 as const, entries: [entry(0), entry(HOUR_MS)] };
    applyPushLogOp(data, { append: entry(7 * 24 * HOUR_MS + 1) });
    expect(data.entries.map((e) => e.at)).toEqual([HOUR_MS, 7 * 24 * HOUR_MS + 1]);

    const full = {
      version: 1 as const,
      entries: Array.from({ length: PUSH_LOG_CAP }, (_, i) => entry(i)),
    };
    applyPushLogOp(full, { append: entry(PUSH_LOG_CAP) });
    expect(full.entries).toHaveLength(PUSH_LOG_CAP);
    expect(full.entries[0]!.at).toBe(1);
  });
});
