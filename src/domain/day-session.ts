// Day sessions (spec 000 §3.9, §4, §9): one session a day, its id the date in the owner's time zone.
// Intl alone (no date library): the opening snapshot (src/snapshot.ts) computes today's id before the
// app's code has loaded, and every byte of its script delays the first message painted. The first
// Intl.DateTimeFormat a page makes costs some 20 ms (ICU starting up), so a start reads today's id
// from the days the last start worked out (knownDays, kept by lib/start-clock.ts) when it can.

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
export const DAY_CHECK_INTERVAL_MS = 60_000;
export const NEW_DAY_BANNER_MS = 5_000;
export const SESSION_RETENTION_DAYS = 30;

/** One day of one zone as a span of time: every instant in [start, end) has the id `id` there. */
export interface DayWindow {
  timeZone: string;
  id: string;
  start: number;
  end: number;
}

let knownDays: readonly DayWindow[] = [];

/**
 * Days worked out before (day-window.ts): sessionIdAt answers for an instant inside one without Intl.
 * Anything that is not a day (a damaged copy from storage) is left out.
 */
export function setKnownDays(days: readonly unknown[]): void {
  knownDays = days.filter(isDayWindow);
}

/** `yyyy-MM-dd` of the given instant in the owner's zone: the day rolls at that zone's midnight. */
export function sessionIdAt(instant: Date | number, timeZone = DEFAULT_TIME_ZONE): string {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  for (const day of knownDays) {
    if (day.timeZone === timeZone && at >= day.start && at < day.end) return day.id;
  }
  return dayIdFromIntl(at, timeZone);
}

/** sessionIdAt as Intl answers it, whatever days are known (for working the days out: day-window.ts). */
export function dayIdFromIntl(at: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of dayFormat(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const DAY_ID = /^\d{4}-\d{2}-\d{2}$/;

export function isDayWindow(value: unknown): value is DayWindow {
  const day = value as Partial<DayWindow> | null;
  return (
    typeof day === 'object' &&
    day !== null &&
    typeof day.timeZone === 'string' &&
    typeof day.id === 'string' &&
    DAY_ID.test(day.id) &&
    Number.isSafeInteger(day.start) &&
    Number.isSafeInteger(day.end) &&
    day.start! < day.end!
  );
}

/** Formatters are costly to make: one per zone, made on first use. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-US with numeric parts: digits are Latin and the year is the proleptic Gregorian one.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The session's title: the long date of its day in English, e.g. 'Sunday, November 22, 2026' (what
 * en-US Intl writes, a test checks; written out here because the list's first render shows it, and
 * the first Intl formatter of a page is slow to make).
 */
export function sessionTitle(sessionId: string): string {
  const [year, month, day] = sessionId.split('-').map(Number) as [number, number, number];
  // Noon UTC of that calendar day names the same weekday in every zone, so the title never drifts.
  const date = new Date(Date.UTC(year, month - 1, day, 12));
  // As Intl's format of an invalid date: a broken id is a fault to see, not a title to show.
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a day: ${sessionId}`);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Whether a session's day is more than the retention window before today's (it may be removed). */
export function isSessionExpired(sessionId: string, todayId: string): boolean {
  const dayMs = (id: string) => {
    const [y, m, d] = id.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return dayMs(todayId) - dayMs(sessionId) > SESSION_RETENTION_DAYS * 86_400_000;
}
