// Kiri's replies written on the device (issue 12): which waiting messages get one, what the engine is
// given, and the one transaction that stores the reply's parts as Kiri's messages and puts the reply
// into the message's outbox entry (`deviceReply`, same Idempotency-Key), so the server stores it on
// replay instead of writing a second answer.
import Dexie from 'dexie';
import { conversationOrderKey } from '@/domain/conversation-order';
import {
  deviceMemories,
  deviceRecentReplies,
  deviceReplyIds,
  deviceReplyRevealTimes,
  historyTurns,
  needsDeviceReply,
  repliesIn,
  seedFromId,
  withDeviceReply,
  type DeviceReplyBodyPart,
} from '@/domain/device-reply';
import type { CompanionInput, CompanionReply } from '@/engine/companion/types';
import { COPY_MEMORY_LIMIT, readCompanionCopy, readOfflineMemories } from './companion-copy';
import type { KiriDatabase, MessageRow, OutboxRow } from './schema';

export interface DeviceReplyCandidate {
  entry: OutboxRow;
  message: MessageRow;
}

/** The owner's messages in the outbox that get a reply written on the device now, oldest first. */
export async function deviceReplyCandidates(
  db: KiriDatabase,
  enabled: boolean,
): Promise<DeviceReplyCandidate[]> {
  if (!enabled) return [];
  const entries = await db.outbox.where('kind').equals('chat').sortBy('seq');
  const withMessage = entries.filter((entry) => entry.messageId);
  const messages = await db.messages.bulkGet(withMessage.map((entry) => entry.messageId!));
  return withMessage.flatMap((entry, i) => {
    const message = messages[i];
    const wanted = needsDeviceReply({
      enabled,
      message,
      hasDeviceReply: deviceReplyIds(entry.body).length > 0,
      answered: message?.status === 'answered',
    });
    return wanted && message ? [{ entry, message }] : [];
  });
}

/** How many rows before the message are read for Kiri's recent replies (a few replies' parts each). */
const RECENT_ROWS = 60;

/** The rows of the message's day before it, in the conversation's order (the newest `limit`). */
async function rowsBefore(db: KiriDatabase, message: MessageRow, limit: number) {
  const rows = await db.messages
    .where('[sessionId+order]')
    .between(
      [message.sessionId, Dexie.minKey],
      [message.sessionId, message.order ?? ''],
      true,
      false,
    )
    .reverse()
    .limit(limit)
    .toArray();
  return rows.reverse();
}

/**
 * What the engine is given for a message: the owner's name, Kiri's personality, mood, memories (those
 * said offline first) and recent replies from the copy, with what the device knows newer than it (her
 * replies on the device, the last 10 turns before the message). Null without a copy: without her
 * personality and memories the reply would not be hers.
 */
export async function deviceEngineInput(
  db: KiriDatabase,
  candidate: DeviceReplyCandidate,
  now: number,
): Promise<CompanionInput | null> {
  const copy = await readCompanionCopy(db);
  if (!copy) return null;
  const { context } = copy;
  const { message } = candidate;
  const [before, offline] = await Promise.all([
    rowsBefore(db, message, RECENT_ROWS),
    readOfflineMemories(db),
  ]);
  // The server reads the same history from the body; here the device's own rows are newer (replies
  // written offline to the messages before this one).
  const turns = before.filter((row) => row.status !== 'failed');
  let bodyName: string | null = null;
  try {
    const body = JSON.parse(candidate.entry.body ?? '{}') as { userName?: unknown };
    if (typeof body.userName === 'string' && body.userName) bodyName = body.userName;
  } catch {
    // A body that is not JSON is never written (chatBody); the copy's name stands.
  }
  return {
    message: message.message,
    isInitialGreeting: false,
    userName: context.userName ?? bodyName,
    history: historyTurns(turns),
    now,
    timeZone: context.timeZone,
    personaName: context.personaName,
    personality: context.personality,
    mood: context.mood,
    memories: deviceMemories(
      context.memories,
      offline.map(({ content, timestamp }) => ({ content, timestamp })),
      COPY_MEMORY_LIMIT,
    ),
    recentReplies: deviceRecentReplies(context.recentReplies, repliesIn(turns)),
    context: 'chat',
    // WhisperBridge Lite's pairs (while tone_mirroring is on): offline replies lean to the same tone.
    ...(context.toneStyle ? { toneStyle: context.toneStyle } : {}),
    // The engine promises only what is true offline ('remind me …' is set when the server hears it).
    onDevice: true,
    seed: seedFromId(message.id),
  };
}

