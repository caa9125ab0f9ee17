import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSessionExpired, sessionIdAt, sessionTitle, setKnownDays } from '@/domain/day-session';
import { dayWindowAt } from '@/domain/day-window';

afterEach(() => {
  setKnownDays([]);
  vi.restoreAllMocks();
});

/** The day's id as Intl gives it, whatever sessionIdAt knows. */
function intlDayId(at: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

describe('session id rolls at the UTC+8 day boundary', () => {
  it('is still the old day at 15:59:59 UTC', () => {
    expect(sessionIdAt(new Date('2026-11-21T15:59:59Z'))).toBe('2026-11-21');
  });
  it('is the next day at 16:00:00 UTC', () => {
    expect(sessionIdAt(new Date('2026-11-21T16:00:00Z'))).toBe('2026-11-22');
  });
  it('matches the UTC+8 calendar date for every hour of a year', () => {
    const start = Date.UTC(2026, 0, 1);
    for (let t = start; t < start + 366 * 86_400_000; t += 3_600_000) {
      const shifted = new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);
      expect(sessionIdAt(t)).toBe(shifted);
    }
  });
  it('rolls at local midnight across a daylight-saving change', () => {
    // New York, 2026-03-08: clocks jump from 02:00 EST to 03:00 EDT; midnight that night is 04:00 UTC.
    expect(sessionIdAt(Date.UTC(2026, 2, 9, 3, 59, 59), 'America/New_York')).toBe('2026-03-08');
    expect(sessionIdAt(Date.UTC(2026, 2, 9, 4, 0, 0), 'America/New_York')).toBe('2026-03-09');
  });
  it('follows the configured time zone', () => {
    expect(sessionIdAt(new Date('2026-11-21T16:00:00Z'), 'Europe/London')).toBe('2026-11-21');
  });
});

describe('session title is the long date', () => {
  it('names the weekday, month, day and year of the session day', () => {
    expect(sessionTitle('2026-11-22')).toBe('Sunday, November 22, 2026');
  });
  it('is what en-US Intl writes for every day from 1990 to 2100', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    for (let t = Date.UTC(1990, 0, 1, 12); t < Date.UTC(2101, 0, 1); t += 86_400_000) {
      const id = new Date(t).toISOString().slice(0, 10);
      expect(sessionTitle(id)).toBe(intl.format(t));
    }
  });
  it('refuses an id that is not a day, as Intl refused its date', () => {
    expect(() => sessionTitle('not-a-day')).toThrow(RangeError);
  });
});

// Zones with a change of clock in the days tested: New York and London (an hour at 2 a.m. and 1 a.m.),
// Lord Howe (half an hour), Santiago and Havana (at midnight: a day starts at 1 a.m.), Apia (the day
// 2011-12-30 never was), Kathmandu and Chatham (offsets of 45 minutes), Shanghai (none).
const ZONES_AND_DAYS: Array<[string, string]> = [
  ['America/New_York', '2026-03-08T12:00:00Z'],
  ['America/New_York', '2026-11-01T12:00:00Z'],
  ['Europe/London', '2026-03-29T12:00:00Z'],
  ['Australia/Lord_Howe', '2026-04-04T12:00:00Z'],
  ['America/Santiago', '2026-09-06T12:00:00Z'],
  ['America/Havana', '2026-03-08T12:00:00Z'],
  ['Pacific/Apia', '2011-12-29T12:00:00Z'],
  ['Pacific/Apia', '2011-12-31T12:00:00Z'],
  ['Asia/Kathmandu', '2026-11-30T12:00:00Z'],
  ['Pacific/Chatham', '2026-04-05T12:00:00Z'],
  ['Asia/Shanghai', '2026-11-30T12:00:00Z'],
];

describe('a day worked out ahead is the span of instants with its id', () => {
  it.each(ZONES_AND_DAYS)('in %s around %s, to the millisecond', (timeZone, iso) => {
    for (const shift of [-12, -6, 0, 6, 12]) {
      const at = Date.parse(iso) + shift * 3_600_000;
      const day = dayWindowAt(at, timeZone)!;
      expect(day).not.toBeNull();
      expect(day.id).toBe(intlDayId(at, timeZone));
      expect(day.start).toBeLessThanOrEqual(at);
      expect(day.end).toBeGreaterThan(at);
      expect(intlDayId(day.start, timeZone)).toBe(day.id);
      expect(intlDayId(day.end - 1, timeZone)).toBe(day.id);
      expect(intlDayId(day.start - 1, timeZone)).not.toBe(day.id);
      expect(intlDayId(day.end, timeZone)).not.toBe(day.id);
    }
  });
  it('a zone Intl does not know has none', () => {
    expect(dayWindowAt(Date.now(), 'Not/A_Zone')).toBeNull();
  });
});

describe('a known day answers its id without Intl', () => {
  it('inside the day, of that zone: the same id, and no formatter asked', () => {
    const at = Date.parse('2026-03-08T12:00:00Z');
    const day = dayWindowAt(at, 'America/New_York')!;
    setKnownDays([day]);
    const instants = [day.start, at, day.end - 1];
    const expected = instants.map((t) => intlDayId(t, 'America/New_York'));
    const parts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(instants.map((t) => sessionIdAt(t, 'America/New_York'))).toEqual(expected);
    expect(expected).toEqual(['2026-03-08', '2026-03-08', '2026-03-08']);
    expect(parts).not.toHaveBeenCalled();
  });
  it('outside it, or in another zone: Intl answers, rightly', () => {
    const at = Date.parse('2026-03-08T12:00:00Z');
    const day = dayWindowAt(at, 'America/New_York')!;
    setKnownDays([day]);
    const parts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(sessionIdAt(day.end, 'America/New_York')).toBe('2026-03-09');
    expect(sessionIdAt(day.start - 1, 'America/New_York')).toBe('2026-03-07');
    expect(sessionIdAt(at, 'Asia/Shanghai')).toBe('2026-03-08');
    expect(parts).toHaveBeenCalledTimes(3);
  });
  it('a damaged day is not taken', () => {
    const at = Date.parse('2026-03-08T12:00:00Z');
    setKnownDays([
      { timeZone: 'America/New_York', id: 'soon', start: at - 1, end: at + 1 },
      { timeZone: 'America/New_York', id: '2026-01-01', start: at + 1, end: at - 1 },
    ]);
    expect(sessionIdAt(at, 'America/New_York')).toBe('2026-03-08');
  });
});

describe('sessions older than 30 days are removable', () => {
  it('keeps a session exactly 30 days old and expires one of 31', () => {
    expect(isSessionExpired('2026-10-23', '2026-11-22')).toBe(false);
    expect(isSessionExpired('2026-10-22', '2026-11-22')).toBe(true);
  });
});
