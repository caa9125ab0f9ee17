// devcore.json: the maintenance monitor's own state (whether it runs, when it was halted or restored, the
// last integrity scan and its findings). Written rarely (a halt, a restore, a scan), so rewritten whole.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const DEVCORE_FILE_VERSION = 1;

const timestamp = z.number().int().nonnegative();

export const scannedFileSchema = z.object({
  /** The file's name in DATA_DIR (a store file or its journal). */
  file: z.string().min(1),
  ok: z.boolean(),
  /** What was found: 'ok', or what is wrong, in words. */
  detail: z.string(),
  /** sha256 (hex) of the bytes read, null when the file is absent. */
  sha256: z.string().nullable(),
  size: z.number().int().nonnegative(),
  /** The file's modification time when read: an unchanged time with a changed checksum is damage. */
  mtimeMs: z.number().nonnegative(),
});

export const scanReportSchema = z.object({
  at: timestamp,
  /** 'manual' (an admin's Manual Scan) or 'scheduled' (the monitor's own timer). */
  trigger: z.enum(['manual', 'scheduled']),
  ok: z.boolean(),
  files: z.array(scannedFileSchema),
});

export const devcoreFileSchema = z.object({
  version: z.literal(DEVCORE_FILE_VERSION),
  active: z.boolean(),
  /** When the monitor last became active (restore) or inactive (halt); null before the first change. */
  changedAt: timestamp.nullable(),
  changedBy: z.string().nullable(),
  lastScan: scanReportSchema.nullable(),
});

export type ScannedFile = z.infer<typeof scannedFileSchema>;
export type ScanReport = z.infer<typeof scanReportSchema>;
export type DevcoreFile = z.infer<typeof devcoreFileSchema>;
export type DevcoreStore = JsonFileStore<DevcoreFile>;

export function defaultDevcoreFile(): DevcoreFile {
  return {
    version: DEVCORE_FILE_VERSION,
    active: true,
    changedAt: null,
    changedBy: null,
    lastScan: null,
  };
}

export const DEVCORE_MIGRATIONS: Record<number, Migration> = {};

export const devcoreStoreDefinition: StoreDefinition<DevcoreFile> = {
  fileName: 'devcore.json',
  currentVersion: DEVCORE_FILE_VERSION,
  schema: devcoreFileSchema,
  defaults: defaultDevcoreFile,
  migrations: DEVCORE_MIGRATIONS,
};

export function openDevcoreStore(dataDir: string): Promise<DevcoreStore> {
  return openJsonFileStore(dataDir, devcoreStoreDefinition);
}
