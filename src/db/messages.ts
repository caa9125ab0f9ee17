// The owner's messages on the device. A message and its outbox entry are written in one transaction,
// so a message is never shown as sent without being queued, nor queued without being shown.
import { deliveryOutcome } from '@/domain/outbox-rules';
import { revealTimes, splitDelayMs } from '@/domain/reply-timing';
import type { KiriDatabase, MessageRow, OutboxRow } from './schema';

export const CHAT_URL = '/api/chat';

export interface HistoryItem {
  message: string;
  sender: 'user' | 'kiri';
  timestamp: number;
}

export interface NewUserMessage {
  id: string;
  sessionId: string;
  text: string;
  replyToId: string | null;
  userName: string | null;
  history: HistoryItem[];
  now: number;
}

/** The chat body (variant B of spec 000 §7, plus the session it belongs to). */
export function chatBody(input: NewUserMessage): string {
  return JSON.stringify({
    message: input.text,
    userName: input.userName ?? undefined,
    history: input.history,
    replyToId: input.replyToId,
    sessionId: input.sessionId,
    clientTimestamp: input.now,
  });
}

/** Stores the owner's message and queues it for Kiri. */
export async function queueUserMessage(
  db: KiriDatabase,
  input: NewUserMessage,
): Promise<MessageRow> {
  const message: MessageRow = {
    id: input.id,
    sessionId: input.sessionId,
    sender: 'user',
    message: input.text,
    timestamp: input.now,
    replyToId: input.replyToId,
    emotionalState: null,
    status: 'sending',
  };
  const entry: OutboxRow = {
    kind: 'chat',
    key: input.id,
    method: 'POST',
    url: CHAT_URL,
    body: chatBody(input),
    messageId: input.id,
    createdAt: input.now,
    attempts: 0,
    nextAttemptAt: input.now,
  };
  await db.transaction('rw', db.messages, db.outbox, db.sessions, async () => {
    await db.messages.add(message);
    await db.outbox.add(entry);
    await touchSession(db, input.sessionId, input.now, 1);
  });
  return message;
}

/** A message answered on the device alone (the greeting filter's 'Mm, noted.'). */
export async function addLocalExchange(
  db: KiriDatabase,
  user: { id: string; sessionId: string; text: string; now: number },
  reply: { id: string; text: string },
): Promise<void> {
  await db.transaction('rw', db.messages, db.sessions, async () => {
    await db.messages.bulkAdd([
      {
        id: user.id,
        sessionId: user.sessionId,
        sender: 'user',
        message: user.text,
        timestamp: user.now,
        replyToId: null,
        emotionalState: null,
        status: 'local',
      },
      {
        id: reply.id,
        sessionId: user.sessionId,
        sender: 'kiri',
        message: reply.text,
        timestamp: user.now + 1,
        replyToId: null,
        emotionalState: null,
      },
    ]);
    await touchSession(db, user.sessionId, user.now, 2);
  });
}

export interface ReplyPart {
  id: string;
  message: string;
  timestamp?: number | string;
}

/** Reads Kiri's parts from any of the spec's reply shapes (kiriMessages, kiriResponse, response, message). */
export function replyParts(answer: unknown): { parts: ReplyPart[]; timings: number[] } {
  const body = (answer ?? {}) as Record<string, unknown>;
  if (Array.isArray(body.kiriMessages)) {
    const parts = (body.kiriMessages as ReplyPart[]).filter(
      (p) => p && typeof p.message === 'string' && typeof p.id === 'string',
    );
    const timings = Array.isArray(body.splitMessageTimings)
      ? (body.splitMessageTimings as unknown[]).map((t) => (typeof t === 'number' ? t : 0))
      : [];
    return { parts, timings };
  }
  return { parts: [], timings: [] };
}

/** Spec 000 §8: what Kiri says when a reply comes back empty. */
export const EMPTY_REPLY_TEXT = "I'm here with you...";

/** The text of a reply without kiriMessages: the spec's other shapes, else the empty-reply line. */
export function fallbackReplyText(answer: unknown): string {
  const body = (answer ?? {}) as Record<string, unknown>;
  const nested = body.kiriResponse as { message?: unknown } | null | undefined;
  for (const text of [nested?.message, body.response, body.message]) {
    if (typeof text === 'string' && text.trim()) return text.trim();
  }
  return EMPTY_REPLY_TEXT;
}

