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
      // Few round trips, not one per row: each is a task in a renderer that is busy loading the
      // app, and a cursor stepping row by row lost the race to the app's own read on a loaded
      // machine (docs/chat-client.md, "Cold start"). Zone, count, then one getAll of the newest.
      const tx = database.transaction([DEVICE_STORE.messages, DEVICE_STORE.settings], 'readonly');
      let todayId = '';
      let rows: MessageRow[] = [];
      tx.oncomplete = () => resolve(rows.length > 0 ? { todayId, rows } : null);
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
        const end: IDBValidKey = [todayId, []];
        const day = IDBKeyRange.bound([todayId, -Infinity], end);
        const store = tx.objectStore(DEVICE_STORE.messages);
        const index = store.index(
          store.indexNames.contains(DEVICE_STORE.byDay)
            ? DEVICE_STORE.byDay
            : DEVICE_STORE.byDayBefore,
        );
        const readFrom = (range: IDBKeyRange) => {
          const all = index.getAll(range);
          all.onsuccess = () => {
            rows = (all.result as unknown[]).filter(isMessageRow).slice(-limit);
          };
        };
        const count = index.count(day);
        count.onsuccess = () => {
          const total = count.result;
          if (total === 0) return;
          if (total <= limit) {
            readFrom(day);
            return;
          }
          // The key of the limit-th newest row: today's newest rows are those from it on.
          const keys = index.openKeyCursor(day);
          let skipped = false;
          keys.onsuccess = () => {
            const at = keys.result;
            if (!at) return;
            if (!skipped) {
              skipped = true;
              at.advance(total - limit);
              return;
            }
            readFrom(IDBKeyRange.bound(at.key, end));
          };
        };
      };
    });
  } catch {
    return null;
  } finally {
    database.close();
  }
}
