// hydra.json: the system control panel's task history (docs/system-control.md). Written at each task's
// change of state (queued, processing, completed, failed), a few times per task the operator runs, so
// it is rewritten whole (no journal). The history is bounded (MAX_KEPT_TASKS); total_tasks is its own
// counter, so the bound never makes the panel's total go down.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const HYDRA_FILE_VERSION = 1;

export const TASK_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const timestamp = z.number().int().nonnegative();

export const taskSchema = z.object({
  /** UUIDv7 (time-ordered). */
  id: z.string().min(1),
  /** The command's name as the operator typed it (a known one, or the unknown name it failed with). */
  type: z.string().min(1),
  /** The params as validated by the command's schema (kept so a queued task runs after a restart). */
  params: z.record(z.string(), z.unknown()),
  status: z.enum(TASK_STATUSES),
  /** 0-100, from the command's own steps. */
  progress: z.number().min(0).max(100),
  error: z.string().nullable(),
  /** What the task did, in words (e.g. 'Snapshot … of 21 files'); null until it completes. */
  result: z.string().nullable(),
  /** Who asked for it (the account's display name or id). */
  requestedBy: z.string(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
});

export const hydraFileSchema = z.object({
  version: z.literal(HYDRA_FILE_VERSION),
  /** Every task ever accepted (the history below is bounded). */
  totalTasks: z.number().int().nonnegative(),
  /** Oldest first. */
  tasks: z.array(taskSchema),
});

export type HydraTask = z.infer<typeof taskSchema>;
export type HydraFile = z.infer<typeof hydraFileSchema>;
export type HydraStore = JsonFileStore<HydraFile>;

export const HYDRA_MIGRATIONS: Record<number, Migration> = {};

export const hydraStoreDefinition: StoreDefinition<HydraFile> = {
  fileName: 'hydra.json',
  currentVersion: HYDRA_FILE_VERSION,
  schema: hydraFileSchema,
  defaults: () => ({ version: HYDRA_FILE_VERSION, totalTasks: 0, tasks: [] }),
  migrations: HYDRA_MIGRATIONS,
};

export function openHydraStore(dataDir: string): Promise<HydraStore> {
  return openJsonFileStore(dataDir, hydraStoreDefinition);
}
