// The registry of the system control panel's commands (spec 001 §2; docs/system-control.md says what each
// does and where it has nothing to act on). Each has its own zod params schema, checked at the door
// (a 400 names the reason), and reports real progress through its own steps.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { OWNER_ACCOUNT } from '../chat/account';
import { findAccount } from '../chat/conversation-log';
import type { DevcoreService } from '../devcore/devcore-service';
import type { MemoryLattice } from '../memory/memory-lattice';
import { writeFileDurably } from '../store/atomic-json-file';
import type { Stores } from '../store/stores';
import { EXPORTS_DIR, type VersionGuard } from '../version-guard/version-guard';
import { exactDuplicateCount, mergeExactDuplicates } from './memory-compaction';
import { photosWithoutMessage, strayUploadFiles } from './upload-pruning';

/** Exports kept in DATA_DIR/exports; older ones are removed as a new one is written. */
export const MAX_EXPORTS = 10;
/** A file in uploads/ younger than this may belong to an upload being finished: never a stray. */
export const STRAY_MIN_AGE_MS = 60 * 60 * 1000;

export interface CommandContext {
  dataDir: string;
  stores: Stores;
  lattice: MemoryLattice;
  devcore: DevcoreService;
  guard: VersionGuard;
  clock: () => number;
  /** Reports progress: done of total steps. */
  progress: (done: number, total: number) => void;
}

export interface Command<S extends z.ZodType = z.ZodType> {
  name: string;
  /** One line for the panel's hint. */
  summary: string;
  params: S;
  /** Resolves with what it did, in words; throws with the reason it failed. */
  run: (context: CommandContext, params: z.output<S>) => Promise<string>;
}

const noParams = z.object({}).strict();

function command<S extends z.ZodType>(definition: Command<S>): Command<S> {
  return definition;
}

const snapshot = command({
  name: 'snapshot',
  summary:
    'A version-guard snapshot of every JSON file in DATA_DIR ({"description": "…"} optional)',
  params: z
    .object({
      description: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    })
    .strict(),
  run: async (context, params) => {
    const view = await context.guard.takeSnapshot(
      params.description || 'Manual snapshot',
      'hydra-task',
      context.progress,
    );
    return `Snapshot ${view.id}: ${view.files.length} files`;
  },
});

const compactMemory = command({
  name: 'compact-memory',
  summary: 'Merges exact duplicate memories (same text, kind and source), after a memory snapshot',
  params: noParams,
  run: async (context) => {
    const { memory } = context.stores;
    const duplicates = exactDuplicateCount(memory.data);
    if (duplicates === 0) return 'No exact duplicate memories: nothing to merge';
    context.progress(1, 3);
    // The lattice's own snapshot of memory.json before nodes go (as before it forgets one past its cap).
    await context.lattice.snapshot('before-forgetting');
    context.progress(2, 3);
    let removed = 0;
    await memory.update((data) => {
      removed = mergeExactDuplicates(data);
    });
    context.lattice.rebuildIndexes();
    return `Merged ${removed} duplicate ${removed === 1 ? 'memory' : 'memories'}`;
  },
});

const rebuildCompiledMemory = command({
  name: 'rebuild-compiled-memory',
  summary: "Rewrites memory.json whole, with its journal folded in (the lattice's compiled file)",
  params: noParams,
  run: async (context) => {
    const { memory } = context.stores;
    await memory.compact();
    context.progress(1, 2);
    const size = (await stat(memory.path)).size;
    const nodes = Object.values(memory.data.accounts).reduce((sum, a) => sum + a.nodes.length, 0);
    return `memory.json rewritten: ${nodes} memories, ${size} bytes, journal empty`;
  },
});

