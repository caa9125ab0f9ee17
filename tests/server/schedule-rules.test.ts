// The scheduler's and the power states' rules, one test per rule (docs/schedule.md).
import { describe, expect, it } from 'vitest';
import { composeScheduled, reminderQuote } from '../../src/engine/companion/scheduled';
import { camelCaseOf } from '../../server/power/background-systems';
import {
  containsWakeWord,
  nextPowerState,
  powerStateAt,
  stateThatHeld,
} from '../../server/power/power-rules';
import { ReminderHeap } from '../../server/reminders/reminder-heap';
import {
  afterQuietHours,
  isQuietHour,
  isWithinGrace,
  jobRunsIn,
  MORNING_PATTERN,
  nextFiringAfter,
  nudgeDueAt,
  thoughtTimes,
} from '../../server/schedule/schedule-rules';

import { lateReminderText } from '../../server/reminders/late-reminder';

const TZ = 'Asia/Shanghai';
const local = (text: string) => Date.parse(`${text}+08:00`);
const HOUR = 3_600_000;

describe('schedule rules', () => {
  it('nextFiringAfter: 09:00 in the zone, strictly after the given time', () => {
    expect(nextFiringAfter(MORNING_PATTERN, local('2026-11-24T08:59:59'), TZ)).toBe(
      local('2026-11-24T09:00:00'),
    );
    expect(nextFiringAfter(MORNING_PATTERN, local('2026-11-24T09:00:00'), TZ)).toBe(
      local('2026-11-25T09:00:00'),
    );
  });

  it('nextFiringAfter: 09:00 stays 09:00 on the wall clock across a DST change', () => {
    const ny = 'America/New_York';
    expect(
      new Date(
        nextFiringAfter(MORNING_PATTERN, Date.parse('2026-03-07T15:00:00Z'), ny),
      ).toISOString(),
    ).toBe('2026-03-08T13:00:00.000Z');
    expect(
      new Date(
        nextFiringAfter(MORNING_PATTERN, Date.parse('2026-03-06T15:00:00Z'), ny),
      ).toISOString(),
    ).toBe('2026-03-07T14:00:00.000Z');
  });

  it('isWithinGrace: on time or up to 2 hours late', () => {
    const due = local('2026-11-24T09:00:00');
    expect(isWithinGrace(due, due - 1)).toBe(false);
    expect(isWithinGrace(due, due + 2 * HOUR)).toBe(true);
    expect(isWithinGrace(due, due + 2 * HOUR + 1)).toBe(false);
  });

  it('isQuietHour: 01:00 to 07:00 in the zone', () => {
    expect(isQuietHour(local('2026-11-24T00:59:00'), TZ)).toBe(false);
    expect(isQuietHour(local('2026-11-24T01:00:00'), TZ)).toBe(true);
    expect(isQuietHour(local('2026-11-24T06:59:00'), TZ)).toBe(true);
    expect(isQuietHour(local('2026-11-24T07:00:00'), TZ)).toBe(false);
    expect(afterQuietHours(local('2026-11-24T03:10:00'), TZ)).toBe(local('2026-11-24T07:00:00'));
  });

  it('nudgeDueAt: 4 hours after the last message, or 07:00 when that is in the quiet hours', () => {
    expect(nudgeDueAt(local('2026-11-24T10:00:00'), TZ)).toBe(local('2026-11-24T14:00:00'));
    expect(nudgeDueAt(local('2026-11-24T22:30:00'), TZ)).toBe(local('2026-11-25T07:00:00'));
    expect(nudgeDueAt(local('2026-11-24T20:59:00'), TZ)).toBe(local('2026-11-25T00:59:00'));
  });

  it('thoughtTimes: none when off, at most 3, each between 11:00 and 19:00, the same after a restart', () => {
    expect(thoughtTimes('2026-11-24', 0, TZ)).toEqual([]);
    const times = thoughtTimes('2026-11-24', 5, TZ);
    expect(times).toHaveLength(3);
    expect(thoughtTimes('2026-11-24', 3, TZ)).toEqual(times);
    for (const time of times) {
      expect(time).toBeGreaterThanOrEqual(local('2026-11-24T11:00:00'));
      expect(time).toBeLessThan(local('2026-11-24T19:00:00'));
    }
  });

  it('jobRunsIn: sleeping lets out only the morning and evening messages; deep pause nothing', () => {
    const kinds = ['morning', 'evening', 'nudge', 'thought', 'reminder', 'task'] as const;
    expect(kinds.filter((kind) => jobRunsIn(kind, 'awake'))).toEqual([...kinds]);
    expect(kinds.filter((kind) => jobRunsIn(kind, 'sleeping'))).toEqual(['morning', 'evening']);
    expect(kinds.filter((kind) => jobRunsIn(kind, 'deep-pause'))).toEqual([]);
  });
});

