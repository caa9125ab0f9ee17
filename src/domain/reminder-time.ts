// When a reminder is due (issue 10, 'Set Reminder'): the dialog's choices computed in the owner's zone
// (TIME_ZONE, not the phone's), and the chosen date and time read in that zone too. Intl alone, like
// day-session.ts: no date library reaches the chat's code for four presets.

import { instantOfWallTime, wallTimeAt, type WallTime } from './zoned-time';

export { instantOfWallTime, wallTimeAt, type WallTime };

export const REMINDER_HOUR_MS = 60 * 60 * 1000;
/** 'This evening' is 20:00 (the evening check-in's hour, spec 002 §9). */
export const EVENING_HOUR = 20;
/** 'Tomorrow morning' is 09:00 (the morning greeting's hour). */
export const MORNING_HOUR = 9;

export type ReminderPreset = 'in-an-hour' | 'this-evening' | 'tomorrow-morning';

/** The same wall time `days` calendar days later (or earlier) in the zone. */
function addDays(wall: WallTime, days: number): WallTime {
  const moved = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return {
    ...wall,
    year: moved.getUTCFullYear(),
    month: moved.getUTCMonth() + 1,
    day: moved.getUTCDate(),
  };
}

/** Today's date in the zone at `hour`:00. */
function todayAt(now: number, timeZone: string, hour: number): WallTime {
  return { ...wallTimeAt(now, timeZone), hour, minute: 0 };
}

/**
 * When a preset is due. In an hour: now plus 60 minutes. This evening: 20:00 today in the owner's
 * zone, or 20:00 tomorrow once today's has passed. Tomorrow morning: 09:00 on the next calendar day in
 * the owner's zone (at 00:30 that is the morning after the coming one: the label promises tomorrow).
 */
export function presetDueAt(preset: ReminderPreset, now: number, timeZone: string): number {
  switch (preset) {
    case 'in-an-hour':
      return now + REMINDER_HOUR_MS;
    case 'this-evening': {
      const today = instantOfWallTime(todayAt(now, timeZone, EVENING_HOUR), timeZone);
      if (today > now) return today;
      return instantOfWallTime(addDays(todayAt(now, timeZone, EVENING_HOUR), 1), timeZone);
    }
    case 'tomorrow-morning':
      return instantOfWallTime(addDays(todayAt(now, timeZone, MORNING_HOUR), 1), timeZone);
  }
}

/** Whether 'this evening' has rolled over to tomorrow (the dialog then says 'Tomorrow evening'). */
export function eveningIsTomorrow(now: number, timeZone: string): boolean {
  return instantOfWallTime(todayAt(now, timeZone, EVENING_HOUR), timeZone) <= now;
}

export const CHOSEN_TIME_MISSING = 'Choose a date and time.';
export const CHOSEN_TIME_PAST = 'That time has already passed. Choose a time in the future.';

export type ChosenTime = { ok: true; dueAt: number } | { ok: false; error: string };

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;

/**
 * A native datetime-local value ('2026-11-24T18:30') read as a wall time in the owner's zone. A time
 * not after `now` is refused: a reminder for the past would fire at once, which is not what was asked.
 */
export function chosenDueAt(value: string, now: number, timeZone: string): ChosenTime {
  const match = INPUT_VALUE.exec(value.trim());
  if (!match) return { ok: false, error: CHOSEN_TIME_MISSING };
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) {
    return { ok: false, error: CHOSEN_TIME_MISSING };
  }
  const dueAt = instantOfWallTime({ year, month, day, hour, minute }, timeZone);
  if (dueAt <= now) return { ok: false, error: CHOSEN_TIME_PAST };
  return { ok: true, dueAt };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The datetime-local value of an instant in the zone ('yyyy-MM-ddTHH:mm'): the input's min and default. */
export function inputValueAt(instant: number, timeZone: string): string {
  const w = wallTimeAt(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const labelFormats = new Map<string, { time: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();

/**
 * How a due time reads, in the owner's zone: 'Today, 8:00 PM', 'Tomorrow, 9:00 AM', or
 * 'Wed, Dec 2, 9:00 AM' further out.
 */
export function dueLabel(dueAt: number, now: number, timeZone: string): string {
  let formats = labelFormats.get(timeZone);
  if (!formats) {
    formats = {
      time: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }),
      date: new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
      }),
    };
    labelFormats.set(timeZone, formats);
  }
  const time = formats.time.format(dueAt);
  const day = wallTimeAt(dueAt, timeZone);
  const today = wallTimeAt(now, timeZone);
  const same = (a: WallTime, b: WallTime) =>
    a.year === b.year && a.month === b.month && a.day === b.day;
  if (same(day, today)) return `Today, ${time}`;
  if (same(day, addDays(today, 1))) return `Tomorrow, ${time}`;
  return `${formats.date.format(dueAt)}, ${time}`;
}
