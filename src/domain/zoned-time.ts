// Wall-clock time in a time zone and back, with Intl alone (no date library reaches the chat's code).
// One implementation for the device (reminder presets) and the server (the scheduler, 'remind me'
// phrases): a wall time is turned into an instant through the zone's offset around it, so a DST change
// is counted right.

export interface WallTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    wallFormats.set(timeZone, format);
  }
  return format;
}

/** The clock on the wall in `timeZone` at `instant` (seconds dropped). */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of wallFormat(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    // Some engines still say 24 for midnight despite h23.
    hour: parts.hour! % 24,
    minute: parts.minute!,
  };
}

function sameWall(a: WallTime, b: WallTime): boolean {
  return (
    a.year === b.year &&
    a.month === b.month &&
    a.day === b.day &&
    a.hour === b.hour &&
    a.minute === b.minute
  );
}

/** The zone's offset from UTC at `instant`, in ms (wall clock minus UTC). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - (instant - (((instant % 60_000) + 60_000) % 60_000));
}

/**
 * The instant a wall-clock time in `timeZone` names. Across a daylight-saving change: a time that
 * occurs twice (clocks go back) is the first of the two; a time that does not exist (clocks jump
 * forward) is moved forward by the jump (02:30 on a spring-forward night in New York is 03:30), as a
 * wall clock would show it.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): number {
  // Normalises overflow (day 32, hour 24) the way Date.UTC does.
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const normal = wallTimeAt(guess, 'UTC');
  const before = offsetAt(guess - 86_400_000, timeZone);
  const after = offsetAt(guess + 86_400_000, timeZone);
  const valid = [...new Set([before, after])]
    .map((offset) => guess - offset)
    .filter((instant) => sameWall(wallTimeAt(instant, timeZone), normal));
  if (valid.length > 0) return Math.min(...valid);
  return guess - before;
}

/** The zone's offset from UTC at `instant`, in minutes (480 for Asia/Shanghai). */
export function offsetMinutesAt(instant: number, timeZone: string): number {
  return Math.round(offsetAt(instant, timeZone) / 60_000);
}

/** The hour (0..23) at `instant` in `timeZone`. */
export function hourAt(instant: number, timeZone: string): number {
  return wallTimeAt(instant, timeZone).hour;
}
