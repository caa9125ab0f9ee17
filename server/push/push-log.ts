// push-log.json (+ its journal): what became of each push Kiri sent, per user and fan-out (how many of the
// user's devices took it, failed, or were gone), kept a week, for the Monitoring page (docs/analytics.md).
// Recorded at the PushSender seam, so the scheduler, reminders and the presence hub's alerts are all in it.
import { z } from 'zod';
import type { Logger } from '../log';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';
import type { PushMessage, PushOutcome, PushSender } from './push-sender';

export const PUSH_LOG_FILE_VERSION = 1;
/** The Monitoring page reads the last 24 hours; a week leaves room to look back after a quiet weekend. */
export const PUSH_LOG_RETENTION_MS = 7 * 24 * 60 * 60_000;
/** Pushes come from timers and the owner's reminders; past this many the oldest go first (~80 B each). */
export const PUSH_LOG_CAP = 5_000;

const count = z.number().int().nonnegative();

export const pushLogEntrySchema = z.object({
  /** When the fan-out finished (the server's clock). */
  at: count,
  userId: z.string().min(1),
  /** The notification's tag (e.g. 'kiri-morning'): which kind of message it was. */
  tag: z.string(),
  sent: count,
  failed: count,
  /** Devices whose push service said the subscription is gone (removed, so not delivered). */
  removed: count,
});

export const pushLogFileSchema = z.object({
  version: z.literal(PUSH_LOG_FILE_VERSION),
  /** Oldest first, in the order they were recorded. */
  entries: z.array(pushLogEntrySchema),
});

export type PushLogEntry = z.infer<typeof pushLogEntrySchema>;
export type PushLogFile = z.infer<typeof pushLogFileSchema>;
export interface PushLogOp {
  append: PushLogEntry;
}
export type PushLogStore = JsonFileStore<PushLogFile, PushLogOp>;

/**
 * Rule 'the push log keeps a week, at most PUSH_LOG_CAP': an entry is appended, then the entries older
 * than the retention before it and any past the cap leave from the front (deterministic: the journal
 * replays it).
 */
export function applyPushLogOp(data: PushLogFile, op: PushLogOp): void {
  const entries = data.entries;
  entries.push(op.append);
  const keepFrom = op.append.at - PUSH_LOG_RETENTION_MS;
  let drop = Math.max(0, entries.length - PUSH_LOG_CAP);
  while (drop < entries.length && entries[drop]!.at < keepFrom) drop += 1;
  if (drop > 0) entries.splice(0, drop);
}

export const PUSH_LOG_MIGRATIONS: Record<number, Migration> = {};

export const pushLogStoreDefinition: StoreDefinition<PushLogFile, PushLogOp> = {
  fileName: 'push-log.json',
  currentVersion: PUSH_LOG_FILE_VERSION,
  schema: pushLogFileSchema,
  defaults: () => ({ version: PUSH_LOG_FILE_VERSION, entries: [] }),
  migrations: PUSH_LOG_MIGRATIONS,
  apply: applyPushLogOp,
};

export function openPushLogStore(dataDir: string): Promise<PushLogStore> {
  return openJsonFileStore(dataDir, pushLogStoreDefinition);
}

/**
 * A PushSender that records each fan-out's outcome before handing it back. A fan-out to a user with no
 * subscription reached no device and is not recorded (there was nothing to send or to fail). A record
 * that cannot be written is logged, never thrown: the push itself went out.
 */
export function recordingPushSender(
  sender: PushSender,
  store: PushLogStore,
  clock: () => number,
  log: Logger,
): PushSender {
  return {
    async sendToUser(userId: string, message: PushMessage): Promise<PushOutcome> {
      const outcome = await sender.sendToUser(userId, message);
      if (outcome.sent + outcome.failed + outcome.removed > 0) {
        try {
          await store.commit({
            append: { at: clock(), userId, tag: message.tag, ...pick(outcome) },
          });
        } catch (error) {
          log.error('Could not record a push in push-log.json', error);
        }
      }
      return outcome;
    },
  };
}

function pick({ sent, failed, removed }: PushOutcome): Pick<PushOutcome, keyof PushOutcome> {
  return { sent, failed, removed };
}
