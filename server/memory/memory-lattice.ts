// The memory lattice (spec 000 §3.1, docs/memory.md): memory.json's nodes per account, their search
// index, the integrity check, memory.json's snapshots and the dreams. The chat, the routes and the
// background tick all go through here.
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sessionIdAt } from '../../src/domain/day-session';
import { uuidv7 } from '../../src/domain/uuidv7';
import {
  chatMemoryNode,
  MAX_MEMORY_NODES,
  makeNode,
  nodesOf,
  type NewNode,
} from '../chat/memories';
import type { MemoryItem } from '../../src/engine/companion/types';
import { readStoreText, writeFileDurably } from '../store/atomic-json-file';
import type { MemoryNode, MemoryStore } from '../store/memory-store';
import type { PowerState } from '../power/power-rules';
import { consolidate, type ConsolidateOptions, type ConsolidationReport } from './consolidation';
import { dreamSequencesOf, dreamtPairs, DREAM_INTERVAL_MS, MAX_DREAMS_PER_ACCOUNT } from './dreams';
import {
  activeThreadsOf,
  anchorsOf,
  checkIntegrity,
  isAwakened,
  isBackupRequired,
  MAX_SNAPSHOTS,
  MIN_SEARCH_CHARS,
  type IntegrityReport,
} from './lattice-rules';
import type { Dream, LatticeStore, Snapshot } from './lattice-store';
import { SNAPSHOT_DIR } from './lattice-store';
import { MemoryIndex, type SearchHit } from './memory-search';

/** How many memories the engine sees: the relevant ones first, then the newest. */
export const MEMORIES_FOR_ENGINE = 50;

export interface MemoryStatus {
  totalNodes: number;
  activeThreads: number;
  corruptionDetected: boolean;
  backupRequired: boolean;
  /** What the integrity check found (counts), and when the newest snapshot was taken. */
  integrity: { brokenLinks: number; checksumMismatches: number; snapshotMismatch: boolean };
  lastSnapshotAt: number | null;
}

export interface SnapshotCheck {
  id: string;
  ok: boolean;
}

export interface MemoryLatticeOptions {
  memory: MemoryStore;
  lattice: LatticeStore;
  dataDir: string;
  clock: () => number;
  timeZone: string;
  powerState: () => PowerState;
  log?: (line: string) => void;
}

export class MemoryLattice {
  private readonly indexes = new Map<string, MemoryIndex>();
  /** The newest snapshot's file checked against its sha256: the result, and for which snapshot. */
  private snapshotCheck: SnapshotCheck | null = null;
  private snapshotting: Promise<Snapshot | null> | null = null;

  constructor(private readonly options: MemoryLatticeOptions) {}

  private nodes(account: string): MemoryNode[] {
    return nodesOf(this.options.memory.data, account);
  }

  private indexOf(account: string): MemoryIndex {
    let index = this.indexes.get(account);
    if (!index) {
      index = new MemoryIndex(this.nodes(account));
      this.indexes.set(account, index);
    }
    return index;
  }

  /** Before memory.json forgets a node past the cap (a risky change), a snapshot of what is there. */
  private async beforeAdding(account: string): Promise<void> {
    if (this.nodes(account).length >= MAX_MEMORY_NODES) await this.snapshot('before-forgetting');
  }

  async create(account: string, fields: NewNode): Promise<MemoryNode> {
    await this.beforeAdding(account);
    const node = makeNode(fields, this.options.clock(), this.nodes(account));
    await this.options.memory.commit({ account, add: node });
    this.indexOf(account).sync(this.nodes(account));
    return this.nodes(account).find((n) => n.id === node.id) ?? node;
  }

  /** 'remember that …' in the chat; a retried request finds the node made the first time. */
  async rememberFromChat(
    account: string,
    content: string,
    message: string,
    sourceMessageId: string | null,
    at: number,
  ): Promise<void> {
    await this.beforeAdding(account);
    const node = chatMemoryNode(content, at, sourceMessageId, this.nodes(account), message);
    await this.options.memory.commit({ account, add: node });
    this.indexOf(account).sync(this.nodes(account));
  }

