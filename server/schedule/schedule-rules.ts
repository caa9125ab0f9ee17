// The scheduler's rules as plain functions (docs/schedule.md): when each job is due in TIME_ZONE, how late
// a missed firing may still be sent, the quiet hours, the silence that earns a nudge, the day's
// spontaneous thoughts, and which jobs each power state lets run.
import { Cron } from 'croner';
import { hashString, Random } from '../../src/engine/companion/random';
import type { PowerState } from '../power/power-rules';
import { hourAt, instantOfWallTime, wallTimeAt } from '../../src/domain/zoned-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const MORNING_PATTERN = '0 9 * * *';
export const EVENING_PATTERN = '0 20 * * *';
/**
 * A firing missed while the server was down is sent late only this long after its time: a morning
 * greeting at 10:30 still reads as one, at 14:00 it would not.
 */
export const MISSED_FIRING_GRACE_MS = 2 * HOUR;
/** Spec 002 §9: a message after a silence of 4 hours or more. */
export const NUDGE_SILENCE_MS = 4 * HOUR;
/** Spec 002 §9: the idle window, 01:00 to 07:00 in TIME_ZONE; no nudge and no thought in it. */
export const QUIET_START_HOUR = 1;
export const QUIET_END_HOUR = 7;
/** Spontaneous thoughts happen between these hours, never more than MAX_THOUGHTS_PER_DAY a day. */
export const THOUGHT_WINDOW_START_HOUR = 11;
export const THOUGHT_WINDOW_END_HOUR = 19;
export const MAX_THOUGHTS_PER_DAY = 3;

export type JobKind = 'morning' | 'evening' | 'nudge' | 'thought' | 'reminder' | 'task';

/** Croner evaluates the rule only (no timer of its own): one per pattern and zone. */
const rules = new Map<string, Cron>();

function ruleOf(pattern: string, timeZone: string): Cron {
  const key = `${pattern}|${timeZone}`;
  let rule = rules.get(key);
  if (!rule) {
    rule = new Cron(pattern, { timezone: timeZone, paused: true });
    rules.set(key, rule);
  }
  return rule;
}

/** The first firing of a daily pattern strictly after `after`, in the zone. */
export function nextFiringAfter(pattern: string, after: number, timeZone: string): number {
  const next = ruleOf(pattern, timeZone).nextRun(new Date(after));
  if (!next) throw new Error(`The pattern ${pattern} never fires`);
  return next.getTime();
}

/** Whether a firing due at `dueAt` is still worth sending at `now` (on time, or late within the grace). */
export function isWithinGrace(dueAt: number, now: number): boolean {
  return now >= dueAt && now - dueAt <= MISSED_FIRING_GRACE_MS;
}

/** 01:00 to 07:00 in the zone. */
export function isQuietHour(instant: number, timeZone: string): boolean {
  const hour = hourAt(instant, timeZone);
  return hour >= QUIET_START_HOUR && hour < QUIET_END_HOUR;
}

/** The end of the quiet hours that hold `instant` (07:00 that day), or `instant` itself outside them. */
export function afterQuietHours(instant: number, timeZone: string): number {
  if (!isQuietHour(instant, timeZone)) return instant;
  const wall = wallTimeAt(instant, timeZone);
  return instantOfWallTime({ ...wall, hour: QUIET_END_HOUR, minute: 0 }, timeZone);
}

/**
 * When the nudge for a silence that began with the owner's message at `lastOwnerMessageAt` is due:
 * 4 hours on, or at 07:00 when that falls in the quiet hours.
 */
export function nudgeDueAt(lastOwnerMessageAt: number, timeZone: string): number {
  return afterQuietHours(lastOwnerMessageAt + NUDGE_SILENCE_MS, timeZone);
}

/**
 * The times of a day's spontaneous thoughts (`day` is yyyy-MM-dd in the zone): `perDay` of them
 * (at most 3), each in its own slice of 11:00 to 19:00, at a minute drawn from the day, so a restart
 * finds the same times.
 */
export function thoughtTimes(day: string, perDay: number, timeZone: string): number[] {
  const count = Math.max(0, Math.min(MAX_THOUGHTS_PER_DAY, Math.floor(perDay)));
  if (count === 0) return [];
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = instantOfWallTime(
    { year, month, day: date, hour: THOUGHT_WINDOW_START_HOUR, minute: 0 },
    timeZone,
  );
  const slice = ((THOUGHT_WINDOW_END_HOUR - THOUGHT_WINDOW_START_HOUR) * HOUR) / count;
  const random = new Random(hashString(`thoughts|${day}`));
  return Array.from(
    { length: count },
    (_, i) => start + i * slice + Math.floor((random.next() * slice) / MINUTE) * MINUTE,
  );
}

/**
 * Which of Kiri's messages a power state lets out (issue 10: "Deep pause sends nothing; sleeping sends
 * only the morning and evening messages"). Awake: all. Sleeping: the morning and evening messages;
 * reminders wait for her waking, a task notice is written without a push, the nudge and thoughts
 * wait. Deep pause: nothing.
 */
export function jobRunsIn(kind: JobKind, state: PowerState): boolean {
  if (state === 'deep-pause') return false;
  if (state === 'sleeping') return kind === 'morning' || kind === 'evening';
  return true;
}
