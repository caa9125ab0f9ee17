// Each of Kiri's messages is looked at for a browser intent once: never again after a reload or on
// another page, never for the messages the device had before, never for a late catch-up.
import { afterEach, describe, expect, it } from 'vitest';
import {
  BROWSER_TASK_FRESH_MS,
  BROWSER_TASK_SEEN_KEY,
  claimNewKiriMessages,
} from '@/db/browser-task-seen';
import type { KiriDatabase, MessageRow } from '@/db/schema';
import { uuidv7 } from '@/domain/uuidv7';
import { freshDb } from './helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

const T0 = Date.parse('2026-11-24T10:00:00Z');
const SESSION = '2026-11-24';

function row(sender: 'user' | 'kiri', message: string, at: number): MessageRow {
  return {
    id: uuidv7(at),
    sessionId: SESSION,
    sender,
    message,
    timestamp: at,
    replyToId: null,
    emotionalState: null,
  };
}

describe('claimNewKiriMessages', () => {
  it("the first look on a device claims nothing: Kiri's earlier messages never open a page", async () => {
    db = freshDb();
    await db.messages.bulkAdd([row('user', 'hi', T0), row('kiri', 'let me open it', T0 + 10)]);
    expect(await claimNewKiriMessages(db, T0 + 20)).toEqual([]);
    // And not on the next look either (a reload).
    expect(await claimNewKiriMessages(db, T0 + 30)).toEqual([]);
  });

  it("claims a new message of Kiri's once, with the owner's message before it", async () => {
    db = freshDb();
    await claimNewKiriMessages(db, T0);
    await db.messages.bulkAdd([
      row('user', 'ramen near Shibuya?', T0 + 1000),
      row('kiri', 'let me open a tab', T0 + 2000),
    ]);
    const claimed = await claimNewKiriMessages(db, T0 + 2500);
    expect(claimed.map((c) => [c.message.message, c.ownerLastMessage])).toEqual([
      ['let me open a tab', 'ramen near Shibuya?'],
    ]);
    expect(await claimNewKiriMessages(db, T0 + 3000)).toEqual([]);
  });

  it('two pages looking at once claim each message on one of them only', async () => {
    db = freshDb();
    await claimNewKiriMessages(db, T0);
    await db.messages.add(row('kiri', 'check out this', T0 + 1000));
    const [a, b] = await Promise.all([
      claimNewKiriMessages(db, T0 + 1500),
      claimNewKiriMessages(db, T0 + 1500),
    ]);
    expect(a.length + b.length).toBe(1);
  });

  it('a message that reaches the device late (a catch-up pull) is marked seen but opens nothing', async () => {
    db = freshDb();
    await claimNewKiriMessages(db, T0);
    await db.messages.add(row('kiri', 'let me open it', T0 + 1000));
    expect(await claimNewKiriMessages(db, T0 + 1000 + BROWSER_TASK_FRESH_MS + 1)).toEqual([]);
    expect((await db.settings.get(BROWSER_TASK_SEEN_KEY))?.value).toBeTypeOf('string');
  });

  it('an id out of time order (not a UUIDv7) never moves the mark past later messages', async () => {
    db = freshDb();
    await claimNewKiriMessages(db, T0);
    await db.messages.add({ ...row('kiri', 'welcome', T0 + 500), id: 'welcome-message' });
    expect(await claimNewKiriMessages(db, T0 + 600)).toEqual([]);
    await db.messages.add(row('kiri', 'let me open a tab', T0 + 1000));
    const claimed = await claimNewKiriMessages(db, T0 + 1500);
    expect(claimed.map((c) => c.message.message)).toEqual(['let me open a tab']);
  });

  it("ignores the owner's own messages", async () => {
    db = freshDb();
    await claimNewKiriMessages(db, T0);
    await db.messages.add(row('user', 'let me open the door', T0 + 1000));
    expect(await claimNewKiriMessages(db, T0 + 1500)).toEqual([]);
  });
});
