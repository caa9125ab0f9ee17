// The unified memory panel's rules (spec 001 §2, §3, §5, §8, §9; docs/memory-sync.md): the calls'
// constants, the answers read into checked shapes, truncation, importance colours, when a search may
// run, and what the list shows when a read failed.
import { NetworkFailure } from '@/lib/api';

export const MEMORY_SYNC_BASE = '/api/memory-sync';
/** Spec 001 §9: recent memories default 20; search limit default 10. */
export const RECENT_COUNT = 20;
export const SEARCH_LIMIT = 10;
/** Spec 001 §2: memory text is cut at 200 characters in search results and 300 in the recent list. */
export const SEARCH_TEXT_CHARS = 200;
export const RECENT_TEXT_CHARS = 300;
/** Spec 001 §9: importance thresholds. */
export const IMPORTANCE_HIGH = 0.8;
export const IMPORTANCE_MEDIUM = 0.6;

export interface SyncedMemory {
  id: string;
  content: string;
  timestamp: number;
  importance: number;
  emotion: string;
  synced: boolean;
  context: { source: string; interactionType: string };
}

export interface MemoryStats {
  totalMemories: number;
  consoleMemories: number;
  mainChatMemories: number;
  syncedMemories: number;
  averageImportance: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function memoryOf(value: unknown): SyncedMemory | null {
  if (!isRecord(value) || !isRecord(value.context)) return null;
  const { id, content, timestamp, importance, emotion, synced, context } = value;
  if (typeof id !== 'string' || typeof content !== 'string' || !isNumber(timestamp)) return null;
  if (!isNumber(importance) || typeof emotion !== 'string' || typeof synced !== 'boolean')
    return null;
  if (typeof context.source !== 'string' || typeof context.interactionType !== 'string')
    return null;
  return {
    id,
    content,
    timestamp,
    importance,
    emotion,
    synced,
    context: { source: context.source, interactionType: context.interactionType },
  };
}

/** `{success, memories}` or `{success, results}`: the list, or null when the answer is not one. */
export function parseMemoryList(
  body: unknown,
  field: 'memories' | 'results',
): SyncedMemory[] | null {
  if (!isRecord(body) || body.success !== true || !Array.isArray(body[field])) return null;
  const list = (body[field] as unknown[]).map(memoryOf);
  return list.every((memory) => memory !== null) ? (list as SyncedMemory[]) : null;
}

export function parseMemoryStats(body: unknown): MemoryStats | null {
  if (!isRecord(body) || body.success !== true || !isRecord(body.stats)) return null;
  const s = body.stats;
  const fields = [
    s.totalMemories,
    s.consoleMemories,
    s.mainChatMemories,
    s.syncedMemories,
    s.averageImportance,
  ];
  if (!fields.every(isNumber)) return null;
  return {
    totalMemories: s.totalMemories as number,
    consoleMemories: s.consoleMemories as number,
    mainChatMemories: s.mainChatMemories as number,
    syncedMemories: s.syncedMemories as number,
    averageImportance: s.averageImportance as number,
  };
}

/** Rule: truncateMemoryText. At most `max` characters, an ellipsis after a cut (whole code points). */
export function truncateMemoryText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}...`;
}

export type ImportanceColour = 'red' | 'yellow' | 'green';

/** Rule: importanceColour. 0.8 or more red, 0.6 or more yellow, else green (spec 001 §2). */
export function importanceColour(importance: number): ImportanceColour {
  if (importance >= IMPORTANCE_HIGH) return 'red';
  if (importance >= IMPORTANCE_MEDIUM) return 'yellow';
  return 'green';
}

/** Rule: canSearchMemory. Spec 001 §5: a non-empty query after trimming. */
export function canSearchMemory(query: string): boolean {
  return query.trim() !== '';
}

/** The request never reached the server (no network, or the server is down). */
export function isOffline(error: unknown, online: boolean): boolean {
  return !online || error instanceof NetworkFailure || error instanceof TypeError;
}

export type ListView =
  | { kind: 'memories'; memories: SyncedMemory[]; lastKnown: boolean }
  | { kind: 'empty' }
  | { kind: 'offline' }
  | { kind: 'loading' };

/**
 * Rule: listViewOf. What a memory list shows: its memories (marked last known when the newest read
 * failed); a failure with nothing known is, offline, said plainly (not an empty list that would read as
 * 'no memories'), and otherwise the empty result of spec 001 §8 (the failure is only logged).
 */
export function listViewOf(state: {
  data: SyncedMemory[] | undefined;
  error: unknown;
  online: boolean;
  pending: boolean;
}): ListView {
  const failed = state.error !== null && state.error !== undefined;
  if (state.data && state.data.length > 0) {
    return { kind: 'memories', memories: state.data, lastKnown: failed };
  }
  if (state.data && !failed) return { kind: 'empty' };
  if (failed) return isOffline(state.error, state.online) ? { kind: 'offline' } : { kind: 'empty' };
  if (!state.online) return { kind: 'offline' };
  return state.pending ? { kind: 'loading' } : { kind: 'empty' };
}
