// The other half of lib/start-clock.ts, loaded with import() once the chat has painted: works out with
// Intl what the next start reads back, and keeps it.
import { setKnownTimePattern } from '@/domain/clock-time';
import { setKnownDays, type DayWindow } from '@/domain/day-session';
import { dayWindowAt } from '@/domain/day-window';
import { learnDeviceTimePattern } from '@/domain/time-pattern-learning';
import { deviceLanguages, START_CLOCK_KEY, type StartClock } from './start-clock';

/**
 * Works out today's and tomorrow's days in the owner's zone and the device's time pattern, uses them
 * from now on, and keeps them for the next start. Call it after the first paint: it makes the page's
 * Intl formatters.
 */
export function rememberStartClock(
  timeZone: string,
  now: number = Date.now(),
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  const days: DayWindow[] = [];
  const today = dayWindowAt(now, timeZone);
  if (today) {
    days.push(today);
    const tomorrow = dayWindowAt(today.end, timeZone);
    if (tomorrow) days.push(tomorrow);
  }
  const pattern = learnDeviceTimePattern();
  setKnownDays(days);
  setKnownTimePattern(pattern);
  try {
    const kept: StartClock = { languages: deviceLanguages(), pattern, days };
    storage.setItem(START_CLOCK_KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, quota): the next start asks Intl.
  }
}
