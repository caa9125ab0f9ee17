// The unified memory panel's rules (spec 001 §2, §3, §7, §9; docs/memory-sync.md) as plain functions over
// the memory lattice's nodes: the recent count and search limit, where a memory came from, the memory of
// spec 001 §3 as the panel reads it, the stats, and what a console exchange leaves in memory.
import { analyse, resolveRemember } from '../../src/engine/companion/intent';
import { engineReadable } from '../../src/engine/companion/text';
import { MAX_MEMORY_NODES, REMEMBERED_IMPORTANCE, type NewNode } from '../chat/memories';
import { MAX_SEARCH_RESULTS } from '../memory/lattice-rules';
import type { MemoryNode } from '../store/memory-store';

/** Spec 001 §9: recent memories default 20. */
export const DEFAULT_RECENT_COUNT = 20;
/** An account holds at most MAX_MEMORY_NODES (100): a larger count could never return more. */
export const MAX_RECENT_COUNT = MAX_MEMORY_NODES;
/** Spec 001 §9: search limit default 10. */
export const DEFAULT_SEARCH_LIMIT = 10;
/** The lattice ranks at most its top 20 (MAX_SEARCH_RESULTS): a larger limit could never return more. */
export const MAX_SEARCH_LIMIT = MAX_SEARCH_RESULTS;
/** A search query longer than this is refused (a memory search is a few words, not a document). */
export const MAX_QUERY_CHARS = 500;
/** The console's exchange and the chat's reply to it are seconds apart; this is generous. */
export const CONSOLE_EXCHANGE_WINDOW_MS = 10 * 60_000;

/** The lattice's node sources (server/chat/memories.ts, images, the memory panel). */
export const CONSOLE_SOURCE = 'console';
/** Made in the main chat: a 'remember that …' ('chat'), the chat's memory panel ('user'), a photo ('image'). */
export const MAIN_CHAT_SOURCES: readonly string[] = ['chat', 'user', 'image'];

export const COUNT_INVALID = 'count must be a positive whole number';
export const LIMIT_INVALID = 'limit must be a positive whole number';
export const QUERY_REQUIRED = 'Search query is required';
export const NOTHING_TO_REMEMBER = 'Nothing in this exchange to remember';

/**
 * Rule: recentCountOf. The path's {count}: absent is 20; a positive whole number (digits only, no sign,
 * no leading zero) is kept up to MAX_RECENT_COUNT; anything else is null (a 400).
 */
export function recentCountOf(text: string | undefined): number | null {
  if (text === undefined || text === '') return DEFAULT_RECENT_COUNT;
  if (!/^[1-9][0-9]*$/.test(text)) return null;
  return Math.min(Number(text), MAX_RECENT_COUNT);
}

/** Rule: searchLimitOf. Absent is 10; a positive whole number is kept up to MAX_SEARCH_LIMIT. */
export function searchLimitOf(limit: number | undefined): number {
  return Math.min(limit ?? DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT);
}

export type MemoryOrigin = 'console' | 'main_chat' | 'other';

/** Rule: originOf. Where a node was made, from its source (recorded when it was made, sealed). */
export function originOf(source: string): MemoryOrigin {
  if (source === CONSOLE_SOURCE) return 'console';
  if (MAIN_CHAT_SOURCES.includes(source)) return 'main_chat';
  return 'other';
}

/** How the memory came to be, for spec 001 §3's context.interactionType. */
export function interactionTypeOf(node: Pick<MemoryNode, 'source' | 'contextType'>): string {
  switch (node.source) {
    case CONSOLE_SOURCE:
      return 'console_conversation';
    case 'chat':
      return 'chat_conversation';
    case 'user':
      return 'memory_panel';
    case 'image':
      return 'photo';
    default:
      // Another of Kiri's systems (core systems' emergence): its lattice context type says what it is.
      return node.contextType;
  }
}

