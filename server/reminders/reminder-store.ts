// reminders.json (+ its journal): per account, the reminders by their client-chosen id. A reminder is
// pending, then firing (its Kiri message id chosen and kept before the message is written), then fired;
// or cancelled. Fired and cancelled ones are kept 30 days, so a replayed create does not bring one back.
// Version 2 adds, per account, the question Kiri asked about a 'remind me' without a clear time, so that
// the owner's answer completes it even after a restart (reminder-follow-up.ts).
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const REMINDERS_FILE_VERSION = 2;
/** How long a fired or cancelled reminder is kept for replays of its create. */
export const FINISHED_REMINDER_RETENTION_MS = 30 * 24 * 60 * 60_000;

const timestamp = z.number().int().nonnegative();

export const REMINDER_STATUSES = ['pending', 'firing', 'fired', 'cancelled'] as const;

export const reminderSchema = z.object({
  id: z.string().min(1),
  text: z.string().min(1),
  dueAt: timestamp,
  /** The chat message it was set from, if any. */
  messageId: z.string().nullable(),
  /** 'api' (the Set Reminder dialog) or 'chat' ('remind me …'). */
  source: z.enum(['api', 'chat']),
  createdAt: timestamp,
  createdBy: z.string().nullable(),
  status: z.enum(REMINDER_STATUSES),
  /** When it was fired or cancelled. */
  finishedAt: timestamp.nullable(),
  /** The Kiri message that delivers it, chosen when firing starts. */
  kiriMessageId: z.string().nullable(),
  /** sha256 of the create request's body: the same id with another body is refused. */
  bodyHash: z.string().nullable(),
});

const hourOfDay = z.number().int().min(0).max(23);

/** Kiri asked when (or am or pm): what she knows so far, waiting for the owner's next message. */
export const pendingQuestionSchema = z.object({
  task: z.string().min(1),
  /** The day the first message named, when the question is only about the time of day. */
  day: z
    .object({
      year: z.number().int(),
      month: z.number().int().min(1).max(12),
      day: z.number().int().min(1).max(31),
    })
    .nullable(),
  /** The hour said without am/pm (1 to 12), when the question is which of the two. */
  hour: hourOfDay.nullable(),
  /** The owner's message that asked for the reminder, and when the question was asked. */
  messageId: z.string().min(1),
  askedAt: timestamp,
});

export const remindersFileSchema = z.object({
  version: z.literal(REMINDERS_FILE_VERSION),
  accounts: z.record(z.string(), z.record(z.string(), reminderSchema)),
  /** Per account, the open 'when should I remind you?' question (at most one). */
  questions: z.record(z.string(), pendingQuestionSchema),
});

export type Reminder = z.infer<typeof reminderSchema>;
export type PendingQuestion = z.infer<typeof pendingQuestionSchema>;
export type RemindersFile = z.infer<typeof remindersFileSchema>;

export type ReminderOp =
  | { account: string; add: Reminder; pruneAt?: number }
  | { account: string; id: string; cancelAt: number }
  | { account: string; id: string; firing: { kiriMessageId: string } }
  | { account: string; id: string; firedAt: number }
  | { account: string; question: PendingQuestion | null };

export type ReminderStore = JsonFileStore<RemindersFile, ReminderOp>;

function accountOf(data: RemindersFile, account: string): Record<string, Reminder> {
  if (!Object.hasOwn(data.accounts, account)) data.accounts[account] = {};
  return data.accounts[account]!;
}

/** reminders.json's reducer (deterministic: the journal is replayed through it). */
export function applyReminderOp(data: RemindersFile, op: ReminderOp): void {
  if ('question' in op) {
    if (op.question) data.questions[op.account] = op.question;
    else delete data.questions[op.account];
    return;
  }
  const reminders = accountOf(data, op.account);
  if ('add' in op) {
    if (op.pruneAt !== undefined) {
      for (const [id, reminder] of Object.entries(reminders)) {
        if (
          reminder.finishedAt !== null &&
          op.pruneAt - reminder.finishedAt > FINISHED_REMINDER_RETENTION_MS
        ) {
          delete reminders[id];
        }
      }
    }
    reminders[op.add.id] = op.add;
    return;
  }
  const reminder = Object.hasOwn(reminders, op.id) ? reminders[op.id] : undefined;
  if (!reminder) return;
  if ('cancelAt' in op) {
    if (reminder.status === 'pending') {
      reminder.status = 'cancelled';
      reminder.finishedAt = op.cancelAt;
    }
  } else if ('firing' in op) {
    if (reminder.status === 'pending') {
      reminder.status = 'firing';
      reminder.kiriMessageId = op.firing.kiriMessageId;
    }
  } else if (reminder.status === 'firing') {
    reminder.status = 'fired';
    reminder.finishedAt = op.firedAt;
  }
}

export function defaultRemindersFile(): RemindersFile {
  return { version: REMINDERS_FILE_VERSION, accounts: {}, questions: {} };
}

export const REMINDER_MIGRATIONS: Record<number, Migration> = {
  // Version 1 had no open questions.
  1: (data) => ({ ...data, questions: {} }),
};

export const reminderStoreDefinition: StoreDefinition<RemindersFile, ReminderOp> = {
  fileName: 'reminders.json',
  currentVersion: REMINDERS_FILE_VERSION,
  schema: remindersFileSchema,
  defaults: defaultRemindersFile,
  migrations: REMINDER_MIGRATIONS,
  apply: applyReminderOp,
};

export function openReminderStore(dataDir: string): Promise<ReminderStore> {
  return openJsonFileStore(dataDir, reminderStoreDefinition);
}
