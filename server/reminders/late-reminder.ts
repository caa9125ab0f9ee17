// A reminder that fell due while Kiri slept (or was in deep pause) waits for her waking and then says
// it is late (issue 10: "Deep pause sends nothing; sleeping sends only the morning and evening
// messages"), so the owner knows the time has passed rather than reading an on-time reminder.
import { reminderQuote } from '../../src/engine/companion/scheduled';
import { describeDue } from './reminder-phrases';

const WHERE: Record<'sleeping' | 'deep-pause', string> = {
  sleeping: 'asleep',
  'deep-pause': 'in deep pause',
};

/**
 * 'I was asleep at 18:00 — you asked me to remind you: "call mum"'; the day is named when it was not
 * today ('yesterday at 18:00', 'on Monday 23 November at 18:00'). The time is the reminder's, in the zone.
 */
export function lateReminderText(input: {
  text: string;
  dueAt: number;
  heldBy: 'sleeping' | 'deep-pause';
  now: number;
  timeZone: string;
}): string {
  const when = describeDue(input.dueAt, input.now, input.timeZone).replace(/^today /, '');
  return `I was ${WHERE[input.heldBy]} ${when} — you asked me to remind you: "${reminderQuote(input.text)}"`;
}
