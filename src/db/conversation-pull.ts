// Catches up with the server's conversation log: replies made while the app was closed, push
// messages, and what the owner's other devices said. Merged by message id.
import { conversationOrderKey } from '@/domain/conversation-order';
import { sessionIdAt } from '@/domain/day-session';
import { deviceReplyIds } from '@/domain/device-reply';
import { IMAGE_SENT_TEXT } from '@/domain/image-rules';
import { linkServerPhotos } from './photos';
import { ensureSessionRow } from './sessions';
import type { EmotionalState, KiriDatabase, MessageRow } from './schema';

export const PULL_CURSOR_KEY = 'conversations.lastPulledId';

export interface ServerMessage {
  id: string;
  message: string;
  sender: 'user' | 'kiri';
  timestamp: number | string;
  replyToId?: string | null;
  emotionalState?: EmotionalState | null;
  sessionId?: string;
  /** On Kiri's messages: the owner's message this answers. */
  answersId?: string | null;
  /** On Kiri's messages: written on a device while the server could not answer (issue 12). */
  writtenOffline?: boolean;
}

function toMillis(timestamp: number | string): number {
  return typeof timestamp === 'number' ? timestamp : Date.parse(timestamp);
}

/** Merges server messages into the device store; returns how many were new here. */
export async function mergeServerMessages(
  db: KiriDatabase,
  messages: readonly ServerMessage[],
  timeZone: string,
  now: number,
): Promise<number> {
  const todayId = sessionIdAt(now, timeZone);
  return db.transaction('rw', [db.messages, db.sessions, db.tombstones, db.outbox], async () => {
    let added = 0;
    for (const incoming of messages) {
      if (await db.tombstones.get(incoming.id)) continue;
      const at = toMillis(incoming.timestamp);
      if (!Number.isFinite(at)) continue;
      let asked: MessageRow | undefined;
      if (incoming.sender === 'kiri' && incoming.answersId) {
        // An answer to a message the owner deleted or unsent here is not brought in either.
        if (await db.tombstones.get(incoming.answersId)) continue;
        asked = await db.messages.get(incoming.answersId);
        if (asked?.status && asked.status !== 'answered' && asked.status !== 'local') {
          await db.messages.update(asked.id, { status: 'answered', statusReason: undefined });
        }
        await dropReplacedDeviceReply(db, incoming.answersId, incoming.id);
      }
      if (await db.messages.get(incoming.id)) continue;
      const sessionId = incoming.sessionId ?? sessionIdAt(at, timeZone);
      await ensureSessionRow(db, sessionId, todayId, at);
      const row: MessageRow = {
        id: incoming.id,
        sessionId,
        sender: incoming.sender,
        message: incoming.message,
        timestamp: at,
        replyToId: incoming.replyToId ?? null,
        emotionalState: incoming.emotionalState ?? null,
        ...(incoming.sender === 'user' ? { status: 'answered' as const } : {}),
        ...(incoming.sender === 'kiri' && incoming.writtenOffline === true
          ? { writtenOffline: true as const }
          : {}),
        // Under the message it answers, as in the server's log (the log lists a message, then its reply).
        order: conversationOrderKey({ id: incoming.id, timestamp: at }, asked),
      };
      await db.messages.add(row);
      const session = await db.sessions.get(sessionId);
      if (session) {
        await db.sessions.update(sessionId, {
          messageCount: session.messageCount + 1,
          lastActivity: Math.max(session.lastActivity, at),
        });
      }
      added += 1;
    }
    return added;
  });
}

/**
 * The server answered a message that this device answered too (the request was out when the device
 * wrote its reply, and the server's answer came by a pull before the replay): the server's answer is
 * the one of record, so the device's rows go. The outbox entry keeps its body; its replay gets the
 * server's stored answer back.
 */
async function dropReplacedDeviceReply(
  db: KiriDatabase,
  questionId: string,
  servedId: string,
): Promise<void> {
  const entries = await db.outbox.where('messageId').equals(questionId).toArray();
  const own = entries.flatMap((entry) => (entry.kind === 'chat' ? deviceReplyIds(entry.body) : []));
  if (own.length === 0 || own.includes(servedId)) return;
  const rows = (await db.messages.bulkGet(own)).filter((row) => row !== undefined);
  if (rows.length === 0) return;
  await db.messages.bulkDelete(rows.map((row) => row.id));
  const session = await db.sessions.get(rows[0]!.sessionId);
  if (session) {
    await db.sessions.update(session.id, {
      messageCount: Math.max(0, session.messageCount - rows.length),
    });
  }
}

/** GET /api/conversations?since=<the last entry pulled>, then merge. */
export async function pullConversations(
  db: KiriDatabase,
  options: { fetch: typeof fetch; timeZone: string; now: () => number },
): Promise<number> {
  const cursor = (await db.settings.get(PULL_CURSOR_KEY))?.value;
  const url =
    typeof cursor === 'string' && cursor
      ? `/api/conversations?since=${encodeURIComponent(cursor)}`
      : '/api/conversations';
  const response = await options.fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  const messages = (await response.json()) as ServerMessage[];
  if (!Array.isArray(messages)) return 0;
  const added = await mergeServerMessages(db, messages, options.timeZone, options.now());
  const last = messages[messages.length - 1];
  if (last) await db.settings.put({ key: PULL_CURSOR_KEY, value: last.id });
  // Photos shared from another device (issue 13): their entries show the photo here too. The device's
  // own photos are linked already (recordPhotoDelivery), so this asks only for the others.
  const photoEntries = messages
    .filter((entry) => entry.sender === 'user' && entry.message === IMAGE_SENT_TEXT)
    .map((entry) => entry.id);
  await linkServerPhotos(db, photoEntries, options.fetch).catch(() => 0);
  return added;
}
