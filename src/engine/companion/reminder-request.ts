// 'remind me …' read by the engine, for what Kiri may promise when she answers it on the device. The
// device sets no reminder: the server does, when the message reaches it (server/reminders/
// chat-reminders.ts `setSilently`), and only when the time is whole and still ahead then; a missing,
// ambiguous or past time sets nothing and asks nothing. So this mirrors the server's reading
// (server/reminders/reminder-phrases.ts `readReminderRequest`; tests/engine/reminder-request.test.ts
// holds the two to the same verdict) with chrono's English parser, the one the engine already loads.
import { casual } from 'chrono-node/en';
import { readPlan, zoneOffsetMinutes } from './plans';
import { reflect } from './text';
import { wakeAsReminder } from './wake-request';

/** As the server: the request is looked for in the first 80 characters, and 500 after it are read. */
const REQUEST_SEARCH_CHARS = 80;
const REQUEST_READ_CHARS = 500;
/** As the server: further ahead than this is more likely a misreading than a plan. */
const MAX_AHEAD_MS = 366 * 24 * 60 * 60_000;

export type ReminderAsk =
  | {
      kind: 'set';
      /** What to be reminded of, from her side ('call your mum'). */
      task: string;
      /** When, in her words ('tomorrow at 6 pm', 'in 20 minutes'). */
      when: string;
      dueAt: number;
    }
  | { kind: 'unclear'; missing: 'time' | 'meridiem' | 'task' | 'past' };

function cleanTask(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:to|that|about|of)\s+/i, '')
    .replace(/^[\s,;:.!-]+|[\s,;:.!?-]+$/g, '');
}

/**
 * Rule readReminderAsk: a 'remind me …' message as the server will read it when it arrives: a task
 * with a whole time still ahead ('set'), or what is unclear (no time, am or pm, no task, a past time).
 * Null when the message asks for no reminder.
 */
export function readReminderAsk(
  message: string,
  now: number,
  timeZone: string,
): ReminderAsk | null {
  message = wakeAsReminder(message);
  const request = /\bremind me\b/i.exec(message.slice(0, REQUEST_SEARCH_CHARS));
  if (!request) return null;
  const start = request.index + request[0].length;
  const rest = message.slice(start, start + REQUEST_READ_CHARS);
  const offset = zoneOffsetMinutes(now, timeZone);
  const result = casual.parse(
    rest,
    { instant: new Date(now), timezone: offset },
    { forwardDate: true },
  )[0];
  const task = cleanTask(
    result
      ? `${rest.slice(0, result.index)} ${rest.slice(result.index + result.text.length)}`
      : rest,
  );
  if (!result) return { kind: 'unclear', missing: 'time' };
  if (!task) return { kind: 'unclear', missing: 'task' };
  const relative = result.tags().has('result/relativeDateAndTime');
  if (!relative) {
    if (!result.start.isCertain('hour')) return { kind: 'unclear', missing: 'time' };
    const hour = result.start.get('hour');
    if (hour !== null && !result.start.isCertain('meridiem') && hour >= 1 && hour <= 12) {
      return { kind: 'unclear', missing: 'meridiem' };
    }
  }
  const dueAt = result.start.date().getTime();
  if (dueAt <= now) return { kind: 'unclear', missing: 'past' };
  if (dueAt - now > MAX_AHEAD_MS) return { kind: 'unclear', missing: 'time' };
  const when = relative
    ? result.text.trim()
    : (readPlan(result.text, now, timeZone, { anyone: true })?.when ?? result.text.trim());
  return { kind: 'set', task: reflect(task), when, dueAt };
}
