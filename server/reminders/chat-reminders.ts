// 'remind me …' in the chat: the chat service asks this module first; a request sets a reminder and Kiri
// confirms the time she understood, or she asks when the time is missing, ambiguous or past. The
// question stays open (reminders.json, for an hour): the owner's next message, if it is a time,
// completes the reminder; if it is not, the question is dropped and the message answered as usual.
import { HttpError } from '../http/errors';
import { isQuestionOpen, readFollowUp } from './reminder-follow-up';
import { confirmationOf, readReminderRequest, type ReminderReading } from './reminder-phrases';
import type { ReminderService } from './reminder-service';

export interface ChatReminderRequest {
  account: string;
  /** The owner's message: the reminder's id is made from it, so a retried request sets it once. */
  messageId: string;
  text: string;
  /** When the owner wrote it: 'in 20 minutes' counts from here. */
  at: number;
  now: number;
}

export interface ChatReminders {
  /** Kiri's reply when the message asks for a reminder; null when it does not. */
  replyTo(request: ChatReminderRequest): Promise<string | null>;
  /**
   * A message the device already answered offline (issue 12, docs/chat-server.md "'remind me' with a
   * device reply"): the reminder it asks for is set when its time is whole and still ahead, and nothing
   * is said (the device's reply is the answer). A question is never asked nor left open: the owner did
   * not see one, so their next message must not be read as its answer. True when a reminder was set.
   */
  setSilently?(request: ChatReminderRequest): Promise<boolean>;
}

export function chatReminders(options: {
  reminders: ReminderService;
  timeZone: string;
}): ChatReminders {
  const { reminders, timeZone } = options;

  /**
   * Sets the reminder a chat message asks for, under an id made from the message, so a retried message
   * sets it once. Null when it is set; the refusal (409) when too many are pending.
   */
  async function createFromChat(
    account: string,
    messageId: string,
    { task, dueAt }: { task: string; dueAt: number },
  ): Promise<HttpError | null> {
    try {
      await reminders.create(account, {
        id: `chat-${messageId}`,
        text: task,
        dueAt,
        messageId,
        source: 'chat',
        createdBy: null,
        bodyHash: null,
      });
      return null;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) return error;
      throw error;
    }
  }

  /** Kiri's answer to a reading: the question asked (and kept open), or the reminder set and confirmed. */
  async function answer(
    reading: ReminderReading,
    { account, messageId, at, now }: ChatReminderRequest,
  ): Promise<string> {
    if (reading.kind === 'ask') {
      await reminders.setQuestion(
        account,
        reading.known ? { ...reading.known, messageId, askedAt: at } : null,
      );
      return reading.question;
    }
    await reminders.setQuestion(account, null);
    if (reading.dueAt <= now) {
      // Written offline, read after its time: say so rather than fire a reminder that is already late.
      await reminders.setQuestion(account, {
        task: reading.task,
        day: null,
        hour: null,
        messageId,
        askedAt: now,
      });
      return `I only got your message now, and that time has passed. When should I remind you to ${reading.task}?`;
    }
    const full = await createFromChat(account, messageId, reading);
    // Too many pending: Kiri says so in the chat instead of failing the message.
    if (full) return `I can't keep another reminder right now. ${full.message}`;
    return confirmationOf(reading, now, timeZone);
  }

  return {
    async setSilently(request) {
      const { account, messageId, text, at, now } = request;
      const open = reminders.question(account);
      const openElsewhere = open !== null && open.messageId !== messageId;
      let reading: ReminderReading | null = null;
      if (openElsewhere && isQuestionOpen(open, at)) {
        const followUp = readFollowUp(open, text, at, timeZone);
        if (followUp.kind !== 'not-an-answer') reading = followUp;
      }
      reading ??= readReminderRequest(text, at, timeZone);
      // Answered or not, the open question is over: the owner has moved on, as online.
      if (openElsewhere) await reminders.setQuestion(account, null);
      if (!reading || reading.kind === 'ask' || reading.dueAt <= now) return false;
      // Too many pending: nothing to say it in (the device's reply stands); the message is kept.
      return (await createFromChat(account, messageId, reading)) === null;
    },
    async replyTo(request) {
      const { account, messageId, text, at } = request;
      const open = reminders.question(account);
      if (open && open.messageId !== messageId && isQuestionOpen(open, at)) {
        const followUp = readFollowUp(open, text, at, timeZone);
        // The reminder is set under the answer's id: a retried answer sets it once.
        if (followUp.kind !== 'not-an-answer') return answer(followUp, request);
      }
      const reading = readReminderRequest(text, at, timeZone);
      if (!reading) {
        // Not an answer and not a request: the question is dropped (an expired one too).
        if (open && open.messageId !== messageId) await reminders.setQuestion(account, null);
        return null;
      }
      return answer(reading, request);
    },
  };
}
