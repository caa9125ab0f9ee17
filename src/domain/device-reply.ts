// Offline replies (issue 12): when the server cannot answer an owner's message, Kiri answers on the
// device with the same engine, and the reply travels with the message (`deviceReply` in the chat body,
// under the message's own Idempotency-Key). These are the rules of when she does, how her reply is
// paced, and what the engine is given from the device's copy of the server's context.
import { CONNECTION_REASON, LOGIN_REASON } from './outbox-rules';
import { STORE_FAILED_REASON } from './outbox-timeout';
import { splitDelayMs } from './reply-timing';

/** The most of Kiri's replies the engine is told about (the server keeps as many: RECENT_REPLY_COUNT). */
export const RECENT_REPLIES_LIMIT = 50;

/** The turns of history the engine reads (spec 000 §9: the last 10 messages). */
export const DEVICE_HISTORY_LIMIT = 10;

/** What the rule reads of the owner's message row. */
export interface WaitingMessage {
  sender: 'user' | 'kiri';
  status?: string;
  statusReason?: string;
}

/**
 * Whether an owner's message still in the outbox gets a reply written on the device now. Only when
 * the server cannot answer it: the message waits with a reason (offline, the server down or not
 * answering in time, a 5xx, an answer that was not the server's, or behind such a message). Not when
 * it waits for a login (the server is there and answers once the owner logs in), nor when the server's
 * answer came but could not be stored (it is asked for again), nor while it is on its way or queued
 * behind one on its way (no reason yet: that one may still be answered). Never twice for one message,
 * never with the setting off.
 */
export function needsDeviceReply(input: {
  enabled: boolean;
  message: WaitingMessage | undefined;
  /** The outbox entry's body already carries a device reply. */
  hasDeviceReply: boolean;
  /** Kiri already answered it on this device (the server's reply was stored or pulled). */
  answered: boolean;
}): boolean {
  const { enabled, message, hasDeviceReply, answered } = input;
  if (!enabled || hasDeviceReply || answered || !message) return false;
  if (message.sender !== 'user' || message.status !== 'waiting') return false;
  const reason = message.statusReason;
  if (!reason) return false;
  return reason !== LOGIN_REASON && reason !== STORE_FAILED_REASON;
}

/** The plain offline reason, for readers that tell it apart. */
export const OFFLINE_WAIT_REASON = CONNECTION_REASON;

/**
 * When each part of a reply written on the device is shown: after her usual typing pause, as a live
 * reply that waits for the one before it is paced (replyRevealTimes): the first part after its own
 * split delay, each later part after its delay, and never before Kiri's reply ahead of it has shown its
 * last part. The pause also covers the engine's own time (measured well under the shortest delay).
 */
export function deviceReplyRevealTimes(
  madeAt: number,
  parts: readonly string[],
  previousRevealAt?: number,
): number[] {
  let at = Math.max(madeAt, previousRevealAt ?? -Infinity);
  return parts.map((part) => (at += splitDelayMs(part)));
}

/** The parts of a device reply as the chat body carries them (DeviceReply in the contract). */
export interface DeviceReplyBodyPart {
  id: string;
  message: string;
  timestamp: number;
}

/**
 * The outbox entry's body with the device's reply added. Every other field stays as it was (same
 * order, same values), so the replay is the message the server would have had, plus the reply; the
 * server's idempotency hash leaves `deviceReply` out, so the key still matches a first attempt's.
 */
export function withDeviceReply(body: string, parts: readonly DeviceReplyBodyPart[]): string {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  return JSON.stringify({
    ...parsed,
    deviceReply: {
      kiriMessages: parts.map(({ id, message, timestamp }) => ({ id, message, timestamp })),
    },
  });
}

/** The ids of the device's reply in an outbox entry's body (none when it has no reply, or no body). */
export function deviceReplyIds(body: string | null | undefined): string[] {
  if (!body) return [];
  try {
    const parsed = JSON.parse(body) as { deviceReply?: { kiriMessages?: unknown } };
    const parts = parsed.deviceReply?.kiriMessages;
    if (!Array.isArray(parts)) return [];
    return parts.flatMap((part) =>
      part && typeof (part as { id?: unknown }).id === 'string'
        ? [(part as { id: string }).id]
        : [],
    );
  } catch {
    return [];
  }
}

export interface MemoryLike {
  content: string;
  timestamp: number;
}

/**
 * The memories the engine is given: what the owner asked to remember while offline (the server has not
 * heard it yet), newest first, then the copy's, without the same words twice, at most `limit`. The
 * engine ranks them by the message itself.
 */
export function deviceMemories<T extends MemoryLike>(
  copy: readonly T[],
  offline: readonly T[],
  limit: number,
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  const newestFirst = [...offline].sort((a, b) => b.timestamp - a.timestamp);
  for (const memory of [...newestFirst, ...copy]) {
    const key = memory.content.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(memory);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Kiri's last replies for the engine (none is said again word for word): the copy's (the server's last
 * ones) and those on the device, which may be newer (replies pulled or written offline since the copy
 * was made). Oldest first, each once, the newest `limit`.
 */
export function deviceRecentReplies(
  copy: readonly string[],
  onDevice: readonly string[],
  limit = RECENT_REPLIES_LIMIT,
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  // Walked from the newest, so a reply said twice counts where it was said last.
  const all = [...copy, ...onDevice];
  for (let i = all.length - 1; i >= 0 && out.length < limit; i -= 1) {
    const reply = all[i]!;
    if (!reply || seen.has(reply)) continue;
    seen.add(reply);
    out.push(reply);
  }
  return out.reverse();
}

export interface ConversationRow {
  sender: 'user' | 'kiri';
  message: string;
}

/**
 * Kiri's replies in a stretch of the conversation (in its order), each its parts joined as the server
 * joins them: consecutive messages of Kiri's are the parts of one reply.
 */
export function repliesIn(rows: readonly ConversationRow[]): string[] {
  const replies: string[] = [];
  let parts: string[] = [];
  for (const row of rows) {
    if (row.sender === 'kiri') {
      parts.push(row.message);
      continue;
    }
    if (parts.length > 0) replies.push(parts.join('\n\n'));
    parts = [];
  }
  if (parts.length > 0) replies.push(parts.join('\n\n'));
  return replies;
}

/** The engine's turns from the conversation before the message: the last 10, oldest first. */
export function historyTurns(
  rows: readonly ConversationRow[],
  limit = DEVICE_HISTORY_LIMIT,
): { role: 'user' | 'assistant'; content: string }[] {
  return rows.slice(-limit).map((row) => ({
    role: row.sender === 'user' ? 'user' : 'assistant',
    content: row.message,
  }));
}

/**
 * A seed for the engine from the message's id: the same message always gets the same reply, so a
 * reply made again (its first write failed) does not change its words.
 */
export function seedFromId(id: string): number {
  // FNV-1a, 32 bits.
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
