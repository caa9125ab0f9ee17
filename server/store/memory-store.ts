// memory.json: the memory nodes of spec 000 §3.1, per account (what the owner asked Kiri to remember).
import { z } from 'zod';
import { copyFile } from 'node:fs/promises';
import { applyMemoryOp, type MemoryOp } from '../chat/memories';
import { readTerms } from '../../src/engine/language/terms';
import { emotionalWeightOf } from '../memory/emotions';
import { linksFor, sealOf, tagsOf } from '../memory/lattice-rules';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from './json-file-store';

export const MEMORY_FILE_VERSION = 1;

/**
 * A memory's type: spec 000 §3.1's five context types, then the other four of the memory dashboard's
 * (spec 002 §5: conversation is in both; src/domain/memory-dashboard.ts MEMORY_TYPES). The four joined the
 * enum without a version change: files written before hold only the first five, which still parse.
 */
export const MEMORY_CONTEXT_TYPES = [
  'conversation',
  'reflection',
  'observation',
  'learning',
  'bonding',
  'preference',
  'personality',
  'context',
  'relationship',
] as const;

export type MemoryContextType = (typeof MEMORY_CONTEXT_TYPES)[number];

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
  /**
   * The node's seal: sha256 of what never changes after creation (server/memory/lattice-rules.ts
   * sealOf). A node whose seal no longer matches was changed outside Kiri: the integrity check reports
   * it. Absent on nodes written before the lattice; the store seals them when it opens.
   */
  checksum: z.string().optional(),
  /** When a search or a recall last returned it (ms), for the active threads. */
  lastAccessedAt: z.number().int().nonnegative().nullable().optional(),
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

/**
 * Rule: needsLatticeUpgrade. A node written before the lattice (issue 11): no seal, and, if it came from
 * the chat, no emotional weights and only the old word-list tags.
 */
export function needsLatticeUpgrade(node: MemoryNode): boolean {
  return node.checksum === undefined;
}

/**
 * Brings the chat's earlier memories onto the lattice: weights read from their words, tags from their
 * entities and key terms, links to the related earlier nodes, a seal. Nodes keep their id, content,
 * time, importance and accesses.
 */
export function upgradeToLattice(data: MemoryFile): number {
  let upgraded = 0;
  for (const { nodes } of Object.values(data.accounts)) {
    nodes.forEach((node, index) => {
      if (!needsLatticeUpgrade(node)) return;
      const terms = readTerms(node.content);
      if (Object.keys(node.emotionalWeight).length === 0) {
        node.emotionalWeight = emotionalWeightOf(node.content, terms);
      }
      node.semanticTags = tagsOf(terms);
      node.lastAccessedAt ??= null;
      const entityTags = terms.entities.map((entity) => entity.value.toLowerCase());
      const earlier = nodes.slice(0, index);
      for (const id of linksFor(node.semanticTags, entityTags, earlier)) {
        if (!node.linkedNodes.includes(id)) node.linkedNodes.push(id);
        const other = earlier.find((n) => n.id === id)!;
        if (!other.linkedNodes.includes(node.id)) other.linkedNodes.push(node.id);
      }
      node.checksum = sealOf(node);
      upgraded += 1;
    });
  }
  return upgraded;
}

/** The copy kept before the upgrade onto the lattice (a risky change: keep what was there). */
export const PRE_LATTICE_BACKUP = 'memory.json.pre-lattice.bak';

export async function openMemoryStore(dataDir: string): Promise<MemoryStore> {
  const store = await openJsonFileStore(dataDir, memoryStoreDefinition);
  const pending = Object.values(store.data.accounts).some(({ nodes }) =>
    nodes.some(needsLatticeUpgrade),
  );
  if (pending) {
    // The store folded its journal into memory.json when it opened: the file is the whole data.
    await copyFile(store.path, `${dataDir}/${PRE_LATTICE_BACKUP}`);
    await store.update((data) => {
      upgradeToLattice(data);
    });
  }
  return store;
}
