// What a sync does, step by step (docs/sync-control.md), over the stores and services that own each
// thing: the lattice's consolidation, the compiled memory file, a version-guard snapshot, the auth
// store's expired sessions and the image service's expired temporary photos. Each step answers a line
// for the sync log saying what it really did.
import { join } from 'node:path';
import { SESSION_TTL_MS } from '../auth/auth-service';
import type { ImageService } from '../images/image-service';
import type { ConsolidateOptions, ConsolidationReport } from '../memory/consolidation';
import type { MemoryLattice } from '../memory/memory-lattice';
import { writeFileDurably } from '../store/atomic-json-file';
import type { Stores } from '../store/stores';
import type { VersionGuard } from '../version-guard/version-guard';

/** The compiled memory file: every account's memories, most important first (rebuilt by each sync). */
export const COMPILED_MEMORY_FILE = 'compiled-memory.json';

export interface SyncSteps {
  /** Accounts that hold memories. */
  accounts(): string[];
  consolidate(account: string, options: ConsolidateOptions): Promise<ConsolidationReport>;
  /** Writes COMPILED_MEMORY_FILE; answers how many memories it holds. */
  compile(): Promise<number>;
  /** A version-guard snapshot of DATA_DIR; answers its id. */
  snapshot(description: string): Promise<string>;
  /** Forgets login sessions unused for SESSION_TTL_MS; answers how many. */
  pruneSessions(): Promise<number>;
  /** Deletes temporary photos past their 24 h; answers how many. */
  pruneTemporaryPhotos(): Promise<number>;
}

export interface SyncStepDeps {
  dataDir: string;
  stores: Pick<Stores, 'memory' | 'auth' | 'images'>;
  lattice: MemoryLattice;
  guard: VersionGuard;
  images: ImageService;
  clock: () => number;
}

export function syncSteps(deps: SyncStepDeps): SyncSteps {
  const { stores, clock } = deps;
  return {
    accounts: () => Object.keys(stores.memory.data.accounts),
    consolidate: (account, options) => deps.lattice.consolidate(account, options),
    async compile() {
      const accounts: Record<string, unknown[]> = {};
      let count = 0;
      for (const account of Object.keys(stores.memory.data.accounts)) {
        const nodes = [...deps.lattice.list(account)].sort(
          (a, b) => b.importance - a.importance || b.accessCount - a.accessCount,
        );
        accounts[account] = nodes.map((node) => ({
          id: node.id,
          content: node.content,
          contextType: node.contextType,
          importance: node.importance,
          accessCount: node.accessCount,
          semanticTags: node.semanticTags,
          ownerOnly: node.ownerOnly,
          createdAt: new Date(node.timestamp).toISOString(),
        }));
        count += nodes.length;
      }
      const compiled = { version: 1, compiledAt: new Date(clock()).toISOString(), accounts };
      // In DATA_DIR's at-rest format, as every store file (docs/encryption.md).
      await writeFileDurably(
        join(deps.dataDir, COMPILED_MEMORY_FILE),
        `${JSON.stringify(compiled, null, 2)}\n`,
      );
      return count;
    },
    async snapshot(description) {
      return (await deps.guard.snapshot(description, 'weekly-sync')).id;
    },
    async pruneSessions() {
      const now = clock();
      let pruned = 0;
      // The auth service notes each use on these same objects, so lastUsedAt is current here.
      const expired = Object.entries(stores.auth.data.sessions).filter(
        ([, session]) => now - session.lastUsedAt > SESSION_TTL_MS,
      );
      if (expired.length === 0) return 0;
      await stores.auth.update((data) => {
        for (const [hash, session] of Object.entries(data.sessions)) {
          if (now - session.lastUsedAt > SESSION_TTL_MS) {
            delete data.sessions[hash];
            pruned += 1;
          }
        }
      });
      return pruned;
    },
    async pruneTemporaryPhotos() {
      const live = () =>
        new Set(
          Object.values(stores.images.data.images)
            .filter((record) => record.expiresAt !== null && record.deletedAt === null)
            .map((record) => record.id),
        );
      const before = live();
      await deps.images.sweep();
      const after = live();
      return [...before].filter((id) => !after.has(id)).length;
    },
  };
}