  /** Ranked hits; each one counts an access (spec: 'each hit counts an access'). */
  async search(account: string, query: string, limit?: number): Promise<SearchHit[]> {
    const text = query.trim();
    if (text.length < MIN_SEARCH_CHARS) return [];
    // A smaller limit (the memory sync panel's) counts accesses only for the hits it returns.
    const hits = this.indexOf(account).search(text, this.nodes(account), limit);
    if (hits.length > 0) {
      await this.options.memory.commit({
        account,
        access: hits.map((hit) => hit.node.id),
        at: this.options.clock(),
      });
    }
    return hits;
  }

  /**
   * For CompanionInput.memories: the nodes relevant to the message first (best first), then the rest
   * newest first; at most `limit` (MEMORIES_FOR_ENGINE; the device's copy asks for more, with no
   * message: the newest). Counts nothing: the engine may not use them.
   */
  forEngine(account: string, message: string, limit = MEMORIES_FOR_ENGINE): MemoryItem[] {
    const nodes = this.nodes(account);
    // No memories: nothing to search (the search's reading of the message is most of a chat's lookup).
    if (nodes.length === 0) return [];
    const relevant =
      message.trim().length >= MIN_SEARCH_CHARS
        ? this.indexOf(account).search(message, nodes, limit)
        : [];
    const first = new Set(relevant.map((hit) => hit.node.id));
    const rest = nodes
      .filter((node) => !first.has(node.id))
      .sort((a, b) => b.timestamp - a.timestamp);
    return [...relevant.map((hit) => hit.node), ...rest].slice(0, limit).map((node) => ({
      content: node.content,
      timestamp: node.timestamp,
      ownerOnly: node.ownerOnly,
    }));
  }

  /** The owner asked Kiri to recall: the best match counts an access (it was recalled). */
  async noteRecall(account: string, message: string): Promise<void> {
    if (message.trim().length < MIN_SEARCH_CHARS) return;
    const best = this.indexOf(account).search(message, this.nodes(account), 1)[0];
    if (best) {
      await this.options.memory.commit({
        account,
        access: [best.node.id],
        at: this.options.clock(),
      });
    }
  }

  list(account: string): MemoryNode[] {
    return [...this.nodes(account)].sort((a, b) => b.timestamp - a.timestamp);
  }

  integrity(account: string): IntegrityReport {
    return checkIntegrity(this.nodes(account));
  }

  async status(account: string): Promise<MemoryStatus> {
    const now = this.options.clock();
    const nodes = this.nodes(account);
    const report = checkIntegrity(nodes);
    const newest = this.newestSnapshot();
    const snapshotOk = await this.verifyNewestSnapshot();
    return {
      totalNodes: nodes.length,
      activeThreads: activeThreadsOf(nodes, now),
      corruptionDetected:
        report.brokenLinks.length > 0 || report.checksumMismatches.length > 0 || !snapshotOk,
      backupRequired: isBackupRequired(nodes.length, newest?.takenAt ?? null, now),
      integrity: {
        brokenLinks: report.brokenLinks.length,
        checksumMismatches: report.checksumMismatches.length,
        snapshotMismatch: !snapshotOk,
      },
      lastSnapshotAt: newest?.takenAt ?? null,
    };
  }

  soulAwakening(account: string): { awakened: boolean; anchors: number; timestamp: number } {
    const anchors = anchorsOf(this.nodes(account));
    return { awakened: isAwakened(anchors), anchors, timestamp: this.options.clock() };
  }

  // ---- snapshots of memory.json ----

  snapshots(): Snapshot[] {
    return [...this.options.lattice.data.snapshots].sort((a, b) => b.takenAt - a.takenAt);
  }

  private newestSnapshot(): Snapshot | null {
    return this.snapshots()[0] ?? null;
  }

  /** The newest snapshot's file still hashes to what was recorded (checked once per snapshot). */
  async verifyNewestSnapshot(): Promise<boolean> {
    const newest = this.newestSnapshot();
    if (!newest) return true;
    if (this.snapshotCheck?.id === newest.id) return this.snapshotCheck.ok;
    let ok: boolean;
    try {
      // The recorded hash is of the JSON text; the file may be encrypted at rest (docs/encryption.md).
      const text = await readStoreText(join(this.options.dataDir, SNAPSHOT_DIR, newest.file));
      ok = text !== null && createHash('sha256').update(text).digest('hex') === newest.sha256;
    } catch {
      ok = false;
    }
    this.snapshotCheck = { id: newest.id, ok };
    return ok;
  }

