// The time of day beside a message ('1:05 PM', '13:05', '午後1:05'), in the device's locale and zone,
// as Intl.DateTimeFormat writes it with { hour: 'numeric', minute: '2-digit' }. The first Intl
// formatter a page makes costs some 20 ms (ICU starting up), on the path to the first message painted,
// so a start writes the times from the pattern the last start learned from Intl (lib/start-clock.ts,
// time-pattern-learning.ts), and makes its own formatter only when there is none.

/** One piece of the time as the locale writes it, in its order. */
export type TimePart =
  | { type: 'hour' }
  | { type: 'minute' }
  | { type: 'dayPeriod' }
  | { type: 'literal'; value: string };

/** How the locale writes every hour and minute of the day; learned from Intl (learnTimePattern). */
export interface TimePattern {
  parts: TimePart[];
  /** What is written for each hour of the day, 0 to 23 ('12', '1', … or '00', '01', …). */
  hours: string[];
  /** The day period of each hour ('AM', 'PM', '午前', …), '' where the locale writes none. */
  dayPeriods: string[];
  /** What is written for each minute, 0 to 59. */
  minutes: string[];
}

const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

let knownPattern: TimePattern | null = null;
let format: Intl.DateTimeFormat | undefined;

/** The pattern to write times with from now on; null or anything not a pattern: Intl's formatter. */
export function setKnownTimePattern(pattern: unknown): void {
  knownPattern = isTimePattern(pattern) ? pattern : null;
}

/** The device's formatter for the list's times, made on first use. */
export function timeFormat(): Intl.DateTimeFormat {
  format ??= new Intl.DateTimeFormat(undefined, TIME_OPTIONS);
  return format;
}

/** A message's time stamp as the list shows it, in the device's locale. */
export function formatClockTime(timestamp: number): string {
  if (!knownPattern) return timeFormat().format(timestamp);
  const date = new Date(timestamp);
  return writeTime(knownPattern, date.getHours(), date.getMinutes());
}

/** The time as the pattern writes it, for an hour (0 to 23) and a minute. */
export function writeTime(pattern: TimePattern, hour: number, minute: number): string {
  let text = '';
  for (const part of pattern.parts) {
    if (part.type === 'literal') text += part.value;
    else if (part.type === 'hour') text += pattern.hours[hour];
    else if (part.type === 'minute') text += pattern.minutes[minute];
    else text += pattern.dayPeriods[hour];
  }
  return text;
}

const PART_TYPES = new Set(['hour', 'minute', 'dayPeriod', 'literal']);

function isStringList(value: unknown, length: number): value is string[] {
  return (
    Array.isArray(value) && value.length === length && value.every((v) => typeof v === 'string')
  );
}

export function isTimePattern(value: unknown): value is TimePattern {
  const pattern = value as Partial<TimePattern> | null;
  return (
    typeof pattern === 'object' &&
    pattern !== null &&
    Array.isArray(pattern.parts) &&
    pattern.parts.every(
      (part: Partial<TimePart> & { value?: unknown }) =>
        typeof part === 'object' &&
        part !== null &&
        PART_TYPES.has(part.type as string) &&
        (part.type !== 'literal' || typeof part.value === 'string'),
    ) &&
    isStringList(pattern.hours, 24) &&
    isStringList(pattern.dayPeriods, 24) &&
    isStringList(pattern.minutes, 60)
  );
}
