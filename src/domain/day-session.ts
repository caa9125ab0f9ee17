// Day sessions (spec 000 §3.9, §4, §9): one session a day, its id the date in the owner's time zone.
// Intl alone (no date library): the opening snapshot (src/snapshot.ts) computes today's id before the
// app's code has loaded, and every byte of its script delays the first message painted.

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
export const DAY_CHECK_INTERVAL_MS = 60_000;
export const NEW_DAY_BANNER_MS = 5_000;
export const SESSION_RETENTION_DAYS = 30;

/** `yyyy-MM-dd` of the given instant in the owner's zone: the day rolls at that zone's midnight. */
export function sessionIdAt(instant: Date | number, timeZone = DEFAULT_TIME_ZONE): string {
  const parts: Record<string, string> = {};
  for (const part of dayFormat(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
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

let titleFormat: Intl.DateTimeFormat | undefined;

/** The session's title: the long date of its day, e.g. 'Sunday, November 22, 2026'. */
export function sessionTitle(sessionId: string): string {
  const [year, month, day] = sessionId.split('-').map(Number) as [number, number, number];
  // Noon UTC of that calendar day names the same weekday in every zone, so the title never drifts.
  titleFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  return titleFormat.format(Date.UTC(year, month - 1, day, 12));
}

/** Whether a session's day is more than the retention window before today's (it may be removed). */
export function isSessionExpired(sessionId: string, todayId: string): boolean {
  const dayMs = (id: string) => {
    const [y, m, d] = id.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return dayMs(todayId) - dayMs(sessionId) > SESSION_RETENTION_DAYS * 86_400_000;
}
