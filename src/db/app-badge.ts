// The app badge's state on the device (rule: src/domain/app-badge.ts): the "seen" marker and the ids
// of pushed messages not pulled yet, in uiState. The page moves the marker while the chat is in view;
// the worker adds a push. Both then set the badge where the browser has one.
import {
  keptPushes,
  nextSeenMarker,
  PUSHED_MAX,
  showBadge,
  unreadKiriCount,
  type BadgeTarget,
  type KiriMessageStamp,
  type PushedMessage,
  type SeenMarker,
} from '@/domain/app-badge';
import type { KiriDatabase } from './schema';

export const SEEN_KEY = 'kiriSeen';
export const PUSHED_KEY = 'kiriPushed';

async function readSeen(db: KiriDatabase): Promise<SeenMarker | null> {
  const value = (await db.uiState.get(SEEN_KEY))?.value as Partial<SeenMarker> | undefined;
  return typeof value?.timestamp === 'number' && typeof value.at === 'number'
    ? { timestamp: value.timestamp, at: value.at }
    : null;
}

async function readPushed(db: KiriDatabase): Promise<PushedMessage[]> {
  const value = (await db.uiState.get(PUSHED_KEY))?.value;
  return Array.isArray(value)
    ? value.filter(
        (push): push is PushedMessage =>
          typeof push?.id === 'string' && typeof push?.receivedAt === 'number',
      )
    : [];
}

/** How many of Kiri's messages are unread (see unreadKiriCount). */
export async function countUnreadKiri(db: KiriDatabase): Promise<number> {
  return db.transaction('r', db.messages, db.uiState, async () => {
    const [seen, pushed] = await Promise.all([readSeen(db), readPushed(db)]);
    const newer = seen
      ? await db.messages
          .where('timestamp')
          .above(seen.timestamp)
          .filter((row) => row.sender === 'kiri')
          .toArray()
      : [];
    const pushedRows = await db.messages.bulkGet(pushed.map((push) => push.id));
    const stamps: KiriMessageStamp[] = [
      ...newer,
      ...pushedRows.flatMap((row) => (row ? [row] : [])),
    ];
    return unreadKiriCount(stamps, seen, pushed);
  });
}

/** The worker got a push about `messageId`: it counts as unread until the chat shows it. */
export async function rememberPushedMessage(
  db: KiriDatabase,
  messageId: string,
  receivedAt: number,
): Promise<void> {
  await db.transaction('rw', db.uiState, async () => {
    const pushed = (await readPushed(db)).filter((push) => push.id !== messageId);
    pushed.push({ id: messageId, receivedAt });
    await db.uiState.put({ key: PUSHED_KEY, value: pushed.slice(-PUSHED_MAX) });
  });
}

/** The chat showed these Kiri messages while in view: the marker moves to the newest of them. */
export async function markKiriSeen(
  db: KiriDatabase,
  shown: readonly KiriMessageStamp[],
  now: number,
): Promise<void> {
  await db.transaction('rw', db.messages, db.uiState, async () => {
    const current = await readSeen(db);
    const next = nextSeenMarker(current, shown, now);
    if (next === current) return;
    await db.uiState.put({ key: SEEN_KEY, value: next });
    const pushed = await readPushed(db);
    const rows = await db.messages.bulkGet(pushed.map((push) => push.id));
    const onDevice = new Set(rows.flatMap((row) => (row ? [row.id] : [])));
    await db.uiState.put({ key: PUSHED_KEY, value: keptPushes(pushed, next, onDevice) });
  });
}

/** Counts again and shows the count on the app's icon where the browser can (page or worker). */
export async function refreshAppBadge(
  db: KiriDatabase,
  target: BadgeTarget | undefined,
): Promise<number> {
  const count = await countUnreadKiri(db);
  await showBadge(target, count);
  return count;
}
