// Which of Kiri's messages the browser tasks have looked at (issue 13): each of her messages is
// looked at once, on one page, never again after a reload, and never for the messages the device
// had before (an old 'let me open…' must not open a page today).
import Dexie from 'dexie';
import { UUID_V7_PATTERN } from '@/domain/uuidv7';
import type { KiriDatabase, MessageRow } from './schema';

/** The settings row: the newest of Kiri's message ids looked at (ids are UUIDv7, time-ordered). */
export const BROWSER_TASK_SEEN_KEY = 'browserTasks.lastKiriId';

/** A message older than this when it reaches the device (a catch-up pull) opens nothing. */
export const BROWSER_TASK_FRESH_MS = 5 * 60_000;

export interface ClaimedKiriMessage {
  message: MessageRow;
  /** The owner's last message before it in its day, for the page's address. */
  ownerLastMessage: string | null;
}

/**
 * Only ids that start with a UUIDv7 are in time order (a reply's fallback id is its message's id plus
 * '-reply', which still sorts right after it); any other id would move the mark past every later one.
 */
function timeOrdered(row: MessageRow): boolean {
  return UUID_V7_PATTERN.test(row.id.slice(0, 36));
}

async function newestKiriId(db: KiriDatabase): Promise<string | null> {
  const newest = await db.messages
    .orderBy(':id')
    .reverse()
    .filter((row) => row.sender === 'kiri' && timeOrdered(row))
    .first();
  return newest?.id ?? null;
}

async function ownerMessageBefore(db: KiriDatabase, message: MessageRow): Promise<string | null> {
  const row = await db.messages
    .where('[sessionId+order]')
    .between(
      [message.sessionId, Dexie.minKey],
      [message.sessionId, message.order ?? ''],
      true,
      false,
    )
    .reverse()
    .filter((candidate) => candidate.sender === 'user')
    .first();
  return row?.message ?? null;
}

/**
 * Claims Kiri's messages newer than the last looked at and moves the mark past them, in one
 * transaction, so two open pages never both claim one. The first call on a device only sets the mark.
 * Returns the claimed messages that were fresh (written within BROWSER_TASK_FRESH_MS of `now`), oldest
 * first, each with the owner's message before it.
 */
export async function claimNewKiriMessages(
  db: KiriDatabase,
  now: number,
): Promise<ClaimedKiriMessage[]> {
  return db.transaction('rw', db.settings, db.messages, async () => {
    const seen = (await db.settings.get(BROWSER_TASK_SEEN_KEY))?.value;
    if (typeof seen !== 'string') {
      await db.settings.put({ key: BROWSER_TASK_SEEN_KEY, value: (await newestKiriId(db)) ?? '' });
      return [];
    }
    const newer = await db.messages
      .where(':id')
      .above(seen)
      .filter((row) => row.sender === 'kiri' && timeOrdered(row))
      .toArray();
    if (newer.length === 0) return [];
    await db.settings.put({ key: BROWSER_TASK_SEEN_KEY, value: newer[newer.length - 1]!.id });
    const fresh = newer.filter((row) => row.timestamp >= now - BROWSER_TASK_FRESH_MS);
    return Promise.all(
      fresh.map(async (message) => ({
        message,
        ownerLastMessage: await ownerMessageBefore(db, message),
      })),
    );
  });
}
