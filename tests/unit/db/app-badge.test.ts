import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  countUnreadKiri,
  markKiriSeen,
  refreshAppBadge,
  rememberPushedMessage,
} from '@/db/app-badge';
import type { KiriDatabase, MessageRow } from '@/db/schema';
import { freshDb } from './helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

function row(id: string, sender: 'kiri' | 'user', timestamp: number): MessageRow {
  return {
    id,
    sessionId: '2026-11-24',
    sender,
    message: id,
    timestamp,
    replyToId: null,
    emotionalState: null,
  };
}

describe('the app badge on the device', () => {
  it('counts Kiri’s messages that arrived after the chat showed the newest one, not the owner’s', async () => {
    db = freshDb();
    await db.messages.bulkAdd([row('k1', 'kiri', 100), row('u1', 'user', 150)]);
    await markKiriSeen(db, [{ id: 'k1', timestamp: 100 }], 1_000);
    expect(await countUnreadKiri(db)).toBe(0);
    await db.messages.bulkAdd([
      row('u2', 'user', 200),
      row('k2', 'kiri', 300),
      row('k3', 'kiri', 400),
    ]);
    expect(await countUnreadKiri(db)).toBe(2);
  });

  it('a push raises it at once, and its message pulled later does not count twice', async () => {
    db = freshDb();
    await db.messages.add(row('k1', 'kiri', 100));
    await markKiriSeen(db, [{ id: 'k1', timestamp: 100 }], 1_000);
    await rememberPushedMessage(db, 'k2', 2_000);
    expect(await countUnreadKiri(db)).toBe(1);
    await rememberPushedMessage(db, 'k2', 2_001); // the same push again (a retry of the service)
    expect(await countUnreadKiri(db)).toBe(1);
    await db.messages.add(row('k2', 'kiri', 1_900)); // the pull brings it
    expect(await countUnreadKiri(db)).toBe(1);
  });

  it('reading the chat clears it', async () => {
    db = freshDb();
    await db.messages.add(row('k1', 'kiri', 100));
    await markKiriSeen(db, [{ id: 'k1', timestamp: 100 }], 1_000);
    await rememberPushedMessage(db, 'k2', 2_000);
    await db.messages.add(row('k2', 'kiri', 1_900));
    await markKiriSeen(
      db,
      [
        { id: 'k1', timestamp: 100 },
        { id: 'k2', timestamp: 1_900 },
      ],
      3_000,
    );
    expect(await countUnreadKiri(db)).toBe(0);
    const target = { setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => {}) };
    expect(await refreshAppBadge(db, target)).toBe(0);
    expect(target.clearAppBadge).toHaveBeenCalledOnce();
    expect(target.setAppBadge).not.toHaveBeenCalled();
  });

  it('a pushed message that has not reached the device keeps counting after the chat is opened', async () => {
    db = freshDb();
    await db.messages.add(row('k1', 'kiri', 100));
    await markKiriSeen(db, [{ id: 'k1', timestamp: 100 }], 1_000);
    await rememberPushedMessage(db, 'k2', 2_000);
    // Opened offline: the chat shows only k1 again.
    await markKiriSeen(db, [{ id: 'k1', timestamp: 100 }], 3_000);
    const target = { setAppBadge: vi.fn(async () => {}) };
    expect(await refreshAppBadge(db, target)).toBe(1);
    expect(target.setAppBadge).toHaveBeenCalledWith(1);
  });
});
