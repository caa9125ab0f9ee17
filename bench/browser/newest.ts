// The page of the 'browser-newest-50' benchmark: fills the app's Dexie database ('kiri', the real
// schema) and times the app's own newestMessages() against raw IndexedDB on the same index.
import { newestMessages } from '@/db/messages';
import { KiriDatabase, type MessageRow } from '@/db/schema';
import { uuidv7 } from '@/domain/uuidv7';

const INDEX = '[sessionId+order]';

export type QueryKind = 'dexie' | 'getAll' | 'cursor';

export interface NewestBench {
  fill(options: { total: number; sessions: number; chunk: number }): Promise<{
    count: number;
    sessionIds: string[];
    ms: number;
    getAllWithDirection: boolean;
  }>;
  /** The ids each query returns, oldest first, to check they agree. */
  ids(kind: QueryKind, sessionId: string, limit: number): Promise<string[]>;
  /** Mean time of one query over `batch` in a row, rotating over the sessions. */
  time(kind: QueryKind, sessionIds: string[], limit: number, batch: number): Promise<number>;
}

let dexie: KiriDatabase | undefined;
let raw: IDBDatabase | undefined;

const LINES = [
  'On the train again, the carriage is packed and someone is eating fried chicken.',
  'Mm, that sounds like a lot. I am here, take your time ~',
  'Do you remember what I said about the ginkgo trees by the river last week?',
  'Long days deserve a soft evening. What would help right now?',
];

function openRaw(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('kiri');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

const dayId = (index: number) => {
  const date = new Date(Date.UTC(2026, 0, 1) + index * 86_400_000);
  return date.toISOString().slice(0, 10);
};

/**
 * The fairest raw equivalent of `where('[sessionId+order]').between(...).reverse().limit(n)`: one
 * readonly transaction, one request on the same index and key range, newest first, n records. Chromium
 * has IndexedDB 3's getAll({ query, count, direction }), which can read in reverse, and Dexie 4 uses
 * exactly that when it is there; without it, the equivalent is a 'prev' cursor that stops at n (what
 * Dexie falls back to). Both are timed; the budget is taken against getAll when the browser has it.
 */
function rawNewest(kind: 'getAll' | 'cursor', sessionId: string, limit: number) {
  return new Promise<MessageRow[]>((resolve, reject) => {
    const index = raw!.transaction('messages', 'readonly').objectStore('messages').index(INDEX);
    // The order keys are strings: an empty array sorts after every one of them.
    const range = IDBKeyRange.bound([sessionId, ''], [sessionId, []]);
    if (kind === 'getAll') {
      const request = (
        index.getAll as unknown as (options: {
          query: IDBKeyRange;
          count: number;
          direction: IDBCursorDirection;
        }) => IDBRequest<MessageRow[]>
      )({ query: range, count: limit, direction: 'prev' });
      request.onsuccess = () => resolve(request.result.reverse());
      request.onerror = () => reject(request.error);
      return;
    }
    const rows: MessageRow[] = [];
    const request = index.openCursor(range, 'prev');
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(rows.reverse());
      rows.push(cursor.value as MessageRow);
      if (rows.length === limit) return resolve(rows.reverse());
      cursor.continue();
    };
    request.onerror = () => reject(request.error);
  });
}

function query(kind: QueryKind, sessionId: string, limit: number): Promise<MessageRow[]> {
  return kind === 'dexie'
    ? newestMessages(dexie!, sessionId, limit)
    : rawNewest(kind, sessionId, limit);
}

const bench: NewestBench = {
  async fill({ total, sessions, chunk }) {
    const started = performance.now();
    dexie?.close();
    raw?.close();
    await new KiriDatabase().delete();
    dexie = new KiriDatabase();
    await dexie.open();
    const perSession = Math.ceil(total / sessions);
    const sessionIds = Array.from({ length: sessions }, (_, i) => dayId(i));
    let batch: MessageRow[] = [];
    let count = 0;
    for (const [s, sessionId] of sessionIds.entries()) {
      const dayStart = Date.UTC(2026, 0, 1) + s * 86_400_000;
      for (let i = 0; i < perSession && count < total; i++, count++) {
        const timestamp = dayStart + i * 60_000;
        const sender = i % 2 === 0 ? 'user' : 'kiri';
        batch.push({
          id: uuidv7(timestamp),
          sessionId,
          sender,
          message: `${LINES[i % LINES.length]!} (${count})`,
          timestamp,
          replyToId: null,
          emotionalState: null,
          ...(sender === 'user' ? { status: 'answered' as const } : {}),
        });
        if (batch.length === chunk) {
          await dexie.messages.bulkAdd(batch);
          batch = [];
        }
      }
    }
    if (batch.length) await dexie.messages.bulkAdd(batch);
    await dexie.sessions.bulkAdd(
      sessionIds.map((id, s) => ({
        id,
        title: id,
        startedAt: Date.UTC(2026, 0, 1) + s * 86_400_000,
        closedAt: null,
        messageCount: perSession,
        lastActivity: Date.UTC(2026, 0, 1) + s * 86_400_000,
      })),
    );
    raw = await openRaw();
    return {
      count: await dexie.messages.count(),
      sessionIds,
      ms: performance.now() - started,
      getAllWithDirection: 'getAllRecords' in IDBIndex.prototype,
    };
  },
  async ids(kind, sessionId, limit) {
    return (await query(kind, sessionId, limit)).map((row) => row.id);
  },
  async time(kind, sessionIds, limit, batch) {
    const started = performance.now();
    for (let i = 0; i < batch; i++) {
      const rows = await query(kind, sessionIds[i % sessionIds.length]!, limit);
      if (rows.length !== limit) throw new Error(`${kind} returned ${rows.length} rows`);
    }
    return (performance.now() - started) / batch;
  },
};

(window as unknown as { bench: NewestBench }).bench = bench;
document.body.dataset.ready = 'true';
