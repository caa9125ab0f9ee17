// The unified memory panel's calls (spec 001 §7, docs/memory-sync.md) over the one memory lattice the
// chat uses (server/memory): no second store. Recent, status and search read the account's nodes;
// the conversation context reads its log as the chat would; a console exchange becomes a node.
import { sessionIdAt } from '../../src/domain/day-session';
import { MAX_PROMPT_MEMORIES } from '../companion/prompt';
import type { MemoryLattice } from '../memory/memory-lattice';
import type { ConversationEntry } from '../store/conversation-store';
import {
  CONSOLE_SOURCE,
  consoleMemoryContentOf,
  consoleMemoryFields,
  memoryStatsOf,
  NOTHING_TO_REMEMBER,
  sameConsoleExchange,
  syncedMemoryOf,
  type MemoryStats,
  type SyncedMemory,
} from './memory-sync-rules';

/** The turns of history a provider is given (server/companion/prompt.ts MAX_HISTORY). */
export const CONTEXT_EXCHANGES = 10;

export interface ConversationContext {
  /** The day session read: the one asked for, else today's in the owner's zone (the chat's session). */
  sessionId: string;
  /** Its newest entries, oldest first, at most CONTEXT_EXCHANGES. */
  exchanges: { id: string; sender: 'user' | 'kiri'; message: string; timestamp: number }[];
  /** The owner's newest message among them: what the memories were recalled for (null: none). */
  recalledFor: string | null;
  /** What a provider's prompt would carry for it: relevant first, then the newest (at most 5). */
  memories: SyncedMemory[];
}

export interface ConsoleMemoryAnswer {
  /** The exchange's memory is in the lattice (made now, or by the chat as it answered). */
  stored: boolean;
  /** This call wrote it. */
  created: boolean;
  memory: SyncedMemory | null;
  reason?: string;
}

export interface MemorySyncOptions {
  lattice: MemoryLattice;
  conversationLog: (account: string) => readonly ConversationEntry[];
  clock: () => number;
  timeZone: string;
}

export class MemorySync {
  constructor(private readonly options: MemorySyncOptions) {}

  /** The newest `count` nodes, newest first. Reading a list is not a recall: counts no access. */
  recent(account: string, count: number): SyncedMemory[] {
    return this.options.lattice.list(account).slice(0, count).map(syncedMemoryOf);
  }

  stats(account: string): MemoryStats {
    return memoryStatsOf(this.options.lattice.list(account));
  }

  /** The lattice's own search (ranked; each hit counts an access), at most `limit`. */
  async search(
    account: string,
    query: string,
    limit: number,
  ): Promise<(SyncedMemory & { relevance: number })[]> {
    const hits = await this.options.lattice.search(account, query, limit);
    return hits.map((hit) => ({
      ...syncedMemoryOf(hit.node),
      relevance: Math.round(hit.score * 1000) / 1000,
    }));
  }

  conversationContext(account: string, sessionId: string | null): ConversationContext {
    const session = sessionId ?? sessionIdAt(this.options.clock(), this.options.timeZone);
    const exchanges = this.options
      .conversationLog(account)
      .filter((entry) => entry.sessionId === session)
      .slice(-CONTEXT_EXCHANGES)
      .map(({ id, sender, message, timestamp }) => ({ id, sender, message, timestamp }));
    const recalledFor = exchanges.findLast((entry) => entry.sender === 'user')?.message ?? null;
    const memories = this.options.lattice
      .recallNodes(account, recalledFor ?? '', MAX_PROMPT_MEMORIES)
      .map(syncedMemoryOf);
    return { sessionId: session, exchanges, recalledFor, memories };
  }

  /**
   * The console's exchange (spec 002 §7): what the owner asked Kiri to remember becomes a console node;
   * when the chat already made it while answering the same exchange, that node is the answer (one
   * exchange, one memory).
   */
  async consoleMemory(account: string, userMessage: string): Promise<ConsoleMemoryAnswer> {
    const content = consoleMemoryContentOf(userMessage);
    if (content === null) {
      return { stored: false, created: false, memory: null, reason: NOTHING_TO_REMEMBER };
    }
    const { lattice, clock } = this.options;
    const known = sameConsoleExchange(lattice.list(account), content, clock());
    if (known) return { stored: true, created: false, memory: syncedMemoryOf(known) };
    const node = await lattice.create(account, consoleMemoryFields(content, userMessage, null));
    // Past the cap the lattice forgets its least valuable node, which may be this one.
    const kept = lattice.list(account).find((n) => n.id === node.id && n.source === CONSOLE_SOURCE);
    return kept
      ? { stored: true, created: true, memory: syncedMemoryOf(kept) }
      : { stored: false, created: false, memory: null, reason: 'Forgotten past the memory cap' };
  }
}
