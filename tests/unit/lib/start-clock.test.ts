// The clock a start keeps for the next (lib/start-clock.ts): today's id and the way times are written,
// read back before the first message paints, without making the page's first Intl formatter.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatClockTime, setKnownTimePattern } from '@/domain/clock-time';
import { sessionIdAt, setKnownDays } from '@/domain/day-session';
import { rememberStartClock } from '@/lib/remember-start-clock';
import { primeStartClock, START_CLOCK_KEY } from '@/lib/start-clock';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

/** What a new page knows before anything is primed. */
function newStart(): void {
  setKnownDays([]);
  setKnownTimePattern(null);
}

afterEach(() => {
  newStart();
  vi.restoreAllMocks();
});

const ZONE = 'America/New_York';
const NOW = Date.parse('2026-11-30T15:00:00Z');

describe('the next start reads today and the times without Intl', () => {
  it('what one start kept, the next answers from: the same id and time, no formatter asked', () => {
    const storage = memoryStorage();
    const expectedId = sessionIdAt(NOW, ZONE);
    const expectedTime = formatClockTime(NOW);
    rememberStartClock(ZONE, NOW, storage);
    expect(storage.values.has(START_CLOCK_KEY)).toBe(true);

    newStart();
    primeStartClock(storage);
    const prototype = Intl.DateTimeFormat.prototype;
    const parts = vi.spyOn(prototype, 'formatToParts');
    const format = vi.spyOn(prototype as unknown as { format: unknown }, 'format', 'get');
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    expect(sessionIdAt(NOW, ZONE)).toBe(expectedId);
    expect(formatClockTime(NOW)).toBe(expectedTime);
    expect(made).not.toHaveBeenCalled();
    expect(parts).not.toHaveBeenCalled();
    expect(format).not.toHaveBeenCalled();
  });

  it('tomorrow is kept too: the first start of the next day needs no formatter either', () => {
    const storage = memoryStorage();
    rememberStartClock(ZONE, NOW, storage);
    newStart();
    primeStartClock(storage);
    const parts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(sessionIdAt(NOW + 86_400_000, ZONE)).toBe('2026-12-01');
    expect(parts).not.toHaveBeenCalled();
    // The day after that was not kept: Intl answers it.
    expect(sessionIdAt(NOW + 2 * 86_400_000, ZONE)).toBe('2026-12-02');
    expect(parts).toHaveBeenCalled();
  });

  it('another zone is answered by Intl, rightly', () => {
    const storage = memoryStorage();
    rememberStartClock(ZONE, NOW, storage);
    newStart();
    primeStartClock(storage);
    // 15:00 UTC is already the next day in Kiritimati (UTC+14).
    expect(sessionIdAt(Date.parse('2026-11-30T12:00:00Z'), 'Pacific/Kiritimati')).toBe(
      '2026-12-01',
    );
  });

  it('a pattern kept for other languages is not used', () => {
    const storage = memoryStorage();
    rememberStartClock(ZONE, NOW, storage);
    const kept = JSON.parse(storage.values.get(START_CLOCK_KEY)!) as Record<string, unknown>;
    storage.values.set(START_CLOCK_KEY, JSON.stringify({ ...kept, languages: 'xx-XX' }));
    newStart();
    primeStartClock(storage);
    const format = vi.spyOn(
      Intl.DateTimeFormat.prototype as unknown as { format: unknown },
      'format',
      'get',
    );
    formatClockTime(NOW);
    expect(format).toHaveBeenCalled();
  });

  it('damaged or refused storage changes nothing: Intl answers, nothing throws', () => {
    const damaged = memoryStorage();
    damaged.values.set(START_CLOCK_KEY, '{"days": [{"id": 3}], "pattern": {"parts": 1}');
    expect(() => primeStartClock(damaged)).not.toThrow();
    damaged.values.set(START_CLOCK_KEY, '{"days": [{"id": 3}], "pattern": {"parts": 1}}');
    expect(() => primeStartClock(damaged)).not.toThrow();
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => primeStartClock(refusing)).not.toThrow();
    expect(() => rememberStartClock(ZONE, NOW, refusing)).not.toThrow();
    expect(sessionIdAt(NOW, ZONE)).toBe('2026-11-30');
  });
});
