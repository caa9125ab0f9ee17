import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatClockTime, isTimePattern, setKnownTimePattern } from '@/domain/clock-time';
import { learnTimePattern } from '@/domain/time-pattern-learning';

afterEach(() => {
  setKnownTimePattern(null);
  vi.restoreAllMocks();
});

const OPTIONS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const LOCALES = ['en-US', 'en-GB', 'de-DE', 'ja-JP', 'zh-TW', 'ko-KR', 'ar-EG', 'hi-IN', 'fa-IR'];

/** Every minute of a local day, from its midnight. */
function minutesOf(year: number, month: number, day: number): number[] {
  const start = new Date(year, month - 1, day).getTime();
  return Array.from({ length: 24 * 60 }, (_, minute) => start + minute * 60_000);
}

describe('a learned time pattern writes the times as Intl does', () => {
  it.each(LOCALES)('%s: every minute of two other days, one with a change of clock', (locale) => {
    const intl = new Intl.DateTimeFormat(locale, OPTIONS);
    const pattern = learnTimePattern(intl);
    expect(pattern).not.toBeNull();
    setKnownTimePattern(pattern);
    for (const at of [...minutesOf(2026, 3, 8), ...minutesOf(2026, 11, 30)]) {
      expect(formatClockTime(at)).toBe(intl.format(at));
    }
  });

  it('with a pattern known, the times are written without Intl', () => {
    setKnownTimePattern(learnTimePattern(new Intl.DateTimeFormat('en-US', OPTIONS)));
    const at = new Date(2026, 10, 30, 13, 5).getTime();
    const format = vi.spyOn(
      Intl.DateTimeFormat.prototype as unknown as { format: unknown },
      'format',
      'get',
    );
    const parts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(formatClockTime(at)).toBe('1:05 PM');
    expect(format).not.toHaveBeenCalled();
    expect(parts).not.toHaveBeenCalled();
  });

  it('without one, the device formatter writes them', () => {
    const at = new Date(2026, 10, 30, 13, 5).getTime();
    expect(formatClockTime(at)).toBe(new Intl.DateTimeFormat(undefined, OPTIONS).format(at));
  });
});

describe('a pattern that would write a time otherwise than Intl is not learned', () => {
  it('a locale that says "noon" at 12:00 and PM otherwise', () => {
    const intl = new Intl.DateTimeFormat('en-US', OPTIONS);
    const noonAware = {
      formatToParts: (at: number) => intl.formatToParts(at),
      format: (at: number) => {
        const date = new Date(at);
        return date.getHours() === 12 && date.getMinutes() === 0 ? 'noon' : intl.format(at);
      },
    } as unknown as Intl.DateTimeFormat;
    expect(learnTimePattern(noonAware)).toBeNull();
  });

  it('parts that do not spell the text', () => {
    const intl = new Intl.DateTimeFormat('en-US', OPTIONS);
    const odd = {
      formatToParts: (at: number) => intl.formatToParts(at),
      format: (at: number) => `${intl.format(at)}!`,
    } as unknown as Intl.DateTimeFormat;
    expect(learnTimePattern(odd)).toBeNull();
  });

  it('a damaged pattern is refused and the device formatter writes the times', () => {
    const pattern = learnTimePattern(new Intl.DateTimeFormat('en-US', OPTIONS))!;
    const damaged = { ...pattern, hours: pattern.hours.slice(0, 12) };
    expect(isTimePattern(damaged)).toBe(false);
    setKnownTimePattern(damaged);
    const at = new Date(2026, 10, 30, 20, 5).getTime();
    expect(formatClockTime(at)).toBe(new Intl.DateTimeFormat(undefined, OPTIONS).format(at));
  });
});