  /** Forgets the cached check (a test that damages a snapshot file, or a manual scan). */
  recheck(): void {
    this.snapshotCheck = null;
  }

  /** Writes memory.json's data as it is now to memory-snapshots/, and records its sha256. */
  snapshot(reason: Snapshot['reason']): Promise<Snapshot | null> {
    this.snapshotting ??= this.takeSnapshot(reason).finally(() => {
      this.snapshotting = null;
    });
    return this.snapshotting;
  }

  private async takeSnapshot(reason: Snapshot['reason']): Promise<Snapshot> {
    const now = this.options.clock();
    await this.options.memory.flush();
    const data = this.options.memory.data;
    const text = `${JSON.stringify(data)}\n`;
    const dir = join(this.options.dataDir, SNAPSHOT_DIR);
    await mkdir(dir, { recursive: true });
    const id = uuidv7(now);
    const file = `memory-${new Date(now).toISOString().replace(/[:.]/g, '-')}-${id.slice(-6)}.json`;
    await writeFileDurably(join(dir, file), text);
    const snapshot: Snapshot = {
      id,
      file,
      takenAt: now,
      day: sessionIdAt(now, this.options.timeZone),
      reason,
      bytes: Buffer.byteLength(text),
      nodes: Object.values(data.accounts).reduce((sum, { nodes }) => sum + nodes.length, 0),
      sha256: createHash('sha256').update(text).digest('hex'),
    };
    await this.options.lattice.update((lattice) => {
      lattice.snapshots.push(snapshot);
      lattice.snapshots.sort((a, b) => a.takenAt - b.takenAt);
      lattice.snapshots.splice(0, Math.max(0, lattice.snapshots.length - MAX_SNAPSHOTS));
    });
    this.snapshotCheck = { id, ok: true };
    await this.removeUnlistedSnapshots(dir);
    return snapshot;
  }

  private async removeUnlistedSnapshots(dir: string): Promise<void> {
    const kept = new Set(this.options.lattice.data.snapshots.map((s) => s.file));
    for (const name of await readdir(dir)) {
      if (name.startsWith('memory-') && name.endsWith('.json') && !kept.has(name)) {
        await rm(join(dir, name), { force: true });
      }
    }
  }

  // ---- dreams ----

