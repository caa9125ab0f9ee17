// reminders.json (+ its journal): per account, the reminders by their client-chosen id. A reminder is
// pending, then firing (its Kiri message id chosen and kept before the message is written), then fired;
// or cancelled. Fired and cancelled ones are kept 30 days, so a replayed create does not bring one back.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const REMINDERS_FILE_VERSION = 1;
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

export const remindersFileSchema = z.object({
  version: z.literal(REMINDERS_FILE_VERSION),
  accounts: z.record(z.string(), z.record(z.string(), reminderSchema)),
});

export type Reminder = z.infer<typeof reminderSchema>;
export type RemindersFile = z.infer<typeof remindersFileSchema>;

export type ReminderOp =
  | { account: string; add: Reminder; pruneAt?: number }
  | { account: string; id: string; cancelAt: number }
  | { account: string; id: string; firing: { kiriMessageId: string } }
  | { account: string; id: string; firedAt: number };

export type ReminderStore = JsonFileStore<RemindersFile, ReminderOp>;

function accountOf(data: RemindersFile, account: string): Record<string, Reminder> {
  if (!Object.hasOwn(data.accounts, account)) data.accounts[account] = {};
  return data.accounts[account]!;
}

/** reminders.json's reducer (deterministic: the journal is replayed through it). */
export function applyReminderOp(data: RemindersFile, op: ReminderOp): void {
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
  return { version: REMINDERS_FILE_VERSION, accounts: {} };
}

export const REMINDER_MIGRATIONS: Record<number, Migration> = {};

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
