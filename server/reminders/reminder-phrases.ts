// 'remind me to call mum tomorrow at 6pm', 'remind me in 20 minutes to stretch': the time is read by
// chrono-node in TIME_ZONE; a time that is ambiguous or past earns a question, never a guess.
import * as chrono from 'chrono-node';
import { wakeAsReminder } from '../../src/engine/companion/wake-request';
import { reflect } from '../../src/engine/companion/text';
import { instantOfWallTime, offsetMinutesAt, wallTimeAt } from '../../src/domain/zoned-time';

/** A reminder further ahead than this is more likely a misreading than a plan. */
export const MAX_REMINDER_AHEAD_MS = 366 * 24 * 60 * 60_000;
/** Only the start of a message is searched for the request (the text is read in linear time). */
const REQUEST_SEARCH_CHARS = 80;
/**
 * What follows 'remind me' that chrono reads: a request is a sentence, and chrono's many patterns
 * cost a few ms per 2,000 characters of the worst shapes (about 1 ms at this length).
 */
const REQUEST_READ_CHARS = 500;
const TASK_MAX_CHARS = 500;

export type ReminderReading =
  | {
      kind: 'set';
      task: string;
      dueAt: number;
      /** 'in 20 minutes': said as a delay. */ after?: string;
    }
  | {
      kind: 'ask';
      question: string;
      /**
       * What is known so far, for the owner's answer to complete (reminder-follow-up.ts): the task,
       * and the day and the 12-hour hour when the question is only about the hour or am/pm. Absent
       * when there is no task to remind of.
       */
      known?: KnownSoFar;
    };

/** A day in the zone, as chrono read it from the first message. */
export interface WallDay {
  year: number;
  month: number;
  day: number;
}

export interface KnownSoFar {
  task: string;
  day: WallDay | null;
  /** 1 to 12: the hour said without am/pm. */
  hour: number | null;
}

const ASK_WHEN =
  "When should I remind you? Tell me a day and a time, like 'tomorrow at 6pm' or 'in 20 minutes'.";

function cleanTask(text: string): string {
  let task = text.replace(/\s+/g, ' ').trim();
  task = task.replace(/^(?:to|that|about|of)\s+/i, '');
  task = task.replace(/^[\s,;:.!-]+|[\s,;:.!?-]+$/g, '');
  return [...task].slice(0, TASK_MAX_CHARS).join('');
}

/** A 12-hour time said without am/pm: 'at 6' could be either. */
export function meridiemIsAmbiguous(result: chrono.ParsedResult): boolean {
  const hour = result.start.get('hour');
  return hour !== null && !result.start.isCertain('meridiem') && hour >= 1 && hour <= 12;
}

/**
 * Reads a reminder request at `now` in `timeZone`; null when the message asks for none. Wall times
 * ('tomorrow at 6pm') are placed in the zone with its offset on that day (chrono takes one fixed
 * offset, which is an hour off across a DST change); elapsed times ('in 20 minutes') are added to now.
 */
