// scanbot.json: the watched files and their auto-fix contents, whether automatic scanning is started (so a
// restart resumes it), its interval, when the last scan ran, and the activity log (capped). Rewritten whole
// on each change: changes are rare (an add, a scan every few minutes).
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const SCANBOT_FILE_VERSION = 1;
/** Spec 002 §9: the default scan interval shown is 10 minutes. */
export const DEFAULT_SCAN_INTERVAL_MINUTES = 10;
export const MIN_SCAN_INTERVAL_MINUTES = 1;
export const MAX_SCAN_INTERVAL_MINUTES = 24 * 60;
/** Log lines kept; the screen shows the last 20 (spec 002 §9), the rest is history for the API. */
export const LOG_CAP = 500;
/** Watched files at most (each is checked on every scan and every 3 s status read). */
export const MAX_WATCHED_FILES = 100;
/** All auto-fix contents together at most (scanbot.json is rewritten whole on a change). */
export const MAX_AUTOFIX_TOTAL_BYTES = 2 * 1024 * 1024;

const timestamp = z.number().int().nonnegative();

export const watchedFileSchema = z.object({
  filename: z.string(),
  /** What a missing or emptied file is restored with; null: none (it is only reported). */
  autoFix: z.string().nullable(),
  addedAt: timestamp,
});

export const logLineSchema = z.object({ at: timestamp, text: z.string() });

export const scanbotFileSchema = z.object({
  version: z.literal(SCANBOT_FILE_VERSION),
  /** Automatic scanning started (Start Auto) and not stopped: resumed at server start. */
  running: z.boolean(),
  startedAt: timestamp.nullable(),
  intervalMinutes: z.number().int().min(MIN_SCAN_INTERVAL_MINUTES).max(MAX_SCAN_INTERVAL_MINUTES),
  lastScanAt: timestamp.nullable(),
  /** In the order added. */
  files: z.array(watchedFileSchema),
  /** Oldest first, at most LOG_CAP. */
  log: z.array(logLineSchema),
});

export type WatchedFile = z.infer<typeof watchedFileSchema>;
export type ScanbotFile = z.infer<typeof scanbotFileSchema>;
export type ScanbotStore = JsonFileStore<ScanbotFile>;

export function defaultScanbotFile(): ScanbotFile {
  return {
    version: SCANBOT_FILE_VERSION,
    running: false,
    startedAt: null,
    intervalMinutes: DEFAULT_SCAN_INTERVAL_MINUTES,
    lastScanAt: null,
    files: [],
    log: [],
  };
}

export const SCANBOT_MIGRATIONS: Record<number, Migration> = {};

export const scanbotStoreDefinition: StoreDefinition<ScanbotFile> = {
  fileName: 'scanbot.json',
  currentVersion: SCANBOT_FILE_VERSION,
  schema: scanbotFileSchema,
  defaults: defaultScanbotFile,
  migrations: SCANBOT_MIGRATIONS,
};

export function openScanbotStore(dataDir: string): Promise<ScanbotStore> {
  return openJsonFileStore(dataDir, scanbotStoreDefinition);
}
