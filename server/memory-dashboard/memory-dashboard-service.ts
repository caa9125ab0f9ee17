// The memory dashboard's calls (spec 002 §7 "Builds, generosity, memory"; docs/memory-dashboard.md) over
// the one memory lattice the chat uses (server/memory): its stats, the memory context a provider's prompt
// carries, a memory added by hand, and the compiled Markdown file. No store of its own.
import { sessionIdAt } from '../../src/domain/day-session';
import type { NewMemory } from '../../src/domain/memory-dashboard';
import { memoriesSection } from '../companion/prompt';
import type { MemoryLattice } from '../memory/memory-lattice';
import { threadsOf } from '../memory/lattice-rules';
import type { MemoryNode } from '../store/memory-store';
import type { ConversationEntry } from '../store/conversation-store';
import {
  compiledMemoryMarkdown,
  dashboardNodeFields,
  greetingBehaviorOf,
  lastOptimizationOf,
  memoryTypesOf,
  type SyncRunRecord,
} from './memory-dashboard-rules';

/** Spec 002 §3 "Memory stats". */
export interface MemoryDashboardStats {
  totalMemories: number;
  threadsCount: number;
  userCount: number;
  greetingBehavior: string;
  memoryTypes: Record<string, number>;
  /** ISO 8601, or null when the memories were never consolidated. */
  lastOptimization: string | null;
}

export interface MemoryContext {
  /** The memory section of a provider's prompt, word for word. */
  context: string;
  /** The owner's message of today the memories were ranked for; null: none today (the newest first). */
  recalledFor: string | null;
}

export type AddAnswer =
  { stored: true; memory: MemoryNode } | { stored: false; memory: null; reason: string };

export const FORGOTTEN_PAST_CAP =
  'Not kept: at most 100 core memories, and each one kept matters more than this one';

export interface MemoryDashboardOptions {
  lattice: MemoryLattice;
  conversationLog: (account: string) => readonly ConversationEntry[];
  /** The weekly and bloom syncs' runs (weekly-sync.json), for consolidations before the lattice recorded them. */
  syncRuns: () => readonly SyncRunRecord[];
  /** The day's initial greeting as this viewer would hear it now, when the owner set one (server/self-mod). */
  ownerGreetingHeard: (viewerName: string | null) => string | null;
  personaName: string;
  clock: () => number;
  timeZone: string;
}

export class MemoryDashboard {
  constructor(private readonly options: MemoryDashboardOptions) {}

  stats(account: string, viewerName: string | null): MemoryDashboardStats {
    const { lattice } = this.options;
    const nodes = lattice.list(account);
    const optimized = lastOptimizationOf(
      lattice.lastConsolidatedAt(account),
      this.options.syncRuns(),
      nodes,
    );
    return {
      totalMemories: nodes.length,
      threadsCount: threadsOf(nodes).length,
      userCount: lattice.accountsWithMemories().length,
      greetingBehavior: greetingBehaviorOf(
        this.options.personaName,
        this.options.ownerGreetingHeard(viewerName),
      ),
      memoryTypes: memoryTypesOf(nodes),
      lastOptimization: optimized === null ? null : new Date(optimized).toISOString(),
    };
  }

  /**
   * What the chat would hand a provider about memory now: its prompt's memory section for the owner's
   * newest message of today (ranked as the chat ranked them for it), or, before any today, for the day's
   * greeting (the newest first). Reading it counts no access, as the chat's own read does not.
   */
  context(account: string): MemoryContext {
    const { clock, timeZone, lattice } = this.options;
    const now = clock();
    const today = sessionIdAt(now, timeZone);
    const recalledFor =
      this.options
        .conversationLog(account)
        .findLast((entry) => entry.sessionId === today && entry.sender === 'user')?.message ?? null;
    return {
      context: memoriesSection(lattice.forEngine(account, recalledFor ?? ''), now),
      recalledFor,
    };
  }

  /** Adds the memory to the lattice; past the 100-memory cap the lattice may forget the new one at once. */
  async add(account: string, memory: NewMemory): Promise<AddAnswer> {
    const node = await this.options.lattice.create(account, dashboardNodeFields(memory));
    const kept = this.options.lattice.list(account).find((n) => n.id === node.id);
    return kept
      ? { stored: true, memory: kept }
      : { stored: false, memory: null, reason: FORGOTTEN_PAST_CAP };
  }

  compiled(account: string, viewerName: string | null): string {
    return compiledMemoryMarkdown({
      nodes: this.options.lattice.list(account),
      persona: this.options.personaName,
      owner: viewerName,
      compiledAt: this.options.clock(),
      timeZone: this.options.timeZone,
    });
  }
}
