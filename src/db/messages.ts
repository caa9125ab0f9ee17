// The owner's messages on the device. A message and its outbox entry are written in one transaction,
// so a message is never shown as sent without being queued, nor queued without being shown.
import Dexie from 'dexie';
import { withoutRefusableHistory } from '@/domain/chat-limits';
import { conversationOrderKey } from '@/domain/conversation-order';
import { deviceReplyIds } from '@/domain/device-reply';
import { isOutboxDraining } from './outbox-lock';
import {
  DEEP_PAUSE_REASON,
  isDeepPauseHold,
  queuedMessageStatus,
  type QueuedStatus,
} from '@/domain/outbox-rules';
import { replyRevealTimes, revealTimes } from '@/domain/reply-timing';
import type { KiriDatabase, MessageRow, OutboxRow, SessionRow } from './schema';

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
  /** The browser says it is offline: the message waits from the start. */
  offline?: boolean;
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

/**
 * Stores the owner's message and queues it for Kiri. Offline, or behind any earlier chat entry still
 * in the outbox, it is 'waiting' from this transaction on (queuedMessageStatus): nothing in between
 * shows it 'sending' while it cannot go.
 */
export async function queueUserMessage(
  db: KiriDatabase,
  input: NewUserMessage,
): Promise<MessageRow> {
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
  return db.transaction('rw', db.messages, db.outbox, db.sessions, async () => {
    const message = withQueuedStatus(
      {
        id: input.id,
        sessionId: input.sessionId,
        sender: 'user',
        message: input.text,
        timestamp: input.now,
        replyToId: input.replyToId,
        emotionalState: null,
      },
      await queuedStatusNow(db, input.offline ?? false),
    );
    await db.messages.add(message);
    await db.outbox.add(entry);
    await touchSession(db, input.sessionId, input.now, 1);
    return message;
  });
}

/**
 * Inside a transaction over the outbox: how a message queued now starts. Photos go in the chat's line
 * (outboxLane): a message behind a photo that waits waits too.
 */
export async function queuedStatusNow(db: KiriDatabase, offline: boolean): Promise<QueuedStatus> {
  const earlier = await db.outbox.where('kind').anyOf('chat', 'image').toArray();
  return queuedMessageStatus(offline, earlier);
}

