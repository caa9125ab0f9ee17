// Messages Kiri starts herself (issue 10): the morning greeting, the evening check-in, the nudge after a
// silence, a spontaneous thought, a reminder and a task-completion notice. Local phrase pools, so they
// cost nothing while Kiri sleeps; each knows the day and echoes what the owner last said.
import { hashString, Random } from './random';
import { calendarDay, clockTime } from './time';
import { engineReadable, extractDetail, recentReplyKeys, replyKey } from './text';

export type ScheduledKind = 'morning' | 'evening' | 'nudge' | 'thought' | 'reminder' | 'task';

export interface ScheduledInput {
  kind: ScheduledKind;
  /** ms since epoch: the day and the time are read in timeZone. */
  now: number;
  timeZone: string;
  userName: string | null;
  /** The owner's last message and when it was written, if there is one. */
  lastOwnerMessage?: { text: string; at: number } | null;
  /** Kiri's last replies: none is repeated word for word. */
  recentReplies?: readonly string[];
  /** For 'reminder': what the owner asked to be reminded of. */
  reminderText?: string;
  /** For 'task': what was done. */
  taskSummary?: string;
  seed?: number;
}

/** Spec 000 §8 shows a reminder by its first 50 characters. */
export const REMINDER_QUOTE_CHARS = 50;

/** The first 50 characters of a reminder's text (by code point), with an ellipsis when cut. */
export function reminderQuote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= REMINDER_QUOTE_CHARS
    ? flat
    : `${chars.slice(0, REMINDER_QUOTE_CHARS).join('').trimEnd()}…`;
}

const OPENERS: Record<ScheduledKind, readonly string[]> = {
  morning: [
    'Good morning{name}! It is {day}.',
    'Morning{name} ☀️ Happy {weekday}.',
    'Hey{name}, good morning. {day} already!',
  ],
  evening: [
    'Good evening{name}. How did your {weekday} go?',
    'Hey{name}, checking in this evening. How are you feeling?',
    'Evening{name} 🌙 How was today?',
  ],
  nudge: [
    'Hey{name}, it has been a while. How are you doing?',
    'Just thinking of you{name}. Everything alright?',
    'Hi{name}! Quiet afternoon? I am here whenever you want to talk.',
  ],
  thought: [
    'A little thought{name}: small steps still count as moving forward.',
    'I was just wondering{name}: what made you smile today?',
    'Random thought{name}: you deserve a proper break today.',
  ],
  reminder: [
    'Reminder{name}: "{quote}"',
    'Hey{name}, you asked me to remind you: "{quote}"',
    'It is time{name}: "{quote}"',
  ],
  task: ['Done{name}: {task}', 'Finished{name}: {task}', 'All set{name}: {task}'],
};

const FOLLOW_UPS: Partial<Record<ScheduledKind, readonly string[]>> = {
  morning: [
    'Last time you told me about {detail}. How is that going?',
    'I still remember {detail}. Anything new?',
  ],
  evening: ['Did anything happen with {detail}?', 'Is {detail} still on your mind?'],
  nudge: ['Last time we talked about {detail}.', 'I keep thinking about {detail}.'],
};

const WEEKDAY = new Map<string, string>();

function weekdayOf(now: number, timeZone: string): string {
  const day = calendarDay(now, timeZone);
  let weekday = WEEKDAY.get(day);
  if (!weekday) {
    weekday = day.split(',')[0] ?? day;
    WEEKDAY.set(day, weekday);
  }
  return weekday;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** What to echo from the owner's last message: a detail when one reads well, else nothing. */
function detailOf(last: ScheduledInput['lastOwnerMessage']): string | null {
  if (!last?.text.trim()) return null;
  const detail = extractDetail(engineReadable(last.text));
  return detail.phrase ?? detail.clause;
}

/** One message of the given kind; never one of the recent replies word for word. */
export function composeScheduled(input: ScheduledInput): string {
  const random = new Random(
    input.seed ?? hashString(`${input.kind}|${input.now}|${input.reminderText ?? ''}`),
  );
  const values: Record<string, string> = {
    name: input.userName ? `, ${input.userName}` : '',
    day: calendarDay(input.now, input.timeZone),
    weekday: weekdayOf(input.now, input.timeZone),
    time: clockTime(input.now, input.timeZone),
    quote: reminderQuote(input.reminderText ?? ''),
    task: (input.taskSummary ?? '').trim(),
  };
  const detail = detailOf(input.lastOwnerMessage);
  const followUps = detail ? (FOLLOW_UPS[input.kind] ?? []) : [];
  const recent = recentReplyKeys(input.recentReplies ?? []);
  const openers = OPENERS[input.kind];
  const start = random.int(openers.length);
  let fallback = '';
  for (let i = 0; i < openers.length; i += 1) {
    let text = fill(openers[(start + i) % openers.length]!, values);
    if (followUps.length > 0) {
      text += ` ${fill(random.pick(followUps), { ...values, detail: detail! })}`;
    }
    if (!fallback) fallback = text;
    if (!recent.has(replyKey(text))) return text;
  }
  // Every variant was said lately: the time makes it a new message.
  return `${fallback} (${values.time})`;
}
