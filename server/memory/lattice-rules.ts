// The memory lattice's rules as plain functions (docs/memory.md): a node's seal, importance, tags and
// links; the integrity check; what counts as an active thread, an anchor, a recent snapshot.
import { createHash } from 'node:crypto';
import type { Terms } from '../../src/engine/language/terms';
import type { MemoryNode } from '../store/memory-store';
import type { EmotionalWeight } from './emotions';

const DAY_MS = 86_400_000;

/** Spec 000 §5: search runs only for more than 2 characters. */
export const MIN_SEARCH_CHARS = 3;
/** The 400's message, in the spec's words (000 §5). */
export const SEARCH_TOO_SHORT = 'Memory search runs only when the text is longer than 2 characters';
/** At most this many results per search. */
export const MAX_SEARCH_RESULTS = 20;
/** A node links to at most this many earlier nodes (the most related), when it is made. */
export const MAX_LINKS_PER_NODE = 5;
/** Semantic tags kept per node: its entities first, then its key terms. */
export const MAX_TAGS = 12;
/** A thread is active while one of its nodes was made or recalled within this long. */
export const ACTIVE_THREAD_MS = 7 * DAY_MS;
/** An anchor: a memory that matters (importance ≥ 0.8) and has been recalled at least once. */
export const ANCHOR_MIN_IMPORTANCE = 0.8;
export const ANCHOR_MIN_ACCESSES = 1;
/** Soul awakened: at least this many anchors. */
export const AWAKENED_MIN_ANCHORS = 3;
/** A snapshot of memory.json is recent for this long; past it, backupRequired. */
export const SNAPSHOT_RECENT_MS = DAY_MS;
/** Snapshots kept (oldest removed first): two weeks of daily ones. */
export const MAX_SNAPSHOTS = 14;

/** Importance by who made the node: the owner asking Kiri to remember matters most. */
export const BASE_IMPORTANCE: Record<string, number> = { chat: 0.7, user: 0.6 };
const DEFAULT_BASE_IMPORTANCE = 0.5;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Rule: sealOf. sha256 of the fields that never change after a node is made. */
export function sealOf(
  node: Pick<MemoryNode, 'id' | 'content' | 'contextType' | 'source' | 'ownerOnly' | 'timestamp'>,
): string {
  const fixed = [
    node.id,
    node.content,
    node.contextType,
    node.source,
    node.ownerOnly,
    node.timestamp,
  ];
  return createHash('sha256').update(JSON.stringify(fixed)).digest('hex');
}

/**
 * Rule: importanceOf. The base of its source (chat 0.7, the panel 0.6, else 0.5), plus up to 0.2 for
 * the strongest feeling in it, plus 0.1 when it names someone, somewhere or a date: a memory about a
 * person or a day matters more than a passing remark. 0 to 1, hundredths.
 */
export function importanceOf(source: string, weights: EmotionalWeight, terms: Terms): number {
  const base = BASE_IMPORTANCE[source] ?? DEFAULT_BASE_IMPORTANCE;
  const strongest = Math.max(0, ...Object.values(weights));
  const concrete = terms.entities.length > 0 ? 0.1 : 0;
  return round2(Math.min(1, base + strongest * 0.2 + concrete));
}

