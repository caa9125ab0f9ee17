// Memory nodes made from the chat ('remember that …') and the memories the engine is given.
import { uuidv7 } from '../../src/domain/uuidv7';
import type { MemoryFile, MemoryNode } from '../store/memory-store';

/**
 * Spec 002 §9: at most 100 core memories, per account. A node's text is at most one message
 * (MAX_MESSAGE_LENGTH), so an account's nodes stay under ~100 × 10,000 characters.
 */
export const MAX_MEMORY_NODES = 100;
/** How many memories the engine sees, newest first. */
export const MEMORIES_FOR_ENGINE = 50;
/** Something the owner asked to keep matters more than what Kiri noticed by itself. */
export const REMEMBERED_IMPORTANCE = 0.8;
const MAX_TAGS = 8;

const STOP_WORDS = new Set(
  (
    'the a an and or but if of to in on at by for with from about as into is are was were be been am ' +
    'i me my mine you your yours he him his she her hers it its we us our they them their this that ' +
    'these those there here what which who whom whose when where why how not no do does did have has ' +
    'had will would can could should shall may might must so than then too very just also really ' +
    'remember called named name'
  ).split(' '),
);

/** A few content words of the memory, for search and linking later. */
export function semanticTagsOf(content: string): string[] {
  const words = content.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const tags: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/'s$/, '').replace(/'/g, '');
    if (word.length < 3 || STOP_WORDS.has(word) || tags.includes(word)) continue;
    tags.push(word);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}

export function nodesOf(data: MemoryFile, account: string): MemoryNode[] {
  return Object.hasOwn(data.accounts, account) ? data.accounts[account]!.nodes : [];
}

/** For CompanionInput.memories: newest first, at most MEMORIES_FOR_ENGINE. */
export function memoriesForEngine(
  data: MemoryFile,
  account: string,
): { content: string; timestamp: number }[] {
  return [...nodesOf(data, account)]
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, MEMORIES_FOR_ENGINE)
    .map((node) => ({ content: node.content, timestamp: node.timestamp }));
}

export function chatMemoryNode(
  content: string,
  now: number,
  sourceMessageId: string | null,
): MemoryNode {
  return {
    id: uuidv7(now),
    content,
    contextType: 'conversation',
    source: 'chat',
    ownerOnly: false,
    timestamp: now,
    accessCount: 0,
    importance: REMEMBERED_IMPORTANCE,
    emotionalWeight: {},
    semanticTags: semanticTagsOf(content),
    linkedNodes: [],
    sourceMessageId,
  };
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
  while (nodes.length > cap) nodes.splice(leastValuableNode(nodes), 1);
}

/**
 * Adds a node, unless one made from the same owner message is already there (a retried request after a
 * crash between memory.json's write and conversations.json's): then that one is kept. Past the cap, the
 * least valuable node is forgotten (which may be the new one, if every other matters more).
 */
export function addNode(data: MemoryFile, account: string, node: MemoryNode): MemoryNode {
  if (!Object.hasOwn(data.accounts, account)) data.accounts[account] = { nodes: [] };
  const nodes = data.accounts[account]!.nodes;
  if (node.sourceMessageId !== null) {
    const existing = nodes.find((n) => n.sourceMessageId === node.sourceMessageId);
    if (existing) return existing;
  }
  nodes.push(node);
  forgetPastCap(nodes);
  return node;
}

/** One change to memory.json, as its journal holds it. */
export interface MemoryOp {
  account: string;
  add: MemoryNode;
}

/** memory.json's reducer. */
export function applyMemoryOp(data: MemoryFile, op: MemoryOp): void {
  addNode(data, op.account, op.add);
}
