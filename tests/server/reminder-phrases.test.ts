// 'remind me …' read with chrono-node in TIME_ZONE: the right instants at 23:59 and across midnight, in a
// zone without DST (Asia/Shanghai) and across a DST change (America/New_York); a question, never a guess.
import { describe, expect, it } from 'vitest';
import {
  confirmationOf,
  readReminderRequest,
  type ReminderReading,
} from '../../server/reminders/reminder-phrases';
import { instantOfWallTime, offsetMinutesAt } from '../../src/domain/zoned-time';

const SHANGHAI = 'Asia/Shanghai';
const NEW_YORK = 'America/New_York';
const iso = (reading: ReminderReading | null) =>
  reading?.kind === 'set' ? new Date(reading.dueAt).toISOString() : reading;

describe('readReminderRequest', () => {
  const lateEvening = Date.parse('2026-11-24T23:59:00+08:00');

  it("reads 'tomorrow at 6pm' at 23:59 as 18:00 the next day in the zone", () => {
    const reading = readReminderRequest(
      'remind me to call mum tomorrow at 6pm',
      lateEvening,
      SHANGHAI,
    );
    expect(reading).toMatchObject({ kind: 'set', task: 'call mum' });
    expect(iso(reading)).toBe('2026-11-25T10:00:00.000Z');
  });

  it("reads 'in 20 minutes' at 23:59 as 00:19 across midnight", () => {
    const reading = readReminderRequest(
      'remind me in 20 minutes to stretch',
      lateEvening,
      SHANGHAI,
    );
    expect(reading).toMatchObject({ kind: 'set', task: 'stretch' });
    expect(iso(reading)).toBe('2026-11-24T16:19:00.000Z');
    expect(confirmationOf(reading as { task: string; dueAt: number }, lateEvening, SHANGHAI)).toBe(
      "Okay! I'll remind you to stretch in 20 minutes, tomorrow (Wednesday 25 November) at 00:19.",
    );
  });

  it("reads 'tomorrow' just after midnight as the day after the new day", () => {
    const justAfter = Date.parse('2026-11-25T00:01:00+08:00');
    const reading = readReminderRequest(
      'remind me to call mum tomorrow at 6pm',
      justAfter,
      SHANGHAI,
    );
    expect(iso(reading)).toBe('2026-11-26T10:00:00.000Z');
  });

  it('places a wall time with the offset of its own day across a DST change', () => {
    // 23:59 EST on the eve of the spring change; 18:00 the next day is EDT (UTC-4).
    const eve = Date.parse('2026-03-07T23:59:00-05:00');
    const reading = readReminderRequest('remind me to call mum tomorrow at 6pm', eve, NEW_YORK);
    expect(iso(reading)).toBe('2026-03-08T22:00:00.000Z');
    // An elapsed time is elapsed: 3 hours after 23:59 EST is 03:59 EDT (the 02:00 hour never happens).
    const later = readReminderRequest('remind me in 3 hours to sleep', eve, NEW_YORK);
    expect(iso(later)).toBe('2026-03-08T07:59:00.000Z');
  });

  it("reads 'wake me up tomorrow at 7am' as a reminder to wake up at 07:00 in the zone", () => {
    const reading = readReminderRequest(
      'can you wake me up tomorrow at 7am?',
      lateEvening,
      SHANGHAI,
    );
    expect(reading).toMatchObject({ kind: 'set', task: 'wake up' });
    expect(iso(reading)).toBe('2026-11-24T23:00:00.000Z');
    // 'at 7' alone could be either half of the day: asked, as for any reminder.
    expect(readReminderRequest('wake me up at 7', lateEvening, SHANGHAI)).toMatchObject({
      kind: 'ask',
      question: expect.stringMatching(/7 in the morning or 7 in the evening.*wake up/),
    });
  });

  it('asks which half of the day when the hour could be either', () => {
    const reading = readReminderRequest('remind me at 6 to eat', lateEvening, SHANGHAI);
    expect(reading).toEqual({
      kind: 'ask',
      question: expect.stringMatching(/6 in the morning or 6 in the evening/),
      // Kept for the answer: the task and the hour; no day was said ('at 6' is today or tomorrow).
      known: { task: 'eat', day: null, hour: 6 },
    });
  });

  it('asks for the time when only the day is given', () => {
    const reading = readReminderRequest('remind me on monday to pay rent', lateEvening, SHANGHAI);
    expect(reading).toEqual({
      kind: 'ask',
      question: expect.stringMatching(/^What time should I remind you to pay rent\?/),
      known: { task: 'pay rent', day: { year: 2026, month: 11, day: 30 }, hour: null },
    });
  });

  it('asks when the time has passed', () => {
    const reading = readReminderRequest(
      'remind me yesterday at 5pm to call',
      lateEvening,
      SHANGHAI,
    );
    expect(reading).toEqual({
      kind: 'ask',
      question: expect.stringMatching(/has already passed/),
      known: { task: 'call', day: null, hour: null },
    });
  });

  it('asks when there is no time, or nothing to remind of', () => {
    expect(readReminderRequest('remind me to call my sister', lateEvening, SHANGHAI)).toEqual({
      kind: 'ask',
      question: 'When should I remind you to call your sister?',
      known: { task: 'call my sister', day: null, hour: null },
    });
    expect(readReminderRequest('remind me tomorrow at 6pm', lateEvening, SHANGHAI)).toEqual({
      kind: 'ask',
      question: 'What should I remind you about?',
    });
  });

  it('is not a request without "remind me"', () => {
    expect(readReminderRequest('tomorrow at 6pm I call mum', lateEvening, SHANGHAI)).toBeNull();
  });
});

describe('zoned time', () => {
  it('instantOfWallTime places a skipped wall time an hour on, and a repeated one at its first', () => {
    expect(
      new Date(
        instantOfWallTime({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NEW_YORK),
      ).toISOString(),
    ).toBe('2026-03-08T07:30:00.000Z');
    expect(
      new Date(
        instantOfWallTime({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NEW_YORK),
      ).toISOString(),
    ).toBe('2026-11-01T05:30:00.000Z');
    expect(offsetMinutesAt(Date.parse('2026-11-24T12:00:00Z'), SHANGHAI)).toBe(480);
  });
});
