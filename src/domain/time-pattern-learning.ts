// Learning how the device writes a time of day from Intl (a TimePattern, domain/clock-time.ts), checked
// minute by minute: what a start keeps for the next (lib/start-clock.ts). Loaded after the first paint.
import { timeFormat, writeTime, type TimePart, type TimePattern } from './clock-time';

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
    for (let minute = 0; minute < 60; minute++) {
      minutes.push(valueOf(partsAt(13, minute), 'minute'));
    }
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
