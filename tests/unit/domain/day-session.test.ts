import { describe, expect, it } from 'vitest';
import { isSessionExpired, sessionIdAt, sessionTitle } from '@/domain/day-session';

describe('session id rolls at the UTC+8 day boundary', () => {
  it('is still the old day at 15:59:59 UTC', () => {
    expect(sessionIdAt(new Date('2026-11-21T15:59:59Z'))).toBe('2026-11-21');
  });
  it('is the next day at 16:00:00 UTC', () => {
    expect(sessionIdAt(new Date('2026-11-21T16:00:00Z'))).toBe('2026-11-22');
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
