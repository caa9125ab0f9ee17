// The generosity page's rules (server/generosity/generosity-rules.ts), one block per rule.
import { describe, expect, it } from 'vitest';
import {
  calendarDaysBetween,
  needsSupport,
  relationshipAgeOf,
  relationshipStartOf,
  sessionStatsOf,
  stageOf,
  wholeMonthsBetween,
} from '../../server/generosity/generosity-rules';
import type { ConversationEntry } from '../../server/store/conversation-store';

describe('calendarDaysBetween', () => {
  it('counts calendar days, across months and years, and never below 0', () => {
    expect(calendarDaysBetween('2026-01-15', '2026-01-15')).toBe(0);
    expect(calendarDaysBetween('2026-01-15', '2026-01-16')).toBe(1);
    expect(calendarDaysBetween('2025-12-31', '2026-03-01')).toBe(60);
    expect(calendarDaysBetween('2026-01-15', '2026-01-14')).toBe(0);
  });
});

describe('wholeMonthsBetween', () => {
  it('a month has passed when the day of the month comes again', () => {
    expect(wholeMonthsBetween('2026-01-15', '2026-02-14')).toBe(0);
    expect(wholeMonthsBetween('2026-01-15', '2026-02-15')).toBe(1);
    expect(wholeMonthsBetween('2026-01-15', '2026-07-15')).toBe(6);
    expect(wholeMonthsBetween('2025-07-15', '2026-07-14')).toBe(11);
  });

  it('or the last day of a shorter month', () => {
    expect(wholeMonthsBetween('2026-01-31', '2026-02-27')).toBe(0);
    expect(wholeMonthsBetween('2026-01-31', '2026-02-28')).toBe(1);
    expect(wholeMonthsBetween('2026-01-31', '2026-03-30')).toBe(1);
    expect(wholeMonthsBetween('2026-01-31', '2026-03-31')).toBe(2);
  });

  it('is never negative', () => {
    expect(wholeMonthsBetween('2026-03-01', '2026-01-01')).toBe(0);
  });
});

describe('stageOf', () => {
  const stage = (firstDay: string, today: string) => stageOf(relationshipAgeOf(firstDay, today));

  it('Day 1 is the first calendar day only', () => {
    expect(stage('2026-01-15', '2026-01-15').stage.name).toBe('Day 1');
    expect(stage('2026-01-15', '2026-01-16').stage.name).toBe('Week 1-4');
  });

  it('Week 1-4 runs to the end of the fourth week (day 28), Month 2-6 from day 29', () => {
    expect(stage('2026-01-01', '2026-01-28')).toMatchObject({
      stage: { name: 'Week 1-4' },
      dayNumber: 28,
    });
    expect(stage('2026-01-01', '2026-01-29')).toMatchObject({
      stage: { name: 'Month 2-6' },
      dayNumber: 29,
    });
  });

  it('Month 2-6 until six whole months, Month 6-9 until nine, then Month 9-12', () => {
    expect(stage('2026-01-15', '2026-07-14').stage.name).toBe('Month 2-6');
    expect(stage('2026-01-15', '2026-07-15').stage.name).toBe('Month 6-9');
    expect(stage('2026-01-15', '2026-10-14').stage.name).toBe('Month 6-9');
    expect(stage('2026-01-15', '2026-10-15').stage.name).toBe('Month 9-12');
  });

  it('after a year the last stage goes on, marked past the final stage', () => {
    expect(stage('2026-01-15', '2027-01-14')).toMatchObject({
      stage: { name: 'Month 9-12' },
      pastFinalStage: false,
    });
    expect(stage('2026-01-15', '2027-01-15')).toMatchObject({
      stage: { name: 'Month 9-12' },
      pastFinalStage: true,
      months: 12,
    });
  });
});

describe('relationshipStartOf', () => {
  it('the account made, or an older log entry (imported history, a capped log)', () => {
    expect(relationshipStartOf({ accountCreatedAt: 5_000, log: [], now: 9_000 })).toBe(5_000);
    expect(
      relationshipStartOf({
        accountCreatedAt: 5_000,
        log: [{ timestamp: 7_000 }, { timestamp: 1_000 }],
        now: 9_000,
      }),
    ).toBe(1_000);
  });

  it('never later than now', () => {
    expect(relationshipStartOf({ accountCreatedAt: null, log: [], now: 9_000 })).toBe(9_000);
    expect(relationshipStartOf({ accountCreatedAt: 12_000, log: [], now: 9_000 })).toBe(9_000);
  });
});

describe('needsSupport', () => {
  it("the chat's own reading: sad, anxious, and hard news without a feeling word", () => {
    expect(needsSupport("I'm so sad today")).toBe(true);
    expect(needsSupport("I'm really anxious about the exam")).toBe(true);
    expect(needsSupport('my cat died this morning')).toBe(true);
  });

  it('not a plain message, a glad one, another feeling, or a negated one', () => {
    expect(needsSupport('What time is it?')).toBe(false);
    expect(needsSupport('I am so happy today!')).toBe(false);
    expect(needsSupport("I'm bored")).toBe(false);
    expect(needsSupport("I'm not sad at all, it was a great day")).toBe(false);
  });
});

describe('sessionStatsOf', () => {
  let n = 0;
  function entry(fields: Partial<ConversationEntry>): ConversationEntry {
    n += 1;
    return {
      id: `e${n}`,
      message: 'hello',
      sender: 'user',
      timestamp: n * 1000,
      replyToId: null,
      emotionalState: null,
      sessionId: '2026-01-15',
      answersId: null,
      ...fields,
    };
  }
  const sad = (message = 'sad') => message === 'sad';

  it("counts today's owner messages, and the sad ones Kiri answered (a reply in parts once)", () => {
    const welcome = entry({ sender: 'kiri', message: 'Welcome!' });
    const s = entry({ message: 'sad' });
    const plain = entry({ message: 'plain' });
    const log = [
      welcome,
      s,
      entry({ sender: 'kiri', answersId: s.id }),
      entry({ sender: 'kiri', answersId: s.id }),
      plain,
      entry({ sender: 'kiri', answersId: plain.id }),
    ];
    expect(sessionStatsOf({ log, today: '2026-01-15', needsSupport: sad })).toEqual({
      sessionStart: welcome.timestamp,
      interactionCount: 2,
      emotionalSupportProvided: 1,
    });
  });

  it('an unanswered sad message is no support', () => {
    const log = [entry({ message: 'sad' })];
    expect(sessionStatsOf({ log, today: '2026-01-15', needsSupport: sad })).toMatchObject({
      interactionCount: 1,
      emotionalSupportProvided: 0,
    });
  });

  it("another day's messages and imported history are not this session's", () => {
    const yesterday = entry({ message: 'sad', sessionId: '2026-01-14' });
    const imported = entry({ message: 'sad', imported: true });
    const log = [
      yesterday,
      entry({ sender: 'kiri', answersId: yesterday.id, sessionId: '2026-01-14' }),
      imported,
      entry({ sender: 'kiri', answersId: imported.id }),
    ];
    const stats = sessionStatsOf({ log, today: '2026-01-15', needsSupport: sad });
    expect(stats.interactionCount).toBe(0);
    expect(stats.emotionalSupportProvided).toBe(0);
  });

  it('an empty day has no session start', () => {
    expect(sessionStatsOf({ log: [], today: '2026-01-15' })).toEqual({
      sessionStart: null,
      interactionCount: 0,
      emotionalSupportProvided: 0,
    });
  });
});
