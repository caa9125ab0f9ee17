// 'remind me …' in the chat: the chat service asks this module first; a request sets a reminder and Kiri
// confirms the time she understood, or she asks when the time is missing, ambiguous or past.
import { HttpError } from '../http/errors';
import { confirmationOf, readReminderRequest } from './reminder-phrases';
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
}

export function chatReminders(options: {
  reminders: ReminderService;
  timeZone: string;
}): ChatReminders {
  return {
    async replyTo({ account, messageId, text, at, now }) {
      const reading = readReminderRequest(text, at, options.timeZone);
      if (!reading) return null;
      if (reading.kind === 'ask') return reading.question;
      if (reading.dueAt <= now) {
        // Written offline, read after its time: say so rather than fire a reminder that is already late.
        return `I only got your message now, and that time has passed. When should I remind you to ${reading.task}?`;
      }
      try {
        await options.reminders.create(account, {
          id: `chat-${messageId}`,
          text: reading.task,
          dueAt: reading.dueAt,
          messageId,
          source: 'chat',
          createdBy: null,
          bodyHash: null,
        });
      } catch (error) {
        // Too many pending: Kiri says so in the chat instead of failing the message.
        if (error instanceof HttpError && error.status === 409) {
          return `I can't keep another reminder right now. ${error.message}`;
        }
        throw error;
      }
      return confirmationOf(reading, now, options.timeZone);
    },
  };
}
