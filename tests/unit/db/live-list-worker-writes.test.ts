// @vitest-environment jsdom
// The list reads the newest messages live; the service worker writes to the same database from another
// context, and Dexie tells the page through a BroadcastChannel once the worker's write has committed.
// A status change (the message answered) moves no index key, so Dexie reports only the row's primary
// key. If that report arrives while the page is reading the list again, the page must still read once
// more: the list once kept drawing a message 'Waiting to send' after the device had it answered.
import { afterEach, describe, expect, it } from 'vitest';
import { liveQuery, RangeSet, type DBCoreTable } from 'dexie';
import { newestMessages } from '@/db/messages';
import { conversationOrderKey } from '@/domain/conversation-order';
import type { MessageRow } from '@/db/schema';
import { freshDb } from './helpers';

const SESSION = '2026-11-24';

function ownMessage(id: string, at: number): MessageRow {
  return {
    id,
    sessionId: SESSION,
    sender: 'user',
    message: `note ${id}`,
    timestamp: at,
    replyToId: null,
    emotionalState: null,
    status: 'waiting',
  };
}

/** A write made by the other context: straight to IndexedDB, unseen by this page's Dexie. */
function writeElsewhere(dbName: string, row: MessageRow): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(dbName);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('messages', 'readwrite');
      tx.objectStore('messages').put(row);
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

/**
 * What Dexie in the worker broadcasts after that write, delivered the way Dexie delivers a message
 * from its BroadcastChannel (the 'x-storagemutated-1' event runs the same propagation).
 */
function announceFromElsewhere(parts: Record<string, RangeSet>): void {
  window.dispatchEvent(new CustomEvent('x-storagemutated-1', { detail: parts }));
}

const subscriptions: { unsubscribe(): void }[] = [];
afterEach(() => {
  for (const subscription of subscriptions.splice(0)) subscription.unsubscribe();
});

describe('the live list and writes made by the service worker', () => {
  it('shows a message answered by the worker even when the news comes while the list is being read', async () => {
    const db = freshDb();
    // A read of the list that takes its time (a loaded phone): held after IndexedDB has answered,
    // before Dexie has noted which rows it returned.
    let hold: Promise<void> | null = null;
    let release = () => {};
    let held = () => {};
    const reachedHold = new Promise<void>((resolve) => (held = resolve));
    db.use({
      stack: 'dbcore',
      name: 'slow-read',
      level: -5,
      create: (down) => ({
        ...down,
        table: (name: string): DBCoreTable => {
          const table = down.table(name);
          return {
            ...table,
            query: (req) =>
              table.query(req).then(async (res) => {
                if (hold && name === 'messages') {
                  held();
                  await hold;
                }
                return res;
              }),
          };
        },
      }),
    });
    const first = ownMessage('m1', 1_000);
    await db.messages.add(first);

    let latest: MessageRow[] | undefined;
    subscriptions.push(
      liveQuery(() => newestMessages(db, SESSION, 50)).subscribe({
        next: (rows) => {
          latest = rows;
        },
      }),
    );
    await expect.poll(() => latest?.map((row) => row.status)).toEqual(['waiting']);

    // The worker stores a second message: the list reads again, and that read is slow.
    hold = new Promise<void>((resolve) => (release = resolve));
    const second = ownMessage('m2', 2_000);
    const secondOrder = conversationOrderKey(second);
    second.order = secondOrder;
    await writeElsewhere(db.name, second);
    announceFromElsewhere({
      [`idb://${db.name}/messages/`]: new RangeSet().addKey('m2'),
      [`idb://${db.name}/messages/[sessionId+order]`]: new RangeSet().addKey([
        SESSION,
        secondOrder,
      ]),
    });
    await reachedHold;

    // Meanwhile the worker marks the first one answered: only its primary key changes.
    const stored = await db.messages.get('m1');
    await writeElsewhere(db.name, { ...stored!, status: 'answered' });
    announceFromElsewhere({ [`idb://${db.name}/messages/`]: new RangeSet().addKey('m1') });
    release();

    expect(await db.messages.get('m1')).toMatchObject({ status: 'answered' });
    await expect
      .poll(() => latest?.map((row) => `${row.id} ${row.status}`), { timeout: 2_000 })
      .toEqual(['m1 answered', 'm2 waiting']);
  });
});