/**
 * Stores Kiri's answer to a message: every part at once (so nothing is lost if the app closes), each
 * shown from its reveal time, so split replies appear one by one after their delays.
 */
export async function storeChatAnswer(
  db: KiriDatabase,
  messageId: string,
  answer: unknown,
  arrivedAt: number,
): Promise<void> {
  const read = replyParts(answer);
  // An empty reply still answers (spec 000 §8): the fallback line, under an id made from the question's.
  const empty = read.parts.length === 0;
  const parts = empty
    ? [{ id: `${messageId}-reply`, message: fallbackReplyText(answer) }]
    : read.parts;
  const timings = empty ? [0] : read.timings;
  await db.transaction('rw', db.messages, db.sessions, db.tombstones, async () => {
    const asked = await db.messages.get(messageId);
    const sessionId = asked?.sessionId;
    if (asked) await db.messages.update(messageId, { status: 'answered', statusReason: undefined });
    if (!sessionId) return;
    // Replies delivered back to back (a replayed outbox) show one after another: a reply starts once
    // the one before it has shown its last part, so the parts of two replies never interleave.
    const previous = await db.messages
      .where('[sessionId+timestamp]')
      .between([sessionId, -Infinity], [sessionId, Infinity])
      .last();
    const stillRevealing =
      previous?.sender === 'kiri' &&
      previous.revealAt !== undefined &&
      previous.revealAt > arrivedAt;
    const start = stillRevealing
      ? previous.revealAt! + splitDelayMs(parts[0]?.message ?? '')
      : arrivedAt;
    const times = revealTimes(
      start,
      parts.map((_, i) => timings[i] ?? 0),
    );
    // Ordered after the question (and after what is already there) even when the server's clock is
    // behind the device's.
    const floor = Math.max(asked?.timestamp ?? 0, stillRevealing ? previous.timestamp : 0);
    let added = 0;
    for (const [index, part] of parts.entries()) {
      if ((await db.messages.get(part.id)) || (await db.tombstones.get(part.id))) continue;
      await db.messages.add({
        id: part.id,
        sessionId,
        sender: 'kiri',
        message: part.message,
        timestamp: Math.max(times[index]!, floor + index + 1),
        replyToId: null,
        emotionalState: null,
        revealAt: times[index]!,
      });
      added += 1;
    }
    await touchSession(db, sessionId, arrivedAt, added);
  });
}

export async function setMessageStatus(
  db: KiriDatabase,
  id: string,
  status: MessageRow['status'],
  statusReason?: string,
): Promise<void> {
  await db.messages.update(id, { status, statusReason });
}

/** The newest `limit` messages of a session, oldest first (the list's order). */
export async function newestMessages(
  db: KiriDatabase,
  sessionId: string,
  limit: number,
): Promise<MessageRow[]> {
  const newest = await db.messages
    .where('[sessionId+timestamp]')
    .between([sessionId, -Infinity], [sessionId, Infinity])
    .reverse()
    .limit(limit)
    .toArray();
  return newest.reverse();
}

/** Delete: gone from this device (and not brought back by a pull); the server keeps its copy. */
export async function deleteMessageHere(db: KiriDatabase, id: string, now: number): Promise<void> {
  await db.transaction('rw', db.messages, db.outbox, db.tombstones, db.sessions, async () => {
    const message = await db.messages.get(id);
    await db.messages.delete(id);
    await db.tombstones.put({ id, deletedAt: now });
    if (message) await touchSession(db, message.sessionId, now, -1);
  });
}

/**
 * Unsend: gone here and on the server. A message that never left the device just leaves the outbox;
 * one that may have reached the server is deleted there through the outbox, so it works offline too.
 */
export async function unsendMessage(db: KiriDatabase, id: string, now: number): Promise<void> {
  await db.transaction('rw', db.messages, db.outbox, db.tombstones, db.sessions, async () => {
    const message = await db.messages.get(id);
    const pending = await db.outbox.where('messageId').equals(id).toArray();
    const neverSent = pending.length > 0 && pending.every((entry) => entry.attempts === 0);
    await db.outbox.bulkDelete(pending.map((entry) => entry.seq!));
    if (!neverSent && message?.status !== 'local') {
      await db.outbox.add({
        kind: 'unsend',
        key: `unsend-${id}`,
        method: 'DELETE',
        url: `/api/conversations/${encodeURIComponent(id)}`,
        body: null,
        messageId: null,
        createdAt: now,
        attempts: 0,
        nextAttemptAt: now,
      });
    }
    await db.messages.delete(id);
    await db.tombstones.put({ id, deletedAt: now });
    if (message) await touchSession(db, message.sessionId, now, -1);
  });
}

