// The time of day beside a message ('1:05 PM', '13:05', '午後1:05'), in the device's locale and zone,
// as Intl.DateTimeFormat writes it with { hour: 'numeric', minute: '2-digit' }. The first Intl
// formatter a page makes costs some 20 ms (ICU starting up), on the path to the first message painted,
// so a start writes the times from the pattern the last start learned from Intl (lib/start-clock.ts),
// and makes its own formatter only when there is none.

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

/** The pattern to write times with from now on (null: Intl's own formatter). */
export function setKnownTimePattern(pattern: TimePattern | null): void {
  knownPattern = pattern && isTimePattern(pattern) ? pattern : null;
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

function writeTime(pattern: TimePattern, hour: number, minute: number): string {
  let text = '';
  for (const part of pattern.parts) {
    if (part.type === 'literal') text += part.value;
    else if (part.type === 'hour') text += pattern.hours[hour];
    else if (part.type === 'minute') text += pattern.minutes[minute];
    else text += pattern.dayPeriods[hour];
  }
  return text;
}

/**
 * The pattern `format` writes times with, learned from its parts for each hour and minute of one day,
 * then checked against its own text for every minute of that day: null when the pattern would write
 * any of them differently (a locale whose day periods change within an hour, say), so that a pattern
 * in use always writes what Intl would.
 */
export function learnTimePattern(format: Intl.DateTimeFormat): TimePattern | null {
  try {
    // A day with no change of clock anywhere (1 January 2001, local time).
    const at = (hour: number, minute: number) => new Date(2001, 0, 1, hour, minute).getTime();
    const partsAt = (hour: number, minute: number) => writtenParts(format, at(hour, minute));
    const parts: TimePart[] = partsAt(13, 5).map((part) =>
      part.type === 'hour' || part.type === 'minute' || part.type === 'dayPeriod'
        ? { type: part.type }
        : { type: 'literal', value: part.value },
    );
    const valueOf = (found: Intl.DateTimeFormatPart[], type: string) =>
      found.find((part) => part.type === type)?.value ?? '';
    const hours: string[] = [];
    const dayPeriods: string[] = [];
    for (let hour = 0; hour < 24; hour++) {
      const found = partsAt(hour, 5);
      hours.push(valueOf(found, 'hour'));
      dayPeriods.push(valueOf(found, 'dayPeriod'));
    }
    const minutes: string[] = [];
    for (let minute = 0; minute < 60; minute++)
      minutes.push(valueOf(partsAt(13, minute), 'minute'));
    const pattern: TimePattern = { parts, hours, dayPeriods, minutes };
    for (let hour = 0; hour < 24; hour++) {
      for (let minute = 0; minute < 60; minute++) {
        if (writeTime(pattern, hour, minute) !== format.format(at(hour, minute))) return null;
      }
    }
    return pattern;
  } catch {
    return null;
  }
}

/**
 * The parts of the time as `format` writes it. Their text is cut from format()'s own: V8 may write a
 * character there that formatToParts does not (Node 20 writes 'AM' after a plain space, its parts a
 * narrow no-break space), and the list shows format()'s.
 */
function writtenParts(format: Intl.DateTimeFormat, at: number): Intl.DateTimeFormatPart[] {
  const parts = format.formatToParts(at);
  const text = format.format(at);
  if (parts.reduce((length, part) => length + part.value.length, 0) !== text.length) {
    throw new Error('The parts do not spell the text');
  }
  let from = 0;
  return parts.map((part) => {
    const value = text.slice(from, from + part.value.length);
    from += part.value.length;
    return { type: part.type, value };
  });
}

/** The device's own pattern for the list's times, or null (see learnTimePattern). */
export function learnDeviceTimePattern(): TimePattern | null {
  return learnTimePattern(timeFormat());
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
