// mirror-bridge.json: whether the bridge runs (so a restart resumes it as it was), the content hashes of
// every file and message it imported (so a second copy imports nothing), the counts and recent messages
// the logs show, the last git mirror and the last problems. Written per import or sync: rewritten whole.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const MIRROR_BRIDGE_FILE_VERSION = 1;
/** Spec 001 §9: the logs show the last 10 messages. */
export const RECENT_MESSAGE_COUNT = 10;
/** Hashes kept to recognise a copy; the oldest go first (a copy of an export that old imports again). */
export const MESSAGE_HASH_CAP = 50_000;
export const FILE_HASH_CAP = 5_000;
export const PROBLEM_COUNT = 10;

const timestamp = z.number().int().nonnegative();

export const bridgeMessageSchema = z.object({
  author: z.string(),
  timestamp,
  message: z.string(),
  emotion: z.string(),
  /** The side of the chat it joined: 'user' (the owner's) or 'kiri'. */
  type: z.enum(['user', 'kiri']),
});

export const bridgeProblemSchema = z.object({
  at: timestamp,
  file: z.string(),
  reason: z.string(),
});

export const importedFileSchema = z.object({
  hash: z.string(),
  name: z.string(),
  at: timestamp,
  imported: z.number().int().nonnegative(),
});

export const mirrorBridgeFileSchema = z.object({
  version: z.literal(MIRROR_BRIDGE_FILE_VERSION),
  running: z.boolean(),
  /** Oldest first. */
  files: z.array(importedFileSchema),
  /** Oldest first. */
  messageHashes: z.array(z.string()),
  totalMessages: z.number().int().nonnegative(),
  /** The last import that brought messages, or git mirror that committed; null: never. */
  lastSync: timestamp.nullable(),
  /** Newest last, at most RECENT_MESSAGE_COUNT. */
  recent: z.array(bridgeMessageSchema),
  lastMirror: z
    .object({ at: timestamp, commit: z.string().nullable(), files: z.number().int().nonnegative() })
    .nullable(),
  /** Newest last, at most PROBLEM_COUNT. */
  problems: z.array(bridgeProblemSchema),
});

export type BridgeMessage = z.infer<typeof bridgeMessageSchema>;
export type BridgeProblem = z.infer<typeof bridgeProblemSchema>;
export type MirrorBridgeFile = z.infer<typeof mirrorBridgeFileSchema>;
export type MirrorBridgeStore = JsonFileStore<MirrorBridgeFile>;

export function defaultMirrorBridgeFile(): MirrorBridgeFile {
  return {
    version: MIRROR_BRIDGE_FILE_VERSION,
    running: false,
    files: [],
    messageHashes: [],
    totalMessages: 0,
    lastSync: null,
    recent: [],
    lastMirror: null,
    problems: [],
  };
}

export const MIRROR_BRIDGE_MIGRATIONS: Record<number, Migration> = {};

export const mirrorBridgeStoreDefinition: StoreDefinition<MirrorBridgeFile> = {
  fileName: 'mirror-bridge.json',
  currentVersion: MIRROR_BRIDGE_FILE_VERSION,
  schema: mirrorBridgeFileSchema,
  defaults: defaultMirrorBridgeFile,
  migrations: MIRROR_BRIDGE_MIGRATIONS,
};

export function openMirrorBridgeStore(dataDir: string): Promise<MirrorBridgeStore> {
  return openJsonFileStore(dataDir, mirrorBridgeStoreDefinition);
}