/** Rule: semanticTagsOf. Entities (lower case) first, then key terms; each once, at most MAX_TAGS. */
export function tagsOf(terms: Terms): string[] {
  const tags: string[] = [];
  for (const value of [...terms.entities.map((e) => e.value.toLowerCase()), ...terms.keyTerms]) {
    if (!tags.includes(value)) tags.push(value);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}

/**
 * Rule: linksFor. The earlier nodes a new node links to: those sharing at least two tags, or one tag
 * that is a name, place or date of the new node (one shared person is a thread; one shared common word
 * is not). Most shared tags first, then the newest; at most MAX_LINKS_PER_NODE.
 */
export function linksFor(
  tags: readonly string[],
  entityTags: readonly string[],
  others: readonly MemoryNode[],
): string[] {
  const scored: { id: string; shared: number; timestamp: number }[] = [];
  for (const other of others) {
    const shared = other.semanticTags.filter((tag) => tags.includes(tag));
    const viaEntity = shared.some((tag) => entityTags.includes(tag));
    if (shared.length >= 2 || viaEntity) {
      scored.push({ id: other.id, shared: shared.length, timestamp: other.timestamp });
    }
  }
  return scored
    .sort((a, b) => b.shared - a.shared || b.timestamp - a.timestamp)
    .slice(0, MAX_LINKS_PER_NODE)
    .map((link) => link.id);
}

export interface IntegrityReport {
  /** Links to a node that does not exist (in the same account). */
  brokenLinks: { nodeId: string; missingId: string }[];
  /** Nodes whose seal does not match their content. */
  checksumMismatches: string[];
}

/** Rule: checkIntegrity, over one account's nodes. */
export function checkIntegrity(nodes: readonly MemoryNode[]): IntegrityReport {
  const ids = new Set(nodes.map((node) => node.id));
  const report: IntegrityReport = { brokenLinks: [], checksumMismatches: [] };
  for (const node of nodes) {
    for (const linked of node.linkedNodes) {
      if (!ids.has(linked)) report.brokenLinks.push({ nodeId: node.id, missingId: linked });
    }
    if (node.checksum !== undefined && node.checksum !== sealOf(node)) {
      report.checksumMismatches.push(node.id);
    }
  }
  return report;
}

/**
 * Rule: threadsOf. A thread is a group of two or more nodes joined by links (a connected part of the
 * lattice; a link to a node that is not there joins nothing). Answers each thread's nodes.
 */
export function threadsOf(nodes: readonly MemoryNode[]): MemoryNode[][] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const neighbours = new Map<string, Set<string>>(nodes.map((node) => [node.id, new Set()]));
  for (const node of nodes) {
    for (const linked of node.linkedNodes) {
      if (!byId.has(linked)) continue;
      neighbours.get(node.id)!.add(linked);
      neighbours.get(linked)!.add(node.id);
    }
  }
  const seen = new Set<string>();
  const threads: MemoryNode[][] = [];
  for (const node of nodes) {
    if (seen.has(node.id)) continue;
    const stack = [node.id];
    seen.add(node.id);
    const members: MemoryNode[] = [];
    while (stack.length > 0) {
      const current = byId.get(stack.pop()!)!;
      members.push(current);
      for (const next of neighbours.get(current.id)!) {
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    if (members.length >= 2) threads.push(members);
  }
  return threads;
}

/**
 * Rule: activeThreadsOf. The threads (threadsOf) of which one node was made or recalled within
 * ACTIVE_THREAD_MS.
 */
export function activeThreadsOf(nodes: readonly MemoryNode[], now: number): number {
  return threadsOf(nodes).filter((members) =>
    members.some(
      (node) => now - Math.max(node.timestamp, node.lastAccessedAt ?? 0) <= ACTIVE_THREAD_MS,
    ),
  ).length;
}

/** Rule: anchorsOf. Nodes with importance ≥ 0.8 recalled at least once. */
export function anchorsOf(nodes: readonly MemoryNode[]): number {
  return nodes.filter(
    (node) => node.importance >= ANCHOR_MIN_IMPORTANCE && node.accessCount >= ANCHOR_MIN_ACCESSES,
  ).length;
}

/** Rule: isAwakened. */
export function isAwakened(anchors: number): boolean {
  return anchors >= AWAKENED_MIN_ANCHORS;
}

/**
 * Rule: backupRequired. There are memories, and no snapshot of memory.json was taken within
 * SNAPSHOT_RECENT_MS (none at all counts as none recent).
 */
export function isBackupRequired(
  totalNodes: number,
  newestSnapshotAt: number | null,
  now: number,
): boolean {
  if (totalNodes === 0) return false;
  return newestSnapshotAt === null || now - newestSnapshotAt > SNAPSHOT_RECENT_MS;
}

/**
 * Rule: searchScore. Relevance (MiniSearch's BM25 score, with fuzzy and prefix matches weighed lower)
 * scaled by importance: a node of importance 1 keeps its whole score, one of importance 0 keeps 60%, so
 * importance orders near-equal matches without lifting a poor match over a good one.
 */
export function searchScore(relevance: number, importance: number): number {
  return relevance * (0.6 + 0.4 * importance);
}