export function withQueuedStatus(
  row: Omit<MessageRow, 'status'>,
  queued: QueuedStatus,
): MessageRow {
  return queued.status === 'waiting' && queued.reason !== undefined
    ? { ...row, status: 'waiting', statusReason: queued.reason }
    : { ...row, status: queued.status };
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

export interface StoreChatAnswerOptions {
  /**
   * The outbox entry the answer is for. It is removed in the same transaction; if it is gone already
   * (unsent meanwhile, or stored by another pass), nothing is recorded.
   */
  outboxSeq?: number;
}

/**
 * Stores Kiri's answer to a message: every part at once (so nothing is lost if the app closes), each
 * shown from its reveal time (replyRevealTimes: paced in a live exchange, at once for a catch-up).
 * Returns whether the answer was recorded (false when its outbox entry was gone).
 */
export async function storeChatAnswer(
  db: KiriDatabase,
  messageId: string,
  answer: unknown,
  arrivedAt: number,
  options: StoreChatAnswerOptions = {},
): Promise<boolean> {
  const [recorded] = await storeChatAnswers(db, [{ messageId, answer, arrivedAt, ...options }]);
  return recorded!;
}

export interface ChatAnswer extends StoreChatAnswerOptions {
  messageId: string;
  answer: unknown;
  arrivedAt: number;
}

/**
 * Stores answers in the order given, in one transaction, as storeChatAnswer would one after another
 * (a replayed outbox writes several at a time). Returns, for each, whether it was recorded.
 */
export async function storeChatAnswers(
  db: KiriDatabase,
  answers: readonly ChatAnswer[],
): Promise<boolean[]> {
  const replies = answers.map((item) => {
    // In deep pause the message is kept and answered later (pulled like any reply): no bubble now.
    if (isDeepPauseHold(item.answer)) return { ...item, parts: [], timings: [], held: true };
    const read = replyParts(item.answer);
    // An empty reply still answers (spec 000 §8): the fallback line, under an id made from the question's.
    const empty = read.parts.length === 0;
    const parts = empty
      ? [{ id: `${item.messageId}-reply`, message: fallbackReplyText(item.answer) }]
      : read.parts;
    return { ...item, parts, timings: empty ? [0] : read.timings, held: false };
  });
  return db.transaction('rw', [db.outbox, db.messages, db.sessions, db.tombstones], async () => {
    // Every read is issued at once: this runs beside the next request of a replay, so it is kept short.
    const withEntry = replies.filter((reply) => reply.outboxSeq !== undefined);
    const [entries, askedRows, known] = await Promise.all([
      db.outbox.bulkGet(withEntry.map((reply) => reply.outboxSeq!)),
      db.messages.bulkGet(replies.map((reply) => reply.messageId)),
      knownIds(
        db,
        replies.flatMap((reply) => reply.parts),
      ),
    ]);
    // An entry gone already was unsent meanwhile, or stored by another pass: nothing to record.
    const gone = new Set(withEntry.filter((_, i) => !entries[i]).map((reply) => reply.outboxSeq));
    const recorded = replies.map((reply) => !gone.has(reply.outboxSeq));
    // A reply written on the device while the request was out (or timed out): the server's answer is
    // the one of record. With the device's own ids (a replay that carried it) it is the same reply and
    // stays; with other ids it replaces the device's rows, as every other device sees only the server's.
    const replaced = new Set<string>();
    const replacing = new Set<string>();
    withEntry.forEach((reply, i) => {
      const served = new Set(reply.parts.map((part) => part.id));
      if (reply.held || !entries[i]) return;
      for (const id of deviceReplyIds(entries[i]!.body)) {
        if (served.has(id)) continue;
        replaced.add(id);
        replacing.add(reply.messageId);
      }
    });
    const asked = new Map<string, MessageRow>();
    for (const row of askedRows) if (row) asked.set(row.id, row);
    const sessionIds = [
      ...new Set(
        replies.flatMap((reply, i) => {
          const row = recorded[i] ? asked.get(reply.messageId) : undefined;
          return row ? [row.sessionId] : [];
        }),
      ),
    ];
    const [lasts, sessionRows, replacedRows] = await Promise.all([
      Promise.all(sessionIds.map((id) => lastInSession(db, id, replaced))),
      db.sessions.bulkGet(sessionIds),
      db.messages.bulkGet([...replaced]),
    ]);
    const last = new Map(sessionIds.map((id, i) => [id, lasts[i]]));
    const sessions = new Map<string, SessionRow>();
    sessionRows.forEach((row) => row && sessions.set(row.id, row));

    const changedSessions = new Set<string>();
    const answered = new Map<string, MessageRow>();
    const added: MessageRow[] = [];
    for (const [i, reply] of replies.entries()) {
      if (!recorded[i]) continue;
      const question = asked.get(reply.messageId);
      if (!question) continue;
      const { statusReason: _reason, ...rest } = question;
      if (reply.held) {
        // Kept on the server; the pull marks it answered when Kiri's reply comes after she wakes.
        if (question.status !== 'answered') {
          answered.set(question.id, { ...rest, status: 'sent', statusReason: DEEP_PAUSE_REASON });
        }
        continue;
      }
      answered.set(question.id, { ...rest, status: 'answered' });
      const sessionId = question.sessionId;
      const previous = last.get(sessionId);
      const before = previous?.sender === 'kiri' ? previous : undefined;
      // An answer that takes the place of the device's reply shows at once, where that reply was: the
      // owner has read (or is reading) the device's, and a later reply typed out below must not hold
      // up the one above it.
      const times = replacing.has(question.id)
        ? reply.parts.map(() => reply.arrivedAt)
        : replyRevealTimes({
            askedAt: question.timestamp,
            arrivedAt: reply.arrivedAt,
            timings: reply.parts.map((_, index) => reply.timings[index] ?? 0),
            firstPart: reply.parts[0]?.message ?? '',
            previousRevealAt: before?.revealAt,
          });
      // Ordered after the question and after Kiri's reply before it, a millisecond apart at least (a
      // catch-up shows all its parts at once), even when the server's clock is behind the device's.
      let stamp = Math.max(question.timestamp, before?.timestamp ?? -Infinity);
      let count = 0;
      for (const [index, part] of reply.parts.entries()) {
        stamp = Math.max(times[index]!, stamp + 1);
        if (known.has(part.id)) continue;
        known.add(part.id);
        const row: MessageRow = {
          id: part.id,
          sessionId,
          sender: 'kiri',
          message: part.message,
          timestamp: stamp,
          replyToId: null,
          emotionalState: null,
          revealAt: times[index]!,
          // Right under the question, not after whatever was queued behind it (a replay answers late).
          order: conversationOrderKey({ id: part.id, timestamp: stamp }, question),
        };
        added.push(row);
        count += 1;
        const current = last.get(sessionId);
        if (!current || compareInSession(row, current) > 0) last.set(sessionId, row);
      }
      const session = sessions.get(sessionId);
      if (session) {
        sessions.set(sessionId, touched(session, reply.arrivedAt, count));
        changedSessions.add(sessionId);
      }
    }
    for (const row of replacedRows) {
      if (!row) continue;
      const session = sessions.get(row.sessionId);
      if (session) {
        sessions.set(row.sessionId, touched(session, session.lastActivity, -1));
        changedSessions.add(row.sessionId);
      }
    }
    const writes: Promise<unknown>[] = [];
    if (replaced.size > 0) writes.push(db.messages.bulkDelete([...replaced]));
    const done = withEntry.filter((reply) => !gone.has(reply.outboxSeq));
    if (done.length > 0) writes.push(db.outbox.bulkDelete(done.map((reply) => reply.outboxSeq!)));
    if (answered.size > 0) writes.push(db.messages.bulkPut([...answered.values()]));
    if (added.length > 0) writes.push(db.messages.bulkAdd(added));
    if (changedSessions.size > 0) {
      writes.push(db.sessions.bulkPut([...changedSessions].map((id) => sessions.get(id)!)));
    }
    await Promise.all(writes);
    return recorded;
  });
}

/** The last message of a session in the list's order (time, then id), leaving out rows being replaced. */
async function lastInSession(
  db: KiriDatabase,
  sessionId: string,
  replaced: ReadonlySet<string> = new Set(),
): Promise<MessageRow | undefined> {
  const last = await db.messages
    .where('[sessionId+timestamp]')
    .between([sessionId, -Infinity], [sessionId, Infinity])
    .reverse()
    .filter((row) => !replaced.has(row.id))
    .first();
  return last;
}

function compareInSession(a: MessageRow, b: MessageRow): number {
  return a.timestamp - b.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Which of these parts are here already, or were deleted here (and so must not come back). */
async function knownIds(db: KiriDatabase, parts: readonly { id: string }[]): Promise<Set<string>> {
  const ids = parts.map((part) => part.id);
  const [messages, tombstones] = await Promise.all([
    db.messages.bulkGet(ids),
    db.tombstones.bulkGet(ids),
  ]);
  return new Set(ids.filter((_, i) => messages[i] || tombstones[i]));
}

function touched(session: SessionRow, at: number, delta: number): SessionRow {
  return {
    ...session,
    messageCount: Math.max(0, session.messageCount + delta),
    lastActivity: Math.max(session.lastActivity, at),
  };
}

export async function setMessageStatus(
  db: KiriDatabase,
  id: string,
  status: MessageRow['status'],
  statusReason?: string,
): Promise<void> {
  await db.messages.update(id, { status, statusReason });
}

/** The newest `limit` messages of a session in the conversation's order (conversationOrderKey). */
export async function newestMessages(
  db: KiriDatabase,
  sessionId: string,
  limit: number,
): Promise<MessageRow[]> {
  const newest = await db.messages
    .where('[sessionId+order]')
    .between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey])
    .reverse()
    .limit(limit)
    .toArray();
  return newest.reverse();
}

