// The owner's clock: time of day, a readable date for the prompt, and "how long ago" for memories.

export type DayPart = 'morning' | 'afternoon' | 'evening' | 'late_night';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

function hourFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: 'UTC',
        hour: 'numeric',
        hourCycle: 'h23',
      });
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * What a formatter said within one UTC minute, per zone and format: every chat asks for the hour, the
 * clock time and the date, and formatting costs more than the rest of the engine's reading of the
 * message. Exact for any zone whose offset is whole minutes (every zone since the 1970s).
 */
function minuteMemo<T>(compute: (now: number, timeZone: string) => T) {
  const last = new Map<string, { minute: number; value: T }>();
  return (now: number, timeZone: string): T => {
    const minute = Math.floor(now / MINUTE);
    const seen = last.get(timeZone);
    if (seen && seen.minute === minute) return seen.value;
    const value = compute(now, timeZone);
    if (!seen && last.size >= 64) last.clear();
    last.set(timeZone, { minute, value });
    return value;
  };
}

/** The hour (0..23) at `now` in `timeZone` (UTC when the zone is unknown). */
export const hourIn = minuteMemo(hourAt);

function hourAt(now: number, timeZone: string): number {
  const hour = hourFormatter(timeZone)
    .formatToParts(new Date(now))
    .find((part) => part.type === 'hour')?.value;
  const value = Number(hour);
  return Number.isFinite(value) ? value % 24 : new Date(now).getUTCHours();
}

/** morning 05–11, afternoon 12–16, evening 17–21, late night 22–04. */
export function dayPartOf(hour: number): DayPart {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  if (hour >= 17 && hour < 22) return 'evening';
  return 'late_night';
}

export function dayPartLabel(part: DayPart): string {
  return part === 'late_night' ? 'late night' : part;
}

const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Formats `now` in the zone (UTC when the zone is unknown), with a cached formatter: building an
 * Intl.DateTimeFormat costs far more than using one, and this runs on every chat request.
 */
function formatInZone(
  now: number,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): { text: string; zone: string } {
  for (const zone of [timeZone, 'UTC']) {
    const key = `${zone}|${JSON.stringify(options)}`;
    let formatter = zonedFormatters.get(key);
    if (!formatter) {
      try {
        formatter = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone });
      } catch {
        continue;
      }
      zonedFormatters.set(key, formatter);
    }
    return { text: formatter.format(new Date(now)), zone };
  }
  throw new Error('UTC is always a valid time zone');
}

/** e.g. 'Monday, 3 March 2025, 07:15 (Asia/Shanghai)'. */
export function describeNow(now: number, timeZone: string): string {
  const { text, zone } = formatInZone(now, timeZone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${text} (${zone})`;
}

/** The clock time alone, e.g. '07:15', in the owner's zone. */
export const clockTime = minuteMemo(
  (now: number, timeZone: string): string =>
    formatInZone(now, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).text,
);

/** The weekday and date alone, e.g. 'Monday, 3 March', in the owner's zone. */
export const calendarDay = minuteMemo(
  (now: number, timeZone: string): string =>
    formatInZone(now, timeZone, { weekday: 'long', day: 'numeric', month: 'long' }).text,
);

/** 'a little while ago', 'earlier today', 'yesterday', '3 days ago', '2 weeks ago', '4 months ago'. */
export function timeAgo(then: number, now: number): string {
  const elapsed = now - then;
  if (!Number.isFinite(elapsed) || elapsed < 0) return 'a little while ago';
  if (elapsed < 2 * HOUR) return 'a little while ago';
  if (elapsed < DAY) return 'earlier today';
  if (elapsed < 2 * DAY) return 'yesterday';
  if (elapsed < 14 * DAY) return `${Math.floor(elapsed / DAY)} days ago`;
  if (elapsed < 60 * DAY) return `${Math.floor(elapsed / (7 * DAY))} weeks ago`;
  if (elapsed < 730 * DAY) return `${Math.floor(elapsed / (30 * DAY))} months ago`;
  return `${Math.floor(elapsed / (365 * DAY))} years ago`;
}
