// memory.json: the memory nodes of spec 000 §3.1, per account (what the owner asked Kiri to remember).
import { z } from 'zod';
import { applyMemoryOp, type MemoryOp } from '../chat/memories';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from './json-file-store';

export const MEMORY_FILE_VERSION = 1;

export const MEMORY_CONTEXT_TYPES = [
  'conversation',
  'reflection',
  'observation',
  'learning',
  'bonding',
] as const;

const unit = z.number().min(0).max(1);

export const memoryNodeSchema = z.object({
  id: z.string().min(1),
  content: z.string().min(1),
  contextType: z.enum(MEMORY_CONTEXT_TYPES),
  /** 'chat' when made from a conversation, 'user' when made from the memory panel. */
  source: z.string().min(1),
  ownerOnly: z.boolean(),
  timestamp: z.number().int().nonnegative(),
  accessCount: z.number().int().nonnegative(),
  importance: unit,
  emotionalWeight: z.record(z.string(), unit),
  semanticTags: z.array(z.string()),
  linkedNodes: z.array(z.string()),
  /**
   * The owner message this node was made from, if any. A chat request that is retried after a crash
   * between the two files' writes finds its node here instead of adding a second one.
   */
  sourceMessageId: z.string().nullable(),
});

export const memoryFileSchema = z.object({
  version: z.literal(MEMORY_FILE_VERSION),
  accounts: z.record(z.string(), z.object({ nodes: z.array(memoryNodeSchema) })),
});

export type MemoryNode = z.infer<typeof memoryNodeSchema>;
export type MemoryFile = z.infer<typeof memoryFileSchema>;
export type MemoryStore = JsonFileStore<MemoryFile, MemoryOp>;

export function defaultMemoryFile(): MemoryFile {
  return { version: MEMORY_FILE_VERSION, accounts: {} };
}

/** migrations[n] turns version n into n + 1. Version 1 is the first. */
export const MEMORY_MIGRATIONS: Record<number, Migration> = {};

export const memoryStoreDefinition: StoreDefinition<MemoryFile, MemoryOp> = {
  fileName: 'memory.json',
  currentVersion: MEMORY_FILE_VERSION,
  schema: memoryFileSchema,
  defaults: defaultMemoryFile,
  migrations: MEMORY_MIGRATIONS,
  apply: applyMemoryOp,
};

export function openMemoryStore(dataDir: string): Promise<MemoryStore> {
  return openJsonFileStore(dataDir, memoryStoreDefinition);
}
