import { describe, expect, it } from 'vitest';
import { isSessionExpired, sessionIdAt, sessionTitle } from '@/domain/day-session';

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
});

describe('sessions older than 30 days are removable', () => {
  it('keeps a session exactly 30 days old and expires one of 31', () => {
    expect(isSessionExpired('2026-10-23', '2026-11-22')).toBe(false);
    expect(isSessionExpired('2026-10-22', '2026-11-22')).toBe(true);
  });
});