/** Retry a message the server refused: back into the outbox with its own id and body. */
export async function retryFailedMessage(db: KiriDatabase, id: string, now: number): Promise<void> {
  await db.transaction('rw', db.messages, db.outbox, async () => {
    const message = await db.messages.get(id);
    if (!message || message.status !== 'failed' || !message.retryBody) return;
    const body = message.retryBody;
    await db.messages.update(id, {
      status: 'sending',
      statusReason: undefined,
      retryBody: undefined,
    });
    await db.outbox.add({
      kind: 'chat',
      key: id,
      method: 'POST',
      url: CHAT_URL,
      body,
      messageId: id,
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
    });
  });
}

async function touchSession(db: KiriDatabase, sessionId: string, at: number, delta: number) {
  const session = await db.sessions.get(sessionId);
  if (!session) return;
  await db.sessions.update(sessionId, {
    messageCount: Math.max(0, session.messageCount + delta),
    lastActivity: Math.max(session.lastActivity, at),
  });
}

/**
 * Stores the initial greeting (spec 000 §4): Kiri's parts with their reveal times, with no message of
 * the owner's before them. Parts already here, or deleted here, are skipped. Returns how many were added.
 */
export async function storeGreetingAnswer(
  db: KiriDatabase,
  sessionId: string,
  answer: unknown,
  arrivedAt: number,
): Promise<number> {
  const { parts, timings } = replyParts(answer);
  const times = revealTimes(
    arrivedAt,
    parts.map((_, i) => timings[i] ?? 0),
  );
  return db.transaction('rw', db.messages, db.sessions, db.tombstones, async () => {
    let added = 0;
    for (const [index, part] of parts.entries()) {
      if ((await db.messages.get(part.id)) || (await db.tombstones.get(part.id))) continue;
      await db.messages.add({
        id: part.id,
        sessionId,
        sender: 'kiri',
        message: part.message,
        timestamp: times[index]!,
        replyToId: null,
        emotionalState: null,
        revealAt: times[index]!,
      });
      added += 1;
    }
    await touchSession(db, sessionId, arrivedAt, added);
    return added;
  });
}

/** How many messages a session holds (its own rows, not the session's counter). */
export function sessionMessageCount(db: KiriDatabase, sessionId: string): Promise<number> {
  return db.messages
    .where('[sessionId+timestamp]')
    .between([sessionId, -Infinity], [sessionId, Infinity])
    .count();
}

/** Kiri's newest message on the device that is already shown at `now` (any session). */
export async function newestKiriMessage(
  db: KiriDatabase,
  now: number,
): Promise<MessageRow | undefined> {
  return db.messages
    .orderBy('timestamp')
    .reverse()
    .filter((m) => m.sender === 'kiri' && (m.revealAt === undefined || m.revealAt <= now))
    .first();
}

const OFFLINE_REASON = (deliveryOutcome(null) as { reason: string }).reason;

/**
 * A message queued behind chat entries that already failed an attempt will not be tried before them:
 * it waits too, with their reason. (The drain keeps the order per kind, so it skips the later entries
 * of a kind whose first entry waits, and would leave them 'sending'.) Returns whether it now waits.
 */
export async function waitBehindEarlierEntries(
  db: KiriDatabase,
  messageId: string,
): Promise<boolean> {
  return db.transaction('rw', db.messages, db.outbox, async () => {
    const entries = await db.outbox.where('kind').equals('chat').sortBy('seq');
    const own = entries.find((entry) => entry.messageId === messageId);
    if (!own) return false;
    const stuck = entries.find((entry) => entry.seq! < own.seq! && entry.attempts > 0);
    if (!stuck) return false;
    const message = await db.messages.get(messageId);
    if (message?.status !== 'sending') return false;
    await db.messages.update(messageId, {
      status: 'waiting',
      statusReason: stuck.lastError ?? OFFLINE_REASON,
    });
    return true;
  });
}
