// weekly-sync.json: the sync daemon's switch, the next weekly run's due time, the run under way (so a
// restart knows one was cut short), the log of what each run did, and the chat messages that asked for
// a bloom sync (so a retried message never starts a second one). A few writes a week: rewritten whole.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const WEEKLY_SYNC_FILE_VERSION = 1;
/** The log keeps the newest runs. */
export const RUNS_KEPT = 50;
/** Chat messages remembered as bloom triggers (a retry of an older one is long past). */
export const CHAT_TRIGGERS_KEPT = 100;

const timestamp = z.number().int().nonnegative();

export const SYNC_KINDS = ['weekly', 'bloom'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];
/** schedule: the Sunday 03:00 timer; manual: a button; api: a call without the page; chat: 'bloom sync'. */
export const SYNC_TRIGGERS = ['schedule', 'manual', 'api', 'chat'] as const;
export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];

const stepSchema = z.object({ name: z.string(), detail: z.string() });

export const runSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(SYNC_KINDS),
  trigger: z.enum(SYNC_TRIGGERS),
  startedAt: timestamp,
  finishedAt: timestamp.nullable(),
  durationMs: timestamp.nullable(),
  status: z.enum(['completed', 'failed', 'interrupted']),
  steps: z.array(stepSchema),
  error: z.string().nullable(),
});

export const weeklySyncFileSchema = z.object({
  version: z.literal(WEEKLY_SYNC_FILE_VERSION),
  /** The daemon: Active (true) runs the weekly sync on Sunday 03:00; Inactive does not. */
  enabled: z.boolean(),
  /** The next Sunday 03:00 not yet handled; null while inactive or before the first start. */
  nextDueAt: timestamp.nullable(),
  /** The run under way, written before its first step; still set at start: a restart cut it short. */
  current: z
    .object({
      id: z.string().min(1),
      kind: z.enum(SYNC_KINDS),
      trigger: z.enum(SYNC_TRIGGERS),
      startedAt: timestamp,
    })
    .nullable(),
  /** Oldest first, at most RUNS_KEPT. */
  runs: z.array(runSchema),
  /** Chat message ids that started a bloom sync, oldest first. */
  chatTriggers: z.array(z.string()),
});

export type WeeklySyncFile = z.infer<typeof weeklySyncFileSchema>;
export type SyncRun = z.infer<typeof runSchema>;
export type SyncStep = z.infer<typeof stepSchema>;
export type WeeklySyncStore = JsonFileStore<WeeklySyncFile>;

export const WEEKLY_SYNC_MIGRATIONS: Record<number, Migration> = {};

export const weeklySyncStoreDefinition: StoreDefinition<WeeklySyncFile> = {
  fileName: 'weekly-sync.json',
  currentVersion: WEEKLY_SYNC_FILE_VERSION,
  schema: weeklySyncFileSchema,
  defaults: () => ({
    version: WEEKLY_SYNC_FILE_VERSION,
    enabled: true,
    nextDueAt: null,
    current: null,
    runs: [],
    chatTriggers: [],
  }),
  migrations: WEEKLY_SYNC_MIGRATIONS,
};

export function openWeeklySyncStore(dataDir: string): Promise<WeeklySyncStore> {
  return openJsonFileStore(dataDir, weeklySyncStoreDefinition);
}
