// The conversation log of one account: appended in arrival order, capped, read after a given entry.
import type {
  ConversationAccount,
  ConversationEntry,
  ConversationsFile,
  IdempotencyRecord,
} from '../store/conversation-store';
import { pruneRecords, putRecord } from './idempotency';

/** Spec 000 §9: the server keeps the newest 1000 entries per account. */
export const CONVERSATION_LOG_CAP = 1000;
/**
 * The engine never repeats one of these word for word: the last 50, as the conversation corpus checks
 * (issue 12: no reply repeats word for word within 50 turns), on the server and on the device alike.
 */
export const RECENT_REPLY_COUNT = 50;

export function findAccount(
  data: ConversationsFile,
  account: string,
): ConversationAccount | undefined {
  return Object.hasOwn(data.accounts, account) ? data.accounts[account] : undefined;
}

/** The account's data, created empty on first use (only inside a store update). */
export function accountIn(data: ConversationsFile, account: string): ConversationAccount {
  const found = findAccount(data, account);
  if (found) return found;
  const created: ConversationAccount = { log: [], idempotency: {} };
  data.accounts[account] = created;
  return created;
}

/**
 * How many entries of a log carry each id, kept per log array once asked for: every keyed chat asks
 * whether its key is taken, which was a walk over up to 1000 entries. Kept in step by appendEntries and
 * dropped by a removal (rare: rebuilt when next asked); a log array changed any other way has none.
 */
const idCounts = new WeakMap<readonly ConversationEntry[], Map<string, number>>();

function countId(counts: Map<string, number>, id: string, by: 1 | -1): void {
  const count = (counts.get(id) ?? 0) + by;
  if (count > 0) counts.set(id, count);
  else counts.delete(id);
}

/** Appends at the end and drops the oldest entries past the cap. */
export function appendEntries(
  account: ConversationAccount,
  entries: readonly ConversationEntry[],
  cap = CONVERSATION_LOG_CAP,
): void {
  const counts = idCounts.get(account.log);
  account.log.push(...entries);
  const excess = account.log.length - cap;
  const dropped = excess > 0 ? account.log.splice(0, excess) : [];
  if (counts) {
    for (const entry of entries) countId(counts, entry.id, 1);
    for (const entry of dropped) countId(counts, entry.id, -1);
  }
}

/**
 * One change to conversations.json, as its journal holds it: what one request adds to or removes from
 * an account's log, and its record, so that both are one durable line (never one without the other).
 */
export interface ConversationOp {
  account: string;
  /** Appended at the end of the log (the cap drops the oldest). */
  append?: ConversationEntry[];
  /** The id of an entry that leaves the log (Unsend). */
  remove?: string;
  /** Records past the retention as of this time are dropped first (at most hourly per account). */
  pruneAt?: number;
  /** The request's record under its Idempotency-Key (the record caps then apply). */
  record?: { key: string; value: IdempotencyRecord };
}

/** conversations.json's reducer: deterministic, so replaying the journal gives the same data. */
export function applyConversationOp(data: ConversationsFile, op: ConversationOp): void {
  const account = accountIn(data, op.account);
  if (op.append) appendEntries(account, op.append);
  if (op.remove !== undefined) {
    const index = account.log.findIndex((entry) => entry.id === op.remove);
    if (index !== -1) {
      account.log.splice(index, 1);
      idCounts.delete(account.log);
    }
  }
  if (op.pruneAt !== undefined) pruneRecords(account.idempotency, op.pruneAt);
  if (op.record) putRecord(account.idempotency, op.record.key, op.record.value);
}

export function hasEntry(log: readonly ConversationEntry[], id: string): boolean {
  let counts = idCounts.get(log);
  if (!counts) {
    counts = new Map();
    for (const entry of log) countId(counts, entry.id, 1);
    idCounts.set(log, counts);
  }
  return counts.has(id);
}

/**
 * The entries appended after `since`, in log order. Not an id comparison: a message written offline has
 * an older id than replies the server made meanwhile, yet arrives later. An id that is not in the log
 * (never there, dropped by the cap, unsent) gives the whole log; the client merges by id, so a longer
 * answer costs a little transfer and never loses a message.
 */
export function entriesSince(
  log: readonly ConversationEntry[],
  since: string | undefined,
): ConversationEntry[] {
  if (since === undefined) return [...log];
  const index = log.findIndex((entry) => entry.id === since);
  return index === -1 ? [...log] : log.slice(index + 1);
}

/**
 * Rule 'the parts of one reply': two consecutive Kiri entries (`earlier` appended just before `later`)
 * are parts of one reply when they answer the same owner message (a message gets one answer, and its
 * parts are appended together, whatever their times: a device's parts are seconds apart, as it showed
 * them), or, answering none (the greeting), when they are stamped 1 ms apart as the server stamps parts.
 */
export function samePartOfReply(earlier: ConversationEntry, later: ConversationEntry): boolean {
  if (earlier.answersId !== later.answersId) return false;
  return earlier.answersId !== null || later.timestamp === earlier.timestamp + 1;
}

/**
 * Kiri's last replies, newest first, each the full text of one answer (its parts grouped by
 * samePartOfReply).
 */
export function recentReplies(
  log: readonly ConversationEntry[],
  limit = RECENT_REPLY_COUNT,
): string[] {
  const replies: string[] = [];
  let parts: string[] = [];
  let later: ConversationEntry | null = null;
  const close = () => {
    if (parts.length > 0) replies.push(parts.join('\n\n'));
    parts = [];
  };
  for (let i = log.length - 1; i >= 0 && replies.length < limit; i -= 1) {
    const entry = log[i]!;
    if (entry.sender !== 'kiri') {
      close();
      later = null;
      continue;
    }
    if (later === null || !samePartOfReply(entry, later)) close();
    parts.unshift(entry.message);
    later = entry;
  }
  close();
  return replies.slice(0, limit);
}
