// The owner's answer to Kiri's 'When should I remind you to call mum?' (or 'Do you mean 6 in the morning
// or 6 in the evening?'): a message that is only a time ('6pm', 'tomorrow at 9', 'in 20 minutes', 'pm')
// completes the reminder the first message asked for, read by chrono-node in TIME_ZONE like the
// request itself; anything else ('never mind', a sentence about something else) is not an answer, and
// the question is dropped.
import * as chrono from 'chrono-node';
import { reflect } from '../../src/engine/companion/text';
import { instantOfWallTime, offsetMinutesAt, wallTimeAt } from '../../src/domain/zoned-time';
import {
  checkedDue,
  meridiemIsAmbiguous,
  meridiemQuestion,
  readReminderRequest,
  type ReminderReading,
  type WallDay,
} from './reminder-phrases';
import type { PendingQuestion } from './reminder-store';

/**
 * An answer comes within minutes; after an hour 'at 6' is more likely about something else than the
 * question Kiri asked, and reading it as a reminder would surprise the owner.
 */
export const QUESTION_TTL_MS = 60 * 60_000;
/** An answer is short: a longer message is a sentence of its own. */
const MAX_ANSWER_CHARS = 60;

/**
 * Words that may stand around the time in an answer ('ok, 6pm please', 'how about tomorrow at 9',
 * 'make it 7pm then'). Any other word makes the message a sentence of its own, not an answer.
 */
const FILLER = new Set(
  (
    "at on by around about for in ok okay k alright please pls plz make it maybe how say let's lets " +
    "uh um umm hmm er oh so then just yes yeah yep sure thanks thank you kiri that's thats that " +
    'fine is good would be works work i mean and the'
  ).split(' '),
);

export type FollowUp = ReminderReading | { kind: 'not-an-answer' };

/** Whether the question is still open at `at` (within QUESTION_TTL_MS of being asked). */
export function isQuestionOpen(question: PendingQuestion, at: number): boolean {
  return at >= question.askedAt && at - question.askedAt <= QUESTION_TTL_MS;
}

function onlyFiller(text: string): boolean {
  return text
    .toLowerCase()
    .split(/[\s,.;:!?~-]+/)
    .filter((word) => word !== '')
    .every((word) => FILLER.has(word));
}

/** 'pm', 'in the evening', 'morning please': am or pm said alone; null otherwise. */
function meridiemAlone(text: string): 'am' | 'pm' | null {
  const match = /\b(am|a\.m\.|morning|pm|p\.m\.|afternoon|evening|night|tonight)\b/i.exec(text);
  if (!match) return null;
  const rest = text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length);
  if (!onlyFiller(rest)) return null;
  return /^(am|a\.m\.|morning)$/i.test(match[1]!) ? 'am' : 'pm';
}

/** That hour on the day named, or, with no day named, its next time after `now` (today or tomorrow). */
function atHour(day: WallDay | null, hour: number, now: number, timeZone: string): number {
  if (day) return instantOfWallTime({ ...day, hour, minute: 0 }, timeZone);
  const today = instantOfWallTime({ ...wallTimeAt(now, timeZone), hour, minute: 0 }, timeZone);
  if (today > now) return today;
  return instantOfWallTime(
    { ...wallTimeAt(now + 24 * 60 * 60_000, timeZone), hour, minute: 0 },
    timeZone,
  );
}

/**
 * Reads the owner's next message against the open question at `now` (when it was written). Returns
 * the reminder to set, a question to ask again (the time is past, or still ambiguous), or
 * 'not-an-answer'.
 */
export function readFollowUp(
  question: PendingQuestion,
  message: string,
  now: number,
  timeZone: string,
): FollowUp {
  const text = message.replace(/\s+/g, ' ').trim();
  if (text === '' || [...text].length > MAX_ANSWER_CHARS || /\bremind me\b/i.test(text)) {
    return { kind: 'not-an-answer' };
  }
  const { task } = question;
  const about = reflect(task);

  const half = question.hour !== null ? meridiemAlone(text) : null;
  if (half) {
    const hour = (question.hour! % 12) + (half === 'pm' ? 12 : 0);
    return checkedDue({ task, dueAt: atHour(question.day, hour, now, timeZone) }, now, timeZone);
  }

  // A bare hour ('6', 'at 7:30') is a time to chrono only with 'at'.
  const phrase = text.replace(/^(?:at\s+)?(\d{1,2}(?::\d{2})?)[.!]*$/i, 'at $1');
  const result = chrono.en.parse(
    phrase,
    { instant: new Date(now), timezone: offsetMinutesAt(now, timeZone) },
    { forwardDate: true },
  )[0];
  if (!result) return { kind: 'not-an-answer' };
  const rest =
    phrase.slice(0, result.index) + ' ' + phrase.slice(result.index + result.text.length);
  if (!onlyFiller(rest)) return { kind: 'not-an-answer' };

  const namesDay =
    result.start.isCertain('day') ||
    result.start.isCertain('weekday') ||
    result.tags().has('result/relativeDateAndTime');
  if (namesDay || question.day === null) {
    // The whole request said again, with this time: the same rules as the first message.
    return (
      readReminderRequest(`remind me ${result.text} to ${task}`, now, timeZone) ?? {
        kind: 'not-an-answer',
      }
    );
  }
  // 'on Monday' was said first, and now '6pm': that day at that time.
  if (!result.start.isCertain('hour')) {
    return {
      kind: 'ask',
      question: `What time should I remind you to ${about}? Say it with the hour, like '6pm'.`,
      known: { task, day: question.day, hour: null },
    };
  }
  if (meridiemIsAmbiguous(result)) {
    const hour = result.start.get('hour')!;
    return {
      kind: 'ask',
      question: meridiemQuestion(hour, about),
      known: { task, day: question.day, hour },
    };
  }
  const dueAt = instantOfWallTime(
    {
      ...question.day,
      hour: result.start.get('hour')!,
      minute: result.start.get('minute') ?? 0,
    },
    timeZone,
  );
  return checkedDue({ task, dueAt }, now, timeZone);
}
