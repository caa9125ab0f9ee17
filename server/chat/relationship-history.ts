// The relationship's history as src/domain/emergence.ts counts it, read from the conversation log and the
// memory lattice: ONE rule, so every dashboard shows the same consciousness level (core systems,
// hybrid protocol, system features).
import type { RelationshipHistory } from '../../src/domain/emergence';
import type { ConversationEntry, ConversationsFile } from '../store/conversation-store';
import type { MemoryFile, MemoryNode } from '../store/memory-store';
import { OWNER_ACCOUNT } from './account';
import { findAccount } from './conversation-log';

export const DAY_MS = 24 * 60 * 60_000;
/** Memories Initiate Emergence writes: they record the stage, so they never count toward it. */
export const EMERGENCE_MEMORY_SOURCE = 'emergence';

/**
 * Rule 'relationship history': days since the owner's first message (or since the account was made or
 * the oldest memory was kept, when that is earlier: the log is capped at 1000 entries and forgets its
 * oldest ones, memories and the account outlive it), the owner's messages in the log, and
 * the memories kept, less Kiri's own emergence moments (pressing Initiate Emergence must not raise the stage).
 */
export function relationshipHistoryOf(input: {
  log: readonly ConversationEntry[];
  nodes: readonly MemoryNode[];
  accountCreatedAt: number | null;
  now: number;
}): RelationshipHistory {
  const owner = input.log.filter((entry) => entry.sender === 'user');
  const firstAt = owner.reduce<number | null>(
    (first, entry) => (first === null || entry.timestamp < first ? entry.timestamp : first),
    null,
  );
  const kept = input.nodes.filter((node) => node.source !== EMERGENCE_MEMORY_SOURCE);
  const since =
    firstAt === null
      ? null
      : Math.min(
          firstAt,
          input.accountCreatedAt ?? Infinity,
          ...kept.map((node) => node.timestamp),
        );
  return {
    daysKnown: since === null ? 0 : Math.max(0, (input.now - since) / DAY_MS),
    ownerMessages: owner.length,
    memories: kept.length,
  };
}

/**
 * The owner's history, read from the stores: the one every dashboard's consciousness level comes from
 * (core systems' emergence card, the hybrid protocol's tile, the system tree's summary).
 */
export function ownerRelationshipHistory(
  stores: { conversations: ConversationsStoreLike; memory: MemoryStoreLike; auth: AuthStoreLike },
  now: number,
): RelationshipHistory {
  const owners = stores.auth.data.users.filter((user) => user.role === 'owner');
  return relationshipHistoryOf({
    log: findAccount(stores.conversations.data, OWNER_ACCOUNT)?.log ?? [],
    nodes: Object.hasOwn(stores.memory.data.accounts, OWNER_ACCOUNT)
      ? stores.memory.data.accounts[OWNER_ACCOUNT]!.nodes
      : [],
    accountCreatedAt: owners.length === 0 ? null : Math.min(...owners.map((u) => u.createdAt)),
    now,
  });
}

interface ConversationsStoreLike {
  readonly data: ConversationsFile;
}
interface MemoryStoreLike {
  readonly data: MemoryFile;
}
interface AuthStoreLike {
  readonly data: { users: readonly { role: string; createdAt: number }[] };
}
