// The lattice's consolidation (the manual console's Learning Task, docs/sandbox.md; the weekly deep sync
// and the bloom sync, docs/sync-control.md): near-duplicate memories are merged into the first one,
// memories never recalled for a month lose a little importance each time, and at most 100 stay. Plain functions over memory.json's nodes; MemoryLattice.consolidate applies them.
import type { MemoryNode } from '../store/memory-store';
import { forgetPastCap, MAX_MEMORY_NODES } from '../chat/memories';
import { MAX_LINKS_PER_NODE, MAX_TAGS } from './lattice-rules';

const DAY_MS = 86_400_000;

/** Two memories whose word sets overlap this much (Jaccard) say the same thing. */
export const NEAR_DUPLICATE_SIMILARITY = 0.85;
/** Shorter memories merge only when their words are the same (two words in common is not a duplicate). */
export const MIN_WORDS_TO_COMPARE = 3;
/** A memory never recalled for this long starts to fade. */
export const DECAY_AFTER_MS = 30 * DAY_MS;
/** Each consolidation keeps this share of a fading memory's importance… */
export const DECAY_FACTOR = 0.9;
/** …and never takes it below this: a faded memory is still there to find. */
export const DECAY_FLOOR = 0.1;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The words of a memory: lower case, letters and digits only. */
export function wordsOf(content: string): string[] {
  return content
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * Rule: isNearDuplicate. Same privacy (an owner-only memory never merges into a shared one), and either
 * the same words in the same order, or, both having at least MIN_WORDS_TO_COMPARE words, word sets
 * whose Jaccard similarity is at least NEAR_DUPLICATE_SIMILARITY.
 */
export function isNearDuplicate(a: MemoryNode, b: MemoryNode): boolean {
  if (a.ownerOnly !== b.ownerOnly) return false;
  const wordsA = wordsOf(a.content);
  const wordsB = wordsOf(b.content);
  if (wordsA.length === 0 || wordsB.length === 0) return false;
  if (wordsA.join(' ') === wordsB.join(' ')) return true;
  if (wordsA.length < MIN_WORDS_TO_COMPARE || wordsB.length < MIN_WORDS_TO_COMPARE) return false;
  const setA = new Set(wordsA);
  const setB = new Set(wordsB);
  let shared = 0;
  for (const word of setA) if (setB.has(word)) shared += 1;
  return shared / (setA.size + setB.size - shared) >= NEAR_DUPLICATE_SIMILARITY;
}

/**
 * Rule: shouldDecay. Never recalled (no search hit, no recall), older than DECAY_AFTER_MS, and still
 * above the floor.
 */
export function shouldDecay(node: MemoryNode, now: number): boolean {
  return (
    node.accessCount === 0 &&
    now - node.timestamp >= DECAY_AFTER_MS &&
    node.importance > DECAY_FLOOR
  );
}

export function decayedImportance(importance: number): number {
  return Math.max(DECAY_FLOOR, round2(importance * DECAY_FACTOR));
}

/** Spec 002 §9: at most 100 core memories per account (the same cap memory.json keeps at every add). */
export const MAX_CORE_MEMORIES = MAX_MEMORY_NODES;

export interface ConsolidationReport {
  /** Memories looked at. */
  examined: number;
  /** Pairs merged: [kept id, merged id]. */
  merged: [string, string][];
  /** Memories whose importance went down. */
  decayed: string[];
  /**
   * Memories past MAX_CORE_MEMORIES, forgotten as memory.json forgets past its cap (the least valuable
   * first). Present only when there were some: memory.json never holds more unless written outside Kiri.
   */
  forgotten?: string[];
}

export interface ConsolidateOptions {
  /** Only memories made at or after this time are merged into an earlier one (the bloom sync: a day). */
  since?: number;
  /** Whether never-recalled memories fade (default true; the bloom sync's short pass does not fade). */
  decay?: boolean;
}

/**
 * Rule: keepCoreMemories. At most `cap` memories stay; past it the least valuable go (leastValuableNode:
 * importance, then recalls, then age), and no link is left pointing at one that went. Answers their ids.
 */
export function keepCoreMemories(nodes: MemoryNode[], cap = MAX_CORE_MEMORIES): string[] {
  if (nodes.length <= cap) return [];
  const before = new Set(nodes.map((node) => node.id));
  forgetPastCap(nodes, cap);
  const after = new Set(nodes.map((node) => node.id));
  return [...before].filter((id) => !after.has(id));
}

/**
 * Rule: consolidate. Oldest first, each memory absorbs its later near-duplicates: the kept one (the
 * oldest: its id is the one links and the chat already know) takes the highest importance, the sum of
 * accesses, the latest access, and the union of tags and links; links to a merged memory point to the
 * kept one. Then every memory that shouldDecay fades by DECAY_FACTOR. Changes `nodes` in place (the
 * caller passes memory.json's list inside a store update) and says what it did.
 */
export function consolidate(
  nodes: MemoryNode[],
  now: number,
  options: ConsolidateOptions = {},
): ConsolidationReport {
  const examined = nodes.length;
  const since = options.since ?? -Infinity;
  const order = [...nodes].sort((a, b) => a.timestamp - b.timestamp);
  const mergedInto = new Map<string, string>();
  const merged: [string, string][] = [];
  for (let i = 0; i < order.length; i++) {
    const kept = order[i]!;
    if (mergedInto.has(kept.id)) continue;
    for (let j = i + 1; j < order.length; j++) {
      const other = order[j]!;
      if (other.timestamp < since) continue;
      if (mergedInto.has(other.id) || !isNearDuplicate(kept, other)) continue;
      kept.importance = Math.max(kept.importance, other.importance);
      kept.accessCount += other.accessCount;
      const lastA = kept.lastAccessedAt ?? null;
      const lastB = other.lastAccessedAt ?? null;
      kept.lastAccessedAt =
        lastA === null ? lastB : lastB === null ? lastA : Math.max(lastA, lastB);
      for (const tag of other.semanticTags) {
        if (!kept.semanticTags.includes(tag) && kept.semanticTags.length < MAX_TAGS) {
          kept.semanticTags.push(tag);
        }
      }
      for (const link of other.linkedNodes) {
        if (!kept.linkedNodes.includes(link)) kept.linkedNodes.push(link);
      }
      mergedInto.set(other.id, kept.id);
      merged.push([kept.id, other.id]);
    }
  }
  if (mergedInto.size > 0) {
    const survivors = nodes.filter((node) => !mergedInto.has(node.id));
    for (const node of survivors) {
      const links: string[] = [];
      for (const link of node.linkedNodes) {
        const target = mergedInto.get(link) ?? link;
        if (target !== node.id && !links.includes(target)) links.push(target);
      }
      // The kept node's own list may have grown past the cap by the union: the first ones stay.
      node.linkedNodes = links.slice(0, Math.max(MAX_LINKS_PER_NODE, node.linkedNodes.length));
    }
    nodes.splice(0, nodes.length, ...survivors);
  }
  const decayed: string[] = [];
  for (const node of options.decay === false ? [] : nodes) {
    if (shouldDecay(node, now)) {
      node.importance = decayedImportance(node.importance);
      decayed.push(node.id);
    }
  }
  const forgotten = keepCoreMemories(nodes);
  return { examined, merged, decayed, ...(forgotten.length > 0 ? { forgotten } : {}) };
}
