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
/** The engine never repeats one of these word for word. */
export const RECENT_REPLY_COUNT = 20;

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

/** Appends at the end and drops the oldest entries past the cap. */
export function appendEntries(
  account: ConversationAccount,
  entries: readonly ConversationEntry[],
  cap = CONVERSATION_LOG_CAP,
): void {
  account.log.push(...entries);
  const excess = account.log.length - cap;
  if (excess > 0) account.log.splice(0, excess);
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
    if (index !== -1) account.log.splice(index, 1);
  }
  if (op.pruneAt !== undefined) pruneRecords(account.idempotency, op.pruneAt);
  if (op.record) putRecord(account.idempotency, op.record.key, op.record.value);
}

export function hasEntry(log: readonly ConversationEntry[], id: string): boolean {
  return log.some((entry) => entry.id === id);
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
 * Kiri's last replies, newest first, each the full text of one answer. The parts of one answer are
 * appended together, answer the same message and are stamped 1 ms apart, which is how they are grouped.
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
    const samePart =
      later !== null &&
      later.answersId === entry.answersId &&
      later.timestamp === entry.timestamp + 1;
    if (!samePart) close();
    parts.unshift(entry.message);
    later = entry;
  }
  close();
  return replies.slice(0, limit);
}
