// What a start needs of the clock before the first message paints (today's day id in the owner's
// zone, the device's way of writing a time) without paying for the page's first Intl formatter, some
// 20 ms of ICU starting up (docs/chat-client.md, "Cold start"): each start works both out with Intl
// once it has painted and keeps them in localStorage; the next start reads them back first thing.
// Nothing here decides a day or a time: the day windows and the pattern are Intl's own answers,
// checked when made (domain/day-session.ts, domain/clock-time.ts), and used only where they apply.
import { isTimePattern, learnDeviceTimePattern, setKnownTimePattern } from '@/domain/clock-time';
import { dayWindowAt, isDayWindow, setKnownDays, type DayWindow } from '@/domain/day-session';

export const START_CLOCK_KEY = 'kiri-start-clock';

interface StartClock {
  /** The device's languages when the pattern was learned: another language, another pattern. */
  languages: string;
  pattern: unknown;
  days: unknown;
}

function deviceLanguages(): string {
  return typeof navigator === 'undefined'
    ? ''
    : (navigator.languages ?? [navigator.language]).join(',');
}

/** Reads what the last start kept; anything missing, damaged or of other languages is left out. */
export function primeStartClock(storage: Pick<Storage, 'getItem'> = localStorage): void {
  try {
    const kept = JSON.parse(
      storage.getItem(START_CLOCK_KEY) ?? 'null',
    ) as Partial<StartClock> | null;
    if (!kept || typeof kept !== 'object') return;
    if (Array.isArray(kept.days)) setKnownDays(kept.days.filter(isDayWindow));
    if (kept.languages === deviceLanguages() && isTimePattern(kept.pattern)) {
      setKnownTimePattern(kept.pattern);
    }
  } catch {
    // Storage refused or the value is damaged: this start asks Intl, as without it.
  }
}

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
