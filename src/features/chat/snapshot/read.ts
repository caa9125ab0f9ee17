// The opening snapshot's read: today's newest messages, straight from IndexedDB. It runs before the
// app's code (React, Dexie) has loaded, so it speaks IndexedDB itself, in one read-only transaction,
// and never creates or upgrades the database: that stays Dexie's job (src/db/schema.ts).
import type { MessageRow } from '@/db/schema';
import { TIME_ZONE_KEY } from '@/db/sync-settings';
import { DEFAULT_TIME_ZONE, sessionIdAt } from '@/domain/day-session';

/** Names in the device store's schema (src/db/schema.ts; a unit test opens a Dexie-made database). */
export const DEVICE_STORE = {
  name: 'kiri',
  messages: 'messages',
  /** The list's order (a reply under the message it answers); a database not yet upgraded has only… */
  byDay: '[sessionId+order]',
  /** …the time, which is the order its rows were made for. */
  byDayBefore: '[sessionId+timestamp]',
  settings: 'settings',
} as const;

/** Enough rows to fill a tall phone or a desktop window; the app's list takes over within moments. */
export const SNAPSHOT_MESSAGE_LIMIT = 40;

export interface OpeningSnapshot {
  todayId: string;
  /** Today's newest messages, oldest first. */
  rows: MessageRow[];
}

/**
 * Opens the device store's database if it exists, at whatever version it has; null when there is
 * none (a first visit: its creation is aborted here) or it cannot be opened.
 */
function openExisting(idb: IDBFactory): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = idb.open(DEVICE_STORE.name);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const database = request.result;
      // Never stand in the way of Dexie's open or upgrade.
      database.onversionchange = () => database.close();
      resolve(database);
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    request.onblocked = () => resolve(null);
  });
}

function isMessageRow(value: unknown): value is MessageRow {
  const row = value as Partial<MessageRow> | null;
  return (
    typeof row === 'object' &&
    row !== null &&
    typeof row.id === 'string' &&
    (row.sender === 'user' || row.sender === 'kiri') &&
    typeof row.message === 'string' &&
    typeof row.timestamp === 'number'
  );
}

/**
 * Today's newest `limit` messages in the owner's zone (the one the device kept from the server, else
 * the default), or null when there is no database, no such store, or nothing today. Never rejects:
 * the snapshot is a head start, and the app reads everything again anyway.
 */
export async function readOpeningSnapshot(
  idb: IDBFactory,
  now: number,
  limit: number = SNAPSHOT_MESSAGE_LIMIT,
): Promise<OpeningSnapshot | null> {
  const database = await openExisting(idb);
  if (!database) return null;
  try {
    const names = database.objectStoreNames;
    if (!names.contains(DEVICE_STORE.messages) || !names.contains(DEVICE_STORE.settings)) {
      return null;
    }
    return await new Promise<OpeningSnapshot | null>((resolve) => {
      const tx = database.transaction([DEVICE_STORE.messages, DEVICE_STORE.settings], 'readonly');
      const newestFirst: MessageRow[] = [];
      let todayId = '';
      tx.oncomplete = () =>
        resolve(newestFirst.length > 0 ? { todayId, rows: newestFirst.reverse() } : null);
      tx.onerror = tx.onabort = () => resolve(null);

      const zone = tx.objectStore(DEVICE_STORE.settings).get(TIME_ZONE_KEY);
      zone.onsuccess = () => {
        const value = (zone.result as { value?: unknown } | undefined)?.value;
        const timeZone = typeof value === 'string' && value ? value : DEFAULT_TIME_ZONE;
        try {
          todayId = sessionIdAt(now, timeZone);
        } catch {
          tx.abort(); // A zone this browser does not know: the app deals with it.
          return;
        }
        // From below any number to above any string: bounds for either index's second field.
        const day = IDBKeyRange.bound([todayId, -Infinity], [todayId, []]);
        const store = tx.objectStore(DEVICE_STORE.messages);
        const index = store.indexNames.contains(DEVICE_STORE.byDay)
          ? DEVICE_STORE.byDay
          : DEVICE_STORE.byDayBefore;
        const cursor = store.index(index).openCursor(day, 'prev');
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return;
          if (isMessageRow(at.value)) newestFirst.push(at.value);
          if (newestFirst.length < limit) at.continue();
        };
      };
    });
  } catch {
    return null;
  } finally {
    database.close();
  }
}
