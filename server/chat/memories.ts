// Memory nodes (the lattice of docs/memory.md): made from the chat ('remember that …') or the memory
// panel, memory.json's reducer (add with links both ways, count an access, forget past the cap without
// leaving a broken link), and the memories the engine is given.
import { uuidv7 } from '../../src/domain/uuidv7';
import { readTerms, type Terms } from '../../src/engine/language/terms';
import { emotionalWeightOf } from '../memory/emotions';
import { importanceOf, linksFor, MAX_TAGS, sealOf, tagsOf } from '../memory/lattice-rules';
import type { MemoryContextType, MemoryFile, MemoryNode } from '../store/memory-store';

/**
 * Spec 002 §9: at most 100 core memories, per account. A node's text is at most one message
 * (MAX_MESSAGE_LENGTH), so an account's nodes stay under ~100 × 10,000 characters.
 */
export const MAX_MEMORY_NODES = 100;
/** How many memories the engine sees, newest first. */
export const MEMORIES_FOR_ENGINE = 50;
/** Something the owner asked to keep matters more than what Kiri noticed by itself (at least this). */
export const REMEMBERED_IMPORTANCE = 0.8;

/** A few content words of the memory, for search and linking: its entities and key terms (wink-nlp). */
export function semanticTagsOf(content: string): string[] {
  return tagsOf(readTerms(content));
}

export function nodesOf(data: MemoryFile, account: string): MemoryNode[] {
  return Object.hasOwn(data.accounts, account) ? data.accounts[account]!.nodes : [];
}

export interface NewNode {
  content: string;
  contextType: MemoryContextType;
  /** 'chat' from a conversation, 'user' from the memory panel. */
  source: string;
  ownerOnly: boolean;
  /** The text the feelings are read from: the owner's whole message for a chat memory. */
  feelingsFrom?: string;
  sourceMessageId?: string | null;
  importanceAtLeast?: number;
  /** The importance the owner gave it (the memory dashboard, 0.1 to 1): kept as given, not computed. */
  importance?: number;
  /** Tags the owner gave it (the memory dashboard): first, lower case, before the lattice's own. */
  tags?: readonly string[];
}

