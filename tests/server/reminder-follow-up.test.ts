// The owner's answer to Kiri's 'When should I remind you …?': a time completes the reminder of the first
// message (read in TIME_ZONE), a past or ambiguous one asks again, anything else is not an answer.
import { describe, expect, it } from 'vitest';
import {
  isQuestionOpen,
  QUESTION_TTL_MS,
  readFollowUp,
} from '../../server/reminders/reminder-follow-up';
import { readReminderRequest } from '../../server/reminders/reminder-phrases';
import type { PendingQuestion } from '../../server/reminders/reminder-store';

const SHANGHAI = 'Asia/Shanghai';
const local = (text: string) => Date.parse(`${text}+08:00`);
/** Tuesday 24 November 2026, 16:00 in Shanghai. */
const NOW = local('2026-11-24T16:00:00');

/** The question Kiri keeps after reading `request` at NOW. */
function questionAfter(request: string): PendingQuestion {
  const reading = readReminderRequest(request, NOW, SHANGHAI);
  if (reading?.kind !== 'ask' || !reading.known) throw new Error(`no question for ${request}`);
  return { ...reading.known, messageId: 'first', askedAt: NOW };
}

const answer = (question: PendingQuestion, text: string, at = NOW + 60_000) =>
  readFollowUp(question, text, at, SHANGHAI);

describe('readFollowUp', () => {
  it("a time answer sets the first message's task at that time, in TIME_ZONE", () => {
    const when = questionAfter('remind me to call mum');
    expect(answer(when, '6pm')).toEqual({
      kind: 'set',
      task: 'call mum',
      dueAt: local('2026-11-24T18:00:00'),
    });
    expect(answer(when, 'tomorrow at 9')).toMatchObject({ kind: 'ask' });
    expect(answer(when, 'tomorrow at 9am')).toEqual({
      kind: 'set',
      task: 'call mum',
      dueAt: local('2026-11-25T09:00:00'),
    });
    expect(answer(when, 'in 20 minutes')).toEqual({
      kind: 'set',
      task: 'call mum',
      dueAt: NOW + 60_000 + 20 * 60_000,
      after: 'in 20 minutes',
    });
    expect(answer(when, 'ok, 7:30pm please!')).toMatchObject({
      kind: 'set',
      dueAt: local('2026-11-24T19:30:00'),
    });
  });

  it('an ambiguous answer asks am or pm, and the next answer can be just that', () => {
    const when = questionAfter('remind me to call mum');
    const again = answer(when, '6');
    expect(again).toMatchObject({
      kind: 'ask',
      question: expect.stringMatching(/6 in the morning or 6 in the evening/),
      known: { task: 'call mum', hour: 6 },
    });
    if (again.kind !== 'ask' || !again.known) throw new Error('no question');
    const meridiem = { ...again.known, messageId: 'first', askedAt: NOW };
    expect(answer(meridiem, 'pm')).toMatchObject({
      kind: 'set',
      dueAt: local('2026-11-24T18:00:00'),
    });
    expect(answer(meridiem, 'in the evening')).toMatchObject({
      kind: 'set',
      dueAt: local('2026-11-24T18:00:00'),
    });
  });

  it("the first message's day is kept when only the hour was missing ('on Friday' then '6pm')", () => {
    const day = questionAfter('remind me on friday to pay rent');
    expect(answer(day, '6pm')).toEqual({
      kind: 'set',
      task: 'pay rent',
      dueAt: local('2026-11-27T18:00:00'),
    });
    // 'at 6' there is still ambiguous: asked again for that day.
    expect(answer(day, 'at 6')).toMatchObject({
      kind: 'ask',
      known: { hour: 6, day: { day: 27 } },
    });
  });

  it('a past answer asks again', () => {
    const when = questionAfter('remind me to call mum');
    expect(answer(when, 'today at 9am')).toMatchObject({
      kind: 'ask',
      question: 'Today at 09:00 has already passed. When should I remind you to call mum?',
      known: { task: 'call mum' },
    });
  });

  it("what is clearly not a time is not an answer: 'never mind', a sentence, a new request", () => {
    const when = questionAfter('remind me to call mum');
    for (const text of [
      'never mind',
      'forget it',
      'I had pasta for lunch',
      'I will be home at 6pm and then we can talk about the trip',
      'how are you today?',
      'remind me to water the plants at 8pm',
      '',
    ]) {
      expect(answer(when, text), text).toEqual({ kind: 'not-an-answer' });
    }
  });

  it(`the question is open for ${QUESTION_TTL_MS / 60_000} minutes`, () => {
    const when = questionAfter('remind me to call mum');
    expect(isQuestionOpen(when, NOW + QUESTION_TTL_MS)).toBe(true);
    expect(isQuestionOpen(when, NOW + QUESTION_TTL_MS + 1)).toBe(false);
  });
});
