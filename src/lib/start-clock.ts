// What a start needs of the clock before the first message paints (today's day id in the owner's
// zone, the device's way of writing a time) without paying for the page's first Intl formatter, some
// 20 ms of ICU starting up (docs/chat-client.md, "Cold start"): each start works both out with Intl
// once it has painted and keeps them in localStorage (remember-start-clock.ts, loaded then); the next
// start reads them back first thing (here).
// Nothing here decides a day or a time: the day windows and the pattern are Intl's own answers,
// checked when made (domain/day-session.ts, domain/clock-time.ts), and used only where they apply.
import { setKnownTimePattern } from '@/domain/clock-time';
import { setKnownDays } from '@/domain/day-session';

export const START_CLOCK_KEY = 'kiri-start-clock';

export interface StartClock {
  /** The device's languages when the pattern was learned: another language, another pattern. */
  languages: string;
  pattern: unknown;
  days: unknown;
}

export function deviceLanguages(): string {
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
    // The setters leave out what is damaged.
    if (Array.isArray(kept.days)) setKnownDays(kept.days);
    if (kept.languages === deviceLanguages()) setKnownTimePattern(kept.pattern);
  } catch {
    // Storage refused or the value is damaged: this start asks Intl, as without it.
  }
}
