// whisperbridge.json: WhisperBridge Lite's settings and its tone-sync entries (spec 001 §3), oldest
// first. Journaled: an add appends one line rather than rewriting up to MAX_SYNC_ENTRIES entries.
import { z } from 'zod';
import {
  DEFAULT_WHISPER_CONFIG,
  EMOTION_TONES,
  PRIMARY_DEVICES,
  SYNC_MODES,
} from '../../src/domain/whisperbridge';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const WHISPERBRIDGE_FILE_VERSION = 1;

export const whisperConfigSchema = z.object({
  enabled: z.boolean(),
  training_mode: z.boolean(),
  tone_mirroring: z.boolean(),
  emotion_sync: z.boolean(),
  sync_mode: z.enum(SYNC_MODES),
  primary_device: z.enum(PRIMARY_DEVICES),
});

export const syncEntrySchema = z.object({
  id: z.string(),
  gpt_line: z.string(),
  gemini_mirror: z.string(),
  emotion_tone: z.enum(EMOTION_TONES),
  /** 0 to 100 (sync-quality.ts), fixed when the entry is added. */
  sync_quality: z.number().int().min(0).max(100),
  /** ISO 8601, UTC. */
  timestamp: z.string(),
  /** The user id that added it. */
  addedBy: z.string(),
});

export const whisperbridgeFileSchema = z.object({
  version: z.literal(WHISPERBRIDGE_FILE_VERSION),
  config: whisperConfigSchema,
  entries: z.array(syncEntrySchema),
});

export type SyncEntry = z.infer<typeof syncEntrySchema>;
export type WhisperbridgeFile = z.infer<typeof whisperbridgeFileSchema>;
export type WhisperConfigPatch = Partial<z.infer<typeof whisperConfigSchema>>;

export type WhisperbridgeOp =
  { type: 'add'; entry: SyncEntry } | { type: 'config'; patch: WhisperConfigPatch };

export type WhisperbridgeStore = JsonFileStore<WhisperbridgeFile, WhisperbridgeOp>;

export function applyWhisperbridgeOp(data: WhisperbridgeFile, op: WhisperbridgeOp): void {
  if (op.type === 'add') data.entries.push(op.entry);
  else Object.assign(data.config, op.patch);
}

export const WHISPERBRIDGE_MIGRATIONS: Record<number, Migration> = {};

export const whisperbridgeStoreDefinition: StoreDefinition<WhisperbridgeFile, WhisperbridgeOp> = {
  fileName: 'whisperbridge.json',
  currentVersion: WHISPERBRIDGE_FILE_VERSION,
  schema: whisperbridgeFileSchema,
  defaults: () => ({
    version: WHISPERBRIDGE_FILE_VERSION,
    config: { ...DEFAULT_WHISPER_CONFIG },
    entries: [],
  }),
  migrations: WHISPERBRIDGE_MIGRATIONS,
  apply: applyWhisperbridgeOp,
};

export function openWhisperbridgeStore(dataDir: string): Promise<WhisperbridgeStore> {
  return openJsonFileStore(dataDir, whisperbridgeStoreDefinition);
}