  dreams(account: string): Dream[] {
    return this.options.lattice.data.dreams
      .filter((dream) => dream.account === account)
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  /** While asleep, at most once an hour: recombines related memories of every account. */
  async dream(): Promise<Dream[]> {
    const now = this.options.clock();
    const { lattice } = this.options;
    if (this.options.powerState() !== 'sleeping') return [];
    const last = lattice.data.lastDreamAt;
    if (last !== null && now - last < DREAM_INTERVAL_MS) return [];
    const made: Dream[] = [];
    for (const [account, { nodes }] of Object.entries(this.options.memory.data.accounts)) {
      const before = dreamtPairs(this.dreams(account));
      // Owner-only memories are private: they stay out of dreams as out of a provider's prompt.
      const shared = nodes.filter((node) => !node.ownerOnly);
      dreamSequencesOf(shared, before).forEach((sequence, i) => {
        made.push({ id: uuidv7(now + i), account, createdAt: now, ...sequence });
      });
    }
    await lattice.update((data) => {
      data.lastDreamAt = now;
      data.dreams.push(...made);
      const accounts = new Set(data.dreams.map((d) => d.account));
      for (const account of accounts) {
        const own = data.dreams.filter((d) => d.account === account);
        const excess = own.length - MAX_DREAMS_PER_ACCOUNT;
        if (excess > 0) {
          const drop = new Set(own.sort((a, b) => a.createdAt - b.createdAt).slice(0, excess));
          data.dreams = data.dreams.filter((d) => !drop.has(d));
        }
      }
    });
    return made;
  }

  // ---- the background tick ----

  /** The day's snapshot at the first tick of a new local day, and a dream while asleep. */
  async tick(): Promise<void> {
    const now = this.options.clock();
    const today = sessionIdAt(now, this.options.timeZone);
    const newest = this.newestSnapshot();
    if (!newest || newest.day !== today) await this.snapshot('daily');
    await this.dream();
  }

  /**
   * The nodes forEngine gives for `message`, in its order (the relevant first, then the newest), as
   * nodes: the memory sync panel's conversation context. Counts nothing, as forEngine.
   */
  recallNodes(account: string, message: string, limit = MEMORIES_FOR_ENGINE): MemoryNode[] {
    const nodes = this.nodes(account);
    const relevant =
      message.trim().length >= MIN_SEARCH_CHARS
        ? this.indexOf(account)
            .search(message, nodes, limit)
            .map((hit) => hit.node)
        : [];
    const first = new Set(relevant.map((node) => node.id));
    const rest = nodes
      .filter((node) => !first.has(node.id))
      .sort((a, b) => b.timestamp - a.timestamp);
    return [...relevant, ...rest].slice(0, limit);
  }

  // ---- rebuilt from disk (issue 16's system control panel) ----

  /**
   * Drops the search indexes and the cached snapshot check and builds the indexes again from memory.json
   * as it is now: after a rollback reloaded it, or the reindex-memory task. Answers the nodes indexed.
   */
  rebuildIndexes(): number {
    this.indexes.clear();
    this.snapshotCheck = null;
    let indexed = 0;
    for (const account of Object.keys(this.options.memory.data.accounts)) {
      indexed += this.nodes(account).length;
      this.indexOf(account);
    }
    return indexed;
  }

  // ---- consolidation (the manual console's Learning Task: ./consolidation.ts) ----

  /**
   * Merges the account's near-duplicate memories and fades the ones never recalled. A merge forgets a
   * node, so a snapshot of memory.json is taken first whenever one will happen (a risky change).
   */
  async consolidate(
    account: string,
    options: ConsolidateOptions = {},
  ): Promise<ConsolidationReport> {
    const now = this.options.clock();
    const preview = consolidate(structuredClone(this.nodes(account)), now, options);
    const forgets = preview.merged.length > 0 || (preview.forgotten?.length ?? 0) > 0;
    if (forgets) await this.snapshot('before-forgetting');
    let report: ConsolidationReport = { examined: 0, merged: [], decayed: [] };
    if (forgets || preview.decayed.length > 0) {
      await this.options.memory.update((data) => {
        report = consolidate(nodesOf(data, account), now, options);
      });
      this.indexOf(account).sync(this.nodes(account));
    } else {
      report = preview;
    }
    // A pass that found nothing to change still ran: the memory dashboard's last optimization.
    await this.options.lattice.update((data) => {
      data.consolidatedAt = { ...data.consolidatedAt, [account]: now };
    });
    return report;
  }

  /** When the account's memories were last consolidated (ms), or null when never (recorded). */
  lastConsolidatedAt(account: string): number | null {
    const recorded = this.options.lattice.data.consolidatedAt ?? {};
    return Object.hasOwn(recorded, account) ? recorded[account]! : null;
  }

  /** The accounts that hold at least one memory. */
  accountsWithMemories(): string[] {
    return Object.entries(this.options.memory.data.accounts)
      .filter(([, { nodes }]) => nodes.length > 0)
      .map(([account]) => account);
  }
}

/** The lattice's tick, every 15 minutes (unref'd) from startBackground, and once at start. */
export const LATTICE_TICK_MS = 15 * 60_000;

export class LatticeTicks {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly lattice: MemoryLattice,
    private readonly powerState: () => PowerState,
    private readonly log: { warn: (line: string) => void },
  ) {}

  start(): void {
    if (this.timer) return;
    this.run();
    this.timer = setInterval(() => this.run(), LATTICE_TICK_MS);
    this.timer.unref();
  }

  private run(): void {
    // Deep pause stops the background work: no snapshot, no dream until Kiri is back.
    if (this.running || this.powerState() === 'deep-pause') return;
    this.running = this.lattice
      .tick()
      .catch((error: unknown) => this.log.warn(`memory lattice tick failed: ${String(error)}`))
      .finally(() => {
        this.running = null;
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
