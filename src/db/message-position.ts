// Where a message sits in its day: the chat's list reads a day's newest N messages (by `order`), so
// a message is loaded once N is more than the messages after it. Read by the chat when a notification
// opens it at a message (?message=<id>), apart from the chat's first load.
import Dexie from 'dexie';
import type { KiriDatabase } from './schema';

export interface MessagePlace {
  sessionId: string;
  /** The messages of its session that come after it in the list. */
  after: number;
}

/** Null while the message is not on this device (a push can arrive before the pull brings it). */
export async function messagePlace(db: KiriDatabase, id: string): Promise<MessagePlace | null> {
  const row = await db.messages.get(id);
  if (!row || row.order === undefined) return null;
  const after = await db.messages
    .where('[sessionId+order]')
    .between([row.sessionId, row.order], [row.sessionId, Dexie.maxKey], false, true)
    .count();
  return { sessionId: row.sessionId, after };
}