describe('power rules', () => {
  it('containsWakeWord: a wake word as whole words, any case', () => {
    for (const phrase of ['Arise', 'please WAKE UP', 'hey kiri!', 'Lumora', 'presence', 'wake']) {
      expect(containsWakeWord(phrase)).toBe(true);
    }
    for (const phrase of ['hello', 'awakening', 'wakeful', 'hey kirin', '']) {
      expect(containsWakeWord(phrase)).toBe(false);
    }
  });

  it('nextPowerState: sleep only from awake; deep pause from anything; the wakes from anything', () => {
    expect(nextPowerState('awake', 'enable')).toBe('sleeping');
    expect(nextPowerState('deep-pause', 'enable')).toBe('deep-pause');
    expect(nextPowerState('sleeping', 'deep-pause')).toBe('deep-pause');
    for (const wake of ['disable', 'resume-all', 'voice-wake'] as const) {
      expect(nextPowerState('deep-pause', wake)).toBe('awake');
      expect(nextPowerState('sleeping', wake)).toBe('awake');
    }
  });

  it('camelCaseOf: paused systems are named in camel case for the screen to split', () => {
    expect(camelCaseOf('silence-nudge')).toBe('silenceNudge');
    expect(camelCaseOf('chat-local-engine')).toBe('chatLocalEngine');
  });
});

describe('reminders and scheduled messages', () => {
  it('ReminderHeap: pops in due order whatever the push order', () => {
    const heap = new ReminderHeap();
    const dues = [50, 10, 40, 10, 30, 20, 60, 0];
    dues.forEach((dueAt, i) => heap.push({ dueAt, account: 'owner', id: String(i) }));
    const out: number[] = [];
    for (let item = heap.pop(); item; item = heap.pop()) out.push(item.dueAt);
    expect(out).toEqual([...dues].sort((a, b) => a - b));
  });

  it('reminderQuote: the first 50 characters, with an ellipsis when cut', () => {
    expect(reminderQuote('call mum')).toBe('call mum');
    const long = 'a'.repeat(49) + ' and more words here';
    expect(reminderQuote(long)).toBe(`${'a'.repeat(49)}…`);
    expect([...reminderQuote('😀'.repeat(60))]).toHaveLength(51);
  });

  it('composeScheduled: knows the day and echoes what the owner last said, never repeating', () => {
    const now = local('2026-11-24T09:00:00');
    const morning = composeScheduled({
      kind: 'morning',
      now,
      timeZone: TZ,
      userName: 'Mei',
      lastOwnerMessage: { text: 'my exam is on friday', at: now - 12 * HOUR },
      seed: 1,
    });
    expect(morning).toMatch(/Mei/);
    expect(morning).toMatch(/Tuesday/);
    expect(morning).toMatch(/your exam/);
    const again = composeScheduled({
      kind: 'morning',
      now,
      timeZone: TZ,
      userName: 'Mei',
      lastOwnerMessage: { text: 'my exam is on friday', at: now - 12 * HOUR },
      recentReplies: [morning],
      seed: 1,
    });
    expect(again).not.toBe(morning);
  });

  // 10:00 asleep, 12:00 awake, 14:00 deep pause, 16:00 awake.
  const history = [
    { from: 'awake', to: 'sleeping', at: local('2026-11-24T10:00:00') },
    { from: 'sleeping', to: 'awake', at: local('2026-11-24T12:00:00') },
    { from: 'awake', to: 'deep-pause', at: local('2026-11-24T14:00:00') },
    { from: 'deep-pause', to: 'awake', at: local('2026-11-24T16:00:00') },
  ] as const;

  it('powerStateAt: the state at an instant from the transitions, before the first one the state it left', () => {
    const at = (time: string) => powerStateAt(history, 'awake', local(`2026-11-24T${time}`));
    expect(at('09:00:00')).toBe('awake');
    expect(at('10:00:00')).toBe('sleeping');
    expect(at('11:59:59')).toBe('sleeping');
    expect(at('13:00:00')).toBe('awake');
    expect(at('15:00:00')).toBe('deep-pause');
    expect(at('17:00:00')).toBe('awake');
    expect(powerStateAt([], 'sleeping', 0)).toBe('sleeping');
  });

  it('stateThatHeld: a reminder due while asleep, or just before she slept and delivered after, was held', () => {
    const held = (due: string, now: string) =>
      stateThatHeld(history, 'awake', local(`2026-11-24T${due}`), local(`2026-11-24T${now}`));
    expect(held('11:00:00', '12:00:05')).toBe('sleeping');
    expect(held('15:00:00', '16:00:05')).toBe('deep-pause');
    // Due at 09:59:55, the tick after it came once she slept: late too.
    expect(held('09:59:55', '12:00:05')).toBe('sleeping');
    // Awake at its time and until it went out: on time.
    expect(held('12:30:00', '12:30:10')).toBeNull();
    expect(held('17:00:00', '17:00:10')).toBeNull();
  });

  it('lateReminderText: says she was asleep or in deep pause at its time, and quotes it', () => {
    const now = local('2026-11-24T21:00:00');
    expect(
      lateReminderText({
        text: 'call mum',
        dueAt: local('2026-11-24T18:00:00'),
        heldBy: 'sleeping',
        now,
        timeZone: TZ,
      }),
    ).toBe('I was asleep at 18:00 — you asked me to remind you: "call mum"');
    expect(
      lateReminderText({
        text: 'water the plants',
        dueAt: local('2026-11-23T18:00:00'),
        heldBy: 'deep-pause',
        now,
        timeZone: TZ,
      }),
    ).toBe(
      'I was in deep pause yesterday at 18:00 — you asked me to remind you: "water the plants"',
    );
  });
});