export interface DeviceReplyToStore {
  messageId: string;
  parts: readonly string[];
  /** What the owner asked to remember, cleaned (CompanionReply.remember). */
  remember: string | null;
  madeAt: number;
  /** A new UUIDv7 (made on the device). */
  newId: () => string;
}

/**
 * Stores a reply written on the device, in one transaction: its parts as Kiri's messages (marked
 * `writtenOffline`, each shown after her typing pause), the reply in the outbox entry's body, and a
 * 'remember that …' among the memories said offline. Nothing is written when the message no longer
 * needs it (the server's answer came first, it was unsent, or it has a reply already). Returns the
 * parts stored, or null.
 */
export async function storeDeviceReply(
  db: KiriDatabase,
  reply: DeviceReplyToStore,
): Promise<DeviceReplyBodyPart[] | null> {
  const texts = reply.parts.filter((part) => part.trim().length > 0);
  if (texts.length === 0) return null;
  return db.transaction(
    'rw',
    [db.outbox, db.messages, db.sessions, db.offlineMemories],
    async () => {
      const [question, entries] = await Promise.all([
        db.messages.get(reply.messageId),
        db.outbox.where('messageId').equals(reply.messageId).toArray(),
      ]);
      const entry = entries.find((candidate) => candidate.kind === 'chat');
      if (!entry?.body || !question) return null;
      const wanted = needsDeviceReply({
        enabled: true,
        message: question,
        hasDeviceReply: deviceReplyIds(entry.body).length > 0,
        answered: false,
      });
      if (!wanted) return null;
      // Never before Kiri's reply ahead of it has shown its last part.
      const recent = await rowsBefore(db, question, 12);
      const previousRevealAt = recent.reduce<number | undefined>(
        (latest, row) =>
          row.sender === 'kiri' && row.revealAt !== undefined
            ? Math.max(latest ?? -Infinity, row.revealAt)
            : latest,
        undefined,
      );
      const times = deviceReplyRevealTimes(reply.madeAt, texts, previousRevealAt);
      let stamp = question.timestamp;
      const parts: DeviceReplyBodyPart[] = [];
      const rows: MessageRow[] = texts.map((text, index) => {
        stamp = Math.max(times[index]!, stamp + 1);
        const id = reply.newId();
        parts.push({ id, message: text, timestamp: stamp });
        return {
          id,
          sessionId: question.sessionId,
          sender: 'kiri',
          message: text,
          timestamp: stamp,
          replyToId: null,
          emotionalState: null,
          revealAt: times[index]!,
          order: conversationOrderKey({ id, timestamp: stamp }, question),
          writtenOffline: true,
        };
      });
      await db.messages.bulkAdd(rows);
      await db.outbox.update(entry.seq!, { body: withDeviceReply(entry.body, parts) });
      if (reply.remember) {
        await db.offlineMemories.put({
          messageId: question.id,
          content: reply.remember,
          timestamp: reply.madeAt,
        });
      }
      const session = await db.sessions.get(question.sessionId);
      if (session) {
        await db.sessions.put({
          ...session,
          messageCount: session.messageCount + rows.length,
          lastActivity: Math.max(session.lastActivity, reply.madeAt),
        });
      }
      return parts;
    },
  );
}

export interface AnswerWaitingDeps {
  enabled: () => boolean;
  /** The engine (loaded lazily in the page); it throws when it cannot be loaded (offline, not cached). */
  engine: () => Promise<(input: CompanionInput) => CompanionReply>;
  now: () => number;
  newId: () => string;
}

/**
 * Writes a reply on the device to every message that needs one, oldest first and one at a time, so
 * that a 'remember that …' is recalled by the next message at once. Returns how many were answered.
 */
export async function answerWaitingMessages(
  db: KiriDatabase,
  deps: AnswerWaitingDeps,
): Promise<number> {
  let answered = 0;
  const tried = new Set<string>();
  for (;;) {
    const candidate = (await deviceReplyCandidates(db, deps.enabled())).find(
      (item) => !tried.has(item.message.id),
    );
    if (!candidate) return answered;
    tried.add(candidate.message.id);
    const input = await deviceEngineInput(db, candidate, deps.now());
    if (!input) return answered;
    const reply = (await deps.engine())(input);
    const stored = await storeDeviceReply(db, {
      messageId: candidate.message.id,
      parts: reply.parts,
      remember: reply.remember,
      madeAt: deps.now(),
      newId: deps.newId,
    });
    if (stored) answered += 1;
  }
}
