// memory-lattice.json: what the lattice keeps beside memory.json: the index of memory.json's snapshots
// (each file in DATA_DIR/memory-snapshots with its sha256), the dream sequences made while Kiri sleeps,
// and when each account was last consolidated. Written rarely (a snapshot a day, a few dreams a night, a
// consolidation a week): rewritten whole, no journal.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type StoreDefinition,
} from '../store/json-file-store';

export const LATTICE_FILE_VERSION = 1;
export const SNAPSHOT_DIR = 'memory-snapshots';

export const SNAPSHOT_REASONS = ['daily', 'before-forgetting', 'manual'] as const;

export const snapshotSchema = z.object({
  id: z.string().min(1),
  /** File name inside SNAPSHOT_DIR. */
  file: z.string().min(1),
  takenAt: z.number().int().nonnegative(),
  /** The owner's local day (yyyy-MM-dd) it was taken on. */
  day: z.string(),
  reason: z.enum(SNAPSHOT_REASONS),
  bytes: z.number().int().nonnegative(),
  /** Nodes in the whole file (every account). */
  nodes: z.number().int().nonnegative(),
  sha256: z.string().length(64),
});

export const dreamSchema = z.object({
  id: z.string().min(1),
  account: z.string().min(1),
  createdAt: z.number().int().nonnegative(),
  /** The memories recombined, in the order dreamt. */
  nodeIds: z.array(z.string()).min(2),
  /** The tags the memories share (what the dream is about). */
  theme: z.array(z.string()),
  /** The strongest feeling of the memories together. */
  mood: z.string(),
  /** The memories' words, one fragment each. */
  fragments: z.array(z.string()),
});

export const latticeFileSchema = z.object({
  version: z.literal(LATTICE_FILE_VERSION),
  snapshots: z.array(snapshotSchema),
  dreams: z.array(dreamSchema),
  lastDreamAt: z.number().int().nonnegative().nullable(),
  /**
   * When each account's memories were last consolidated (MemoryLattice.consolidate: the weekly and bloom
   * syncs, the console's Learning Task), in ms: the memory dashboard's last optimization. Optional, with
   * no version change: a file written before has none (no consolidation was recorded then).
   */
  consolidatedAt: z.record(z.string(), z.number().int().nonnegative()).optional(),
});

export type Snapshot = z.infer<typeof snapshotSchema>;
export type Dream = z.infer<typeof dreamSchema>;
export type LatticeFile = z.infer<typeof latticeFileSchema>;
export type LatticeStore = JsonFileStore<LatticeFile>;

export const latticeStoreDefinition: StoreDefinition<LatticeFile> = {
  fileName: 'memory-lattice.json',
  currentVersion: LATTICE_FILE_VERSION,
  schema: latticeFileSchema,
  defaults: () => ({
    version: LATTICE_FILE_VERSION,
    snapshots: [],
    dreams: [],
    lastDreamAt: null,
    consolidatedAt: {},
  }),
  migrations: {},
};

export function openLatticeStore(dataDir: string): Promise<LatticeStore> {
  return openJsonFileStore(dataDir, latticeStoreDefinition);
}