export function readReminderRequest(
  message: string,
  now: number,
  timeZone: string,
): ReminderReading | null {
  message = wakeAsReminder(message);
  const head = message.slice(0, REQUEST_SEARCH_CHARS);
  const request = /\bremind me\b/i.exec(head);
  if (!request) return null;
  const start = request.index + request[0].length;
  const rest = message.slice(start, start + REQUEST_READ_CHARS);
  const results = chrono.en.parse(
    rest,
    { instant: new Date(now), timezone: offsetMinutesAt(now, timeZone) },
    { forwardDate: true },
  );
  const result = results[0];
  const task = cleanTask(
    result
      ? rest.slice(0, result.index) + ' ' + rest.slice(result.index + result.text.length)
      : rest,
  );
  const about = task ? reflect(task) : '';
  if (!result) {
    return about
      ? {
          kind: 'ask',
          question: `When should I remind you to ${about}?`,
          known: { task, day: null, hour: null },
        }
      : { kind: 'ask', question: ASK_WHEN };
  }
  if (!about) return { kind: 'ask', question: 'What should I remind you about?' };
  let dueAt: number;
  let after: string | undefined;
  if (result.tags().has('result/relativeDateAndTime')) {
    dueAt = result.start.date().getTime();
    after = result.text.trim();
  } else {
    const day: WallDay = {
      year: result.start.get('year')!,
      month: result.start.get('month')!,
      day: result.start.get('day')!,
    };
    if (!result.start.isCertain('hour')) {
      return {
        kind: 'ask',
        question: `What time should I remind you to ${about}? Say it with the hour, like '${result.text.trim()} at 6pm'.`,
        known: { task, day, hour: null },
      };
    }
    if (meridiemIsAmbiguous(result)) {
      const hour = result.start.get('hour')!;
      return {
        kind: 'ask',
        question: meridiemQuestion(hour, about),
        // A day chrono only implied ('at 6': today or tomorrow) waits for am or pm to be chosen.
        known: {
          task,
          day: result.start.isCertain('day') || result.start.isCertain('weekday') ? day : null,
          hour,
        },
      };
    }
    dueAt = instantOfWallTime(
      {
        year: result.start.get('year')!,
        month: result.start.get('month')!,
        day: result.start.get('day')!,
        hour: result.start.get('hour')!,
        minute: result.start.get('minute') ?? 0,
      },
      timeZone,
    );
  }
  return checkedDue({ task, dueAt, after }, now, timeZone);
}

export const meridiemQuestion = (hour: number, about: string) =>
  `Do you mean ${hour} in the morning or ${hour} in the evening? Tell me '${hour}am' or '${hour}pm' and I will remind you to ${about}.`;

/** A time read for a task: set, or asked again when it is past or more than a year ahead. */
export function checkedDue(
  { task, dueAt, after }: { task: string; dueAt: number; after?: string | undefined },
  now: number,
  timeZone: string,
): ReminderReading {
  const about = reflect(task);
  const known = { task, day: null, hour: null };
  if (dueAt <= now) {
    return {
      kind: 'ask',
      question: `${describeDue(dueAt, now, timeZone, true)} has already passed. When should I remind you to ${about}?`,
      known,
    };
  }
  if (dueAt - now > MAX_REMINDER_AHEAD_MS) {
    return {
      kind: 'ask',
      question: `That is more than a year away. When should I remind you to ${about}?`,
      known,
    };
  }
  return after ? { kind: 'set', task, dueAt, after } : { kind: 'set', task, dueAt };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayName(instant: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant).replace(',', '');
}

function sameDay(a: number, b: number, timeZone: string): boolean {
  const x = wallTimeAt(a, timeZone);
  const y = wallTimeAt(b, timeZone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

/**
 * The time Kiri understood, in words the owner can check: 'today at 18:00', 'tomorrow (Wednesday 25
 * November) at 18:00', 'on Friday 4 December at 09:30'.
 */
export function describeDue(dueAt: number, now: number, timeZone: string, capital = false): string {
  const wall = wallTimeAt(dueAt, timeZone);
  const clock = `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
  let day: string;
  if (sameDay(dueAt, now, timeZone)) day = 'today';
  else if (sameDay(dueAt, now + 24 * 60 * 60_000, timeZone)) {
    day = `tomorrow (${dayName(dueAt, timeZone)})`;
  } else if (sameDay(dueAt, now - 24 * 60 * 60_000, timeZone)) day = 'yesterday';
  else day = `on ${dayName(dueAt, timeZone)}`;
  const text = `${day} at ${clock}`;
  return capital ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** Kiri's confirmation: the task and the time she understood. */
export function confirmationOf(
  reading: { task: string; dueAt: number; after?: string },
  now: number,
  timeZone: string,
): string {
  const when = describeDue(reading.dueAt, now, timeZone);
  const said = reading.after ? `${reading.after}, ${when}` : when;
  return `Okay! I'll remind you to ${reflect(reading.task)} ${said}.`;
}