/**
 * Delete: gone from this device (and not brought back by a pull); the server keeps its copy. A message
 * still waiting to be sent is not sent after all: Kiri would otherwise answer something the owner
 * deleted. If it may already be on its way, it is removed from the server as Unsend would.
 */
export async function deleteMessageHere(
  db: KiriDatabase,
  id: string,
  now: number,
  draining: () => Promise<boolean> = isOutboxDraining,
): Promise<void> {
  await removeMessage(db, id, now, { fromServer: 'only-if-queued', draining });
}

/**
 * Unsend: gone here and on the server. A message that never left the device just leaves the outbox;
 * one that may have reached the server is deleted there through the outbox, so it works offline too.
 */
export async function unsendMessage(
  db: KiriDatabase,
  id: string,
  now: number,
  draining: () => Promise<boolean> = isOutboxDraining,
): Promise<void> {
  await removeMessage(db, id, now, { fromServer: 'always', draining });
}

async function removeMessage(
  db: KiriDatabase,
  id: string,
  now: number,
  options: { fromServer: 'always' | 'only-if-queued'; draining: () => Promise<boolean> },
): Promise<void> {
  // Asked before the transaction: a request in flight has not failed yet (attempts 0), and only a
  // running drain can have one out. Then the server may store it: the DELETE must follow.
  const mayBeInFlight = await options.draining();
  const tables = [db.messages, db.outbox, db.tombstones, db.sessions, db.photos, db.photoFiles];
  await db.transaction('rw', tables, async () => {
    const message = await db.messages.get(id);
    const pending = await db.outbox.where('messageId').equals(id).toArray();
    const neverSent =
      !mayBeInFlight && pending.length > 0 && pending.every((entry) => entry.attempts === 0);
    await db.outbox.bulkDelete(pending.map((entry) => entry.seq!));
    const serverMayHaveIt = !neverSent && message?.status !== 'local';
    const wanted = options.fromServer === 'always' || pending.length > 0;
    if (serverMayHaveIt && wanted) {
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
    // A photo's own copy goes with its message: nothing the owner deleted stays on the device.
    if (message?.photoId) {
      await db.photos.delete(message.photoId);
      await db.photoFiles.delete(message.photoId);
    }
    if (message) await touchSession(db, message.sessionId, now, -1);
  });
}

/** Retry a message the server refused: back into the outbox with its own id and body. */
export async function retryFailedMessage(
  db: KiriDatabase,
  id: string,
  now: number,
  offline = false,
): Promise<void> {
  await db.transaction('rw', db.messages, db.outbox, async () => {
    const message = await db.messages.get(id);
    if (!message || message.status !== 'failed' || !message.retryBody) return;
    const body = withoutRefusableHistory(message.retryBody);
    const queued = await queuedStatusNow(db, offline);
    await db.messages.update(id, {
      status: queued.status,
      statusReason: queued.status === 'waiting' ? queued.reason : undefined,
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

export async function touchSession(db: KiriDatabase, sessionId: string, at: number, delta: number) {
  const session = await db.sessions.get(sessionId);
  if (session) await db.sessions.put(touched(session, at, delta));
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
  // Stamped with the server's time when it is the earlier: a greeting the server made (or replays) before
  // other messages of the day goes before them here too, where every device that pulls it puts it.
  let stamp = -Infinity;
  const stamps = parts.map((part, index) => {
    const served =
      typeof part.timestamp === 'number' ? part.timestamp : Date.parse(`${part.timestamp}`);
    const shown = times[index]!;
    stamp = Math.max(Number.isFinite(served) ? Math.min(served, shown) : shown, stamp + 1);
    return stamp;
  });
  return db.transaction('rw', db.messages, db.sessions, db.tombstones, async () => {
    let added = 0;
    for (const [index, part] of parts.entries()) {
      if ((await db.messages.get(part.id)) || (await db.tombstones.get(part.id))) continue;
      await db.messages.add({
        id: part.id,
        sessionId,
        sender: 'kiri',
        message: part.message,
        timestamp: stamps[index]!,
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
