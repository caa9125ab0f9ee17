// Wall-clock time in TIME_ZONE and back, with Intl alone: a wall time is turned into an instant through
// the zone's offset at that instant, so a DST change between now and then is counted right.

export interface WallClock {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formats.set(timeZone, format);
  }
  return format;
}

function partsAt(instant: number, timeZone: string): WallClock & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The wall clock at `instant` in `timeZone`. */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  const { second: _second, ...wall } = partsAt(instant, timeZone);
  return wall;
}

/** The zone's offset from UTC at `instant`, in minutes (480 for Asia/Shanghai). */
export function offsetMinutesAt(instant: number, timeZone: string): number {
  const p = partsAt(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - (instant - (instant % 1000))) / 60_000);
}

/**
 * The instant the wall clock shows `wall` in `timeZone`. A wall time that a DST change skips is read
 * with the offset before the change (02:30 on a spring-forward night is 03:30); one that happens twice
 * (fall back) is its first occurrence.
 */
export function instantOfWallClock(wall: WallClock, timeZone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = asUtc - offsetMinutesAt(asUtc, timeZone) * 60_000;
  const second = asUtc - offsetMinutesAt(first, timeZone) * 60_000;
  const shows = (instant: number) => {
    const at = wallClockAt(instant, timeZone);
    return at.day === wall.day && at.hour === wall.hour && at.minute === wall.minute;
  };
  const valid = [first, second].filter(shows);
  // Skipped by the clock (spring forward): the later candidate is the same wall time, one hour on.
  return valid.length > 0 ? Math.min(...valid) : Math.max(first, second);
}

/** The hour (0..23) at `instant` in `timeZone`. */
export function hourAt(instant: number, timeZone: string): number {
  return partsAt(instant, timeZone).hour;
}
