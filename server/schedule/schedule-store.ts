// schedule.json: per job, the next due time and the firing under way (its message id kept before the
// message is written), so a restart neither sends twice nor skips. A few writes a day: rewritten whole.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const SCHEDULE_FILE_VERSION = 1;
/** Task notices remembered by id (so a repeated call is one message): the newest ones. */
export const TASK_IDS_KEPT = 200;

const timestamp = z.number().int().nonnegative();

const firingSchema = z.object({ slot: timestamp, messageId: z.string().min(1) });

const dailyJobSchema = z.object({
  /** The next firing not yet handled; null until the first tick. */
  nextDueAt: timestamp.nullable(),
  lastFiredAt: timestamp.nullable(),
  /** The last firing let go (missed beyond the grace window, or in deep pause). */
  lastSkippedAt: timestamp.nullable(),
  pending: firingSchema.nullable(),
});

export const scheduleFileSchema = z.object({
  version: z.literal(SCHEDULE_FILE_VERSION),
  morning: dailyJobSchema,
  evening: dailyJobSchema,
  nudge: z.object({
    /** The owner message whose silence was answered: one nudge per silence. */
    silenceAnswered: z.string().nullable(),
    lastFiredAt: timestamp.nullable(),
    pending: firingSchema.extend({ silence: z.string().min(1) }).nullable(),
  }),
  thoughts: z.object({
    /** yyyy-MM-dd in TIME_ZONE of the planned times below. */
    day: z.string().nullable(),
    /** The day's planned times already handled (sent or let go). */
    handled: z.array(timestamp),
    pending: firingSchema.nullable(),
  }),
  /** Task id → the Kiri message that announced it. */
  tasks: z.record(z.string(), z.string()),
});

export type ScheduleFile = z.infer<typeof scheduleFileSchema>;
export type DailyJobState = z.infer<typeof dailyJobSchema>;
export type ScheduleStore = JsonFileStore<ScheduleFile>;

const emptyDaily = (): DailyJobState => ({
  nextDueAt: null,
  lastFiredAt: null,
  lastSkippedAt: null,
  pending: null,
});

export function defaultScheduleFile(): ScheduleFile {
  return {
    version: SCHEDULE_FILE_VERSION,
    morning: emptyDaily(),
    evening: emptyDaily(),
    nudge: { silenceAnswered: null, lastFiredAt: null, pending: null },
    thoughts: { day: null, handled: [], pending: null },
    tasks: {},
  };
}

export const SCHEDULE_MIGRATIONS: Record<number, Migration> = {};

export const scheduleStoreDefinition: StoreDefinition<ScheduleFile> = {
  fileName: 'schedule.json',
  currentVersion: SCHEDULE_FILE_VERSION,
  schema: scheduleFileSchema,
  defaults: defaultScheduleFile,
  migrations: SCHEDULE_MIGRATIONS,
};

export function openScheduleStore(dataDir: string): Promise<ScheduleStore> {
  return openJsonFileStore(dataDir, scheduleStoreDefinition);
}