const pruneUploads = command({
  name: 'prune-uploads',
  summary: 'Deletes photos whose chat message is gone, and files in uploads/ that no photo names',
  params: noParams,
  run: async (context) => {
    const { images, conversations } = context.stores;
    const now = context.clock();
    const uploads = join(context.dataDir, 'uploads');
    const logIds = new Map<string, Set<string>>();
    const logIdsOf = (account: string) => {
      let ids = logIds.get(account);
      if (!ids) {
        ids = new Set(findAccount(conversations.data, account)?.log.map((e) => e.id) ?? []);
        logIds.set(account, ids);
      }
      return ids;
    };
    const records = Object.values(images.data.images);
    const orphans = photosWithoutMessage(records, logIdsOf);
    const names = await readdir(uploads).catch(() => [] as string[]);
    const oldEnough: string[] = [];
    for (const name of names) {
      const info = await stat(join(uploads, name)).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs >= STRAY_MIN_AGE_MS) oldEnough.push(name);
    }
    const strays = strayUploadFiles(oldEnough, new Set(records.map((r) => r.id)));
    const total = orphans.length + strays.length;
    let done = 0;
    for (const record of orphans) {
      const ids = names.filter((name) => name.split('.')[0] === record.id);
      await Promise.all(ids.map((name) => rm(join(uploads, name), { force: true })));
      // The record stays, marked deleted, as the image service's own sweep leaves it (replays).
      await images.commit({ id: record.id, deletedAt: now });
      context.progress(++done, total);
    }
    for (const name of strays) {
      await rm(join(uploads, name), { force: true });
      context.progress(++done, total);
    }
    if (total === 0) return 'Every stored photo still has its message: nothing to prune';
    return `Pruned ${orphans.length} photo${orphans.length === 1 ? '' : 's'} without a message and ${strays.length} stray file${strays.length === 1 ? '' : 's'}`;
  },
});

const exportData = command({
  name: 'export',
  summary: "Writes a JSON export of the owner's data into DATA_DIR/exports",
  params: noParams,
  run: async (context) => {
    const { stores } = context;
    const now = context.clock();
    const dir = join(context.dataDir, EXPORTS_DIR);
    const log = findAccount(stores.conversations.data, OWNER_ACCOUNT)?.log ?? [];
    const exported = {
      kind: 'kiri-export',
      version: 1,
      exportedAt: new Date(now).toISOString(),
      conversation: log,
      memories: stores.memory.data.accounts[OWNER_ACCOUNT]?.nodes ?? [],
      reminders: Object.values(stores.reminders.data.accounts[OWNER_ACCOUNT] ?? {}),
      personality: stores.personality.data,
      toneSync: stores.whisperbridge.data,
      photos: Object.values(stores.images.data.images).filter((r) => r.account === OWNER_ACCOUNT),
    };
    context.progress(1, 3);
    const name = `kiri-export-${new Date(now).toISOString().replace(/[:.]/g, '-')}.json`;
    // In DATA_DIR's at-rest format: an export is the owner's data, encrypted when the rest is.
    await mkdir(dir, { recursive: true });
    await writeFileDurably(join(dir, name), `${JSON.stringify(exported, null, 2)}\n`);
    context.progress(2, 3);
    const all = (await readdir(dir)).filter((n) => n.startsWith('kiri-export-')).sort();
    for (const old of all.slice(0, Math.max(0, all.length - MAX_EXPORTS))) {
      await rm(join(dir, old), { force: true });
    }
    return `exports/${name}: ${log.length} messages, ${exported.memories.length} memories, ${exported.photos.length} photos`;
  },
});

const reindexMemory = command({
  name: 'reindex-memory',
  summary: "Rebuilds the memory lattice's search index from memory.json",
  params: noParams,
  run: async (context) => {
    const indexed = context.lattice.rebuildIndexes();
    return `Search index rebuilt over ${indexed} memories`;
  },
});

const verifyIntegrity = command({
  name: 'verify-integrity',
  summary: "Runs the maintenance monitor's integrity scan of DATA_DIR's store files",
  params: noParams,
  run: async (context) => {
    const report = await context.devcore.scan('manual');
    const bad = report.files.filter((file) => !file.ok);
    if (bad.length > 0) {
      throw new Error(
        `Integrity scan found ${bad.length} damaged file${bad.length === 1 ? '' : 's'}: ` +
          bad.map((file) => `${file.file}: ${file.detail}`).join('; '),
      );
    }
    return `Integrity scan: ${report.files.length} files ok`;
  },
});

export const COMMANDS: readonly Command[] = [
  snapshot,
  compactMemory,
  rebuildCompiledMemory,
  pruneUploads,
  exportData,
  reindexMemory,
  verifyIntegrity,
] as Command[];

export const COMMAND_NAMES = COMMANDS.map((c) => c.name);

export function commandNamed(name: string): Command | null {
  return COMMANDS.find((c) => c.name === name) ?? null;
}

export const unknownCommand = (name: string) =>
  `Unknown command: ${name}. Known commands: ${COMMAND_NAMES.join(', ')}`;