/** Rule: ownTagsFirst. The owner's tags (lower case, as the lattice's) then the lattice's, each once, at most MAX_TAGS. */
export function ownTagsFirst(own: readonly string[], found: readonly string[]): string[] {
  const tags: string[] = [];
  for (const tag of [...own.map((t) => t.toLowerCase()), ...found]) {
    if (tags.length === MAX_TAGS) break;
    if (!tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/**
 * A lattice node: emotional weights read from its words, tags from its entities and key terms,
 * importance from both, links to the related nodes already in `others`, and its seal.
 */
export function makeNode(fields: NewNode, now: number, others: readonly MemoryNode[]): MemoryNode {
  const terms: Terms = readTerms(fields.content);
  const feelingText = fields.feelingsFrom ?? fields.content;
  const weights = emotionalWeightOf(
    feelingText,
    feelingText === fields.content ? terms : readTerms(feelingText),
  );
  const tags = ownTagsFirst(fields.tags ?? [], tagsOf(terms));
  const entityTags = terms.entities.map((entity) => entity.value.toLowerCase());
  const node: MemoryNode = {
    id: uuidv7(now),
    content: fields.content,
    contextType: fields.contextType,
    source: fields.source,
    ownerOnly: fields.ownerOnly,
    timestamp: now,
    accessCount: 0,
    importance:
      fields.importance ??
      Math.max(fields.importanceAtLeast ?? 0, importanceOf(fields.source, weights, terms)),
    emotionalWeight: weights,
    semanticTags: tags,
    linkedNodes: linksFor(tags, entityTags, others),
    sourceMessageId: fields.sourceMessageId ?? null,
    lastAccessedAt: null,
  };
  node.checksum = sealOf(node);
  return node;
}

/** A node from the chat's 'remember that …': its feelings are read from the owner's whole message. */
export function chatMemoryNode(
  content: string,
  now: number,
  sourceMessageId: string | null,
  others: readonly MemoryNode[] = [],
  message: string = content,
): MemoryNode {
  return makeNode(
    {
      content,
      contextType: 'conversation',
      source: 'chat',
      ownerOnly: false,
      feelingsFrom: message,
      sourceMessageId,
      importanceAtLeast: REMEMBERED_IMPORTANCE,
    },
    now,
    others,
  );
}

/**
 * Which node goes first when an account holds more than it may: the least important, then among equals
 * the least recalled (accessCount), then the oldest. Returns the index of that node.
 */
export function leastValuableNode(nodes: readonly MemoryNode[]): number {
  let worst = 0;
  for (let i = 1; i < nodes.length; i += 1) {
    const a = nodes[i]!;
    const b = nodes[worst]!;
    const lessValuable =
      a.importance !== b.importance
        ? a.importance < b.importance
        : a.accessCount !== b.accessCount
          ? a.accessCount < b.accessCount
          : a.timestamp < b.timestamp;
    if (lessValuable) worst = i;
  }
  return worst;
}

/** The memory cap: past `cap` nodes, the least valuable ones are forgotten. */
export function forgetPastCap(nodes: MemoryNode[], cap = MAX_MEMORY_NODES): void {
  while (nodes.length > cap) {
    const [gone] = nodes.splice(leastValuableNode(nodes), 1);
    // No link may point at a node that is gone: the integrity check would call that corruption.
    for (const node of nodes) node.linkedNodes = node.linkedNodes.filter((id) => id !== gone!.id);
  }
}

/** What may close a memory without changing what it says. */
const CLOSING = new Set([' ', '.', '!', '?', '…']);

/** What two memories say, compared as the owner reads them: case, spacing and a closing stop aside. */
function sayingOf(content: string): string {
  const words = content.toLowerCase().replace(/\s+/g, ' ');
  // Trimmed by hand, not by /[…]+$/: that tries every start in a long run of stops (quadratic).
  let end = words.length;
  while (end > 0 && CLOSING.has(words[end - 1]!)) end -= 1;
  return words.slice(0, end).trim();
}

/**
 * Rule: aMemorySaidAgainIsRefreshed. The chat memory that says what `node` says, if there is one
 * ('remember that I like tea' or 'call me Mimi' said a second time): it is the same memory, dated anew,
 * not a second one in the owner's list. Only the chat's: a node made on the memory dashboard is made as
 * asked.
 */
export function sameMemory(nodes: readonly MemoryNode[], node: MemoryNode): MemoryNode | undefined {
  if (node.source !== 'chat') return undefined;
  const saying = sayingOf(node.content);
  return nodes.find((n) => n.source === 'chat' && sayingOf(n.content) === saying);
}

/**
 * Adds a node, unless one made from the same owner message is already there (a retried request after a
 * crash between memory.json's write and conversations.json's): then that one is kept. A memory said
 * again (`sameMemory`) is that node dated anew (the newest 'call me …' is the name she uses), at least as
 * important as either. Past the cap, the least valuable node is forgotten (which may be the new one, if
 * every other matters more).
 */
export function addNode(data: MemoryFile, account: string, node: MemoryNode): MemoryNode {
  if (!Object.hasOwn(data.accounts, account)) data.accounts[account] = { nodes: [] };
  const nodes = data.accounts[account]!.nodes;
  if (node.sourceMessageId !== null) {
    const existing = nodes.find((n) => n.sourceMessageId === node.sourceMessageId);
    if (existing) return existing;
  }
  const known = sameMemory(nodes, node);
  if (known) {
    if (node.timestamp > known.timestamp) {
      known.timestamp = node.timestamp;
      known.importance = Math.max(known.importance, node.importance);
      known.checksum = sealOf(known);
    }
    return known;
  }
  const copy: MemoryNode = { ...node, linkedNodes: [...node.linkedNodes] };
  // Links go both ways: the older node learns of the new one (only to nodes that exist).
  copy.linkedNodes = copy.linkedNodes.filter((id) => nodes.some((n) => n.id === id));
  for (const id of copy.linkedNodes) {
    const other = nodes.find((n) => n.id === id)!;
    if (!other.linkedNodes.includes(copy.id)) other.linkedNodes.push(copy.id);
  }
  nodes.push(copy);
  forgetPastCap(nodes);
  return copy;
}

/** One change to memory.json, as its journal holds it: a new node, or the nodes a search returned. */
export type MemoryOp =
  { account: string; add: MemoryNode } | { account: string; access: string[]; at: number };

/** Counts one access of each node (a search hit or a recall) and notes when. */
export function countAccess(data: MemoryFile, account: string, ids: readonly string[], at: number) {
  for (const node of nodesOf(data, account)) {
    if (!ids.includes(node.id)) continue;
    node.accessCount += 1;
    node.lastAccessedAt = at;
  }
}

/** memory.json's reducer. */
export function applyMemoryOp(data: MemoryFile, op: MemoryOp): void {
  if ('add' in op) addNode(data, op.account, op.add);
  else countAccess(data, op.account, op.access, op.at);
}