/** Rule: emotionOf. The strongest feeling of the node's emotional weight, or 'neutral' when none is felt. */
export function emotionOf(weights: Record<string, number>): string {
  let best = 'neutral';
  let strongest = 0;
  for (const [emotion, weight] of Object.entries(weights)) {
    if (weight > strongest) {
      best = emotion;
      strongest = weight;
    }
  }
  return best;
}

/** Spec 001 §3 "Memory": id, content, timestamp, importance 0-1, emotion, synced, context. */
export interface SyncedMemory {
  id: string;
  content: string;
  timestamp: number;
  importance: number;
  emotion: string;
  /** Every lattice node: the chat and the console read the one lattice (docs/memory-sync.md). */
  synced: true;
  context: { source: MemoryOrigin; interactionType: string };
}

export function syncedMemoryOf(node: MemoryNode): SyncedMemory {
  return {
    id: node.id,
    content: node.content,
    timestamp: node.timestamp,
    importance: node.importance,
    emotion: emotionOf(node.emotionalWeight),
    synced: true,
    context: { source: originOf(node.source), interactionType: interactionTypeOf(node) },
  };
}

/** Spec 001 §3 "Memory stats". */
export interface MemoryStats {
  totalMemories: number;
  consoleMemories: number;
  mainChatMemories: number;
  syncedMemories: number;
  averageImportance: number;
}

/**
 * Rule: memoryStatsOf. Counts over the account's lattice nodes: console and main chat by origin (a node
 * of another system counts only in the total); synced is every node (one lattice, nothing lags behind);
 * the average importance in hundredths, 0 when there is no memory.
 */
export function memoryStatsOf(nodes: readonly MemoryNode[]): MemoryStats {
  let consoleMemories = 0;
  let mainChatMemories = 0;
  let importance = 0;
  for (const node of nodes) {
    const origin = originOf(node.source);
    if (origin === 'console') consoleMemories += 1;
    else if (origin === 'main_chat') mainChatMemories += 1;
    importance += node.importance;
  }
  return {
    totalMemories: nodes.length,
    consoleMemories,
    mainChatMemories,
    syncedMemories: nodes.length,
    averageImportance: nodes.length === 0 ? 0 : Math.round((importance / nodes.length) * 100) / 100,
  };
}

/**
 * Rule: consoleMemoryContentOf. What a console exchange leaves in memory, by the chat's own rule: the
 * owner asked Kiri to remember something ('remember that …': the engine's analyse and resolveRemember,
 * which the chat uses). Anything else, and Kiri's answer, is conversation, not memory: null.
 */
export function consoleMemoryContentOf(userMessage: string): string | null {
  const message = engineReadable(userMessage);
  return resolveRemember(analyse(message), message, []);
}

/** The lattice node a console memory is made as: a conversation, its feelings from the whole message. */
export function consoleMemoryFields(
  content: string,
  userMessage: string,
  sourceMessageId: string | null,
): NewNode {
  return {
    content,
    contextType: 'conversation',
    source: CONSOLE_SOURCE,
    ownerOnly: false,
    feelingsFrom: userMessage,
    sourceMessageId,
    // As in the chat: the owner asked Kiri to keep it.
    importanceAtLeast: REMEMBERED_IMPORTANCE,
  };
}

/**
 * Rule: sameConsoleExchange. The console sends its exchange to the chat (which keeps the memory as it
 * answers) and then to console-memory: the node the chat made for it, if any (a console node with the
 * same content made within CONSOLE_EXCHANGE_WINDOW_MS), so one exchange is one memory.
 */
export function sameConsoleExchange(
  nodes: readonly MemoryNode[],
  content: string,
  now: number,
): MemoryNode | null {
  let found: MemoryNode | null = null;
  for (const node of nodes) {
    if (node.source !== CONSOLE_SOURCE || node.content !== content) continue;
    if (Math.abs(now - node.timestamp) > CONSOLE_EXCHANGE_WINDOW_MS) continue;
    if (!found || node.timestamp > found.timestamp) found = node;
  }
  return found;
}
