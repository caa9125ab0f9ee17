// @vitest-environment jsdom
import { createElement } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  shouldPaintSnapshot,
  showOpeningSnapshot,
  SNAPSHOT_WAIT_MAX_MS,
} from '@/app/opening-snapshot';
import { newestMessages } from '@/db/messages';
import { KiriDatabase, type MessageRow } from '@/db/schema';
import { saveTimeZone } from '@/db/sync-settings';
import { AUTH_FLAG_KEYS } from '@/domain/auth';
import { PERF_MARKS } from '@/lib/perf-marks';
import { conversationOrderKey } from '@/domain/conversation-order';
import { sessionIdAt } from '@/domain/day-session';
import {
  paintOpeningSnapshot,
  readOpeningSnapshot,
  SNAPSHOT_ATTRIBUTE,
} from '@/features/chat/snapshot';

const NOW = Date.UTC(2026, 10, 22, 4, 0, 0); // 12:00 in UTC+8
const TODAY = sessionIdAt(NOW, 'Asia/Shanghai');

const NEWER_MESSAGES_SCHEMA = 'id, [sessionId+timestamp], [sessionId+order], timestamp, sender';

function row(index: number, overrides: Partial<MessageRow> = {}): MessageRow {
  return {
    id: `0193a000-0000-7000-8000-${index.toString(16).padStart(12, '0')}`,
    sessionId: TODAY,
    sender: index % 2 === 0 ? 'user' : 'kiri',
    message: `message ${index}`,
    timestamp: NOW - 1_000_000 + index * 1000,
    replyToId: null,
    emotionalState: null,
    ...overrides,
  };
}

/** Whether a database of that name exists (fake-indexeddb implements databases()). */
async function exists(name: string): Promise<boolean> {
  return (await indexedDB.databases()).some((info) => info.name === name);
}

// The app's own database ('kiri'), made by Dexie with the real schema.
let db: KiriDatabase;

beforeEach(async () => {
  db = new KiriDatabase();
  await db.open();
});

afterEach(async () => {
  await db.delete();
  document.body.innerHTML = '';
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe("the opening snapshot reads today's newest messages from the device store", () => {
  it('reads the newest ones of today, oldest first, up to the limit', async () => {
    await db.messages.bulkAdd([0, 1, 2, 3, 4, 5].map((i) => row(i)));
    await db.messages.add(row(9, { sessionId: '2026-11-21', timestamp: NOW - 90_000_000 }));
    const snapshot = await readOpeningSnapshot(indexedDB, NOW, 4);
    expect(snapshot?.todayId).toBe('2026-11-22');
    expect(snapshot?.rows.map((r) => r.message)).toEqual([
      'message 2',
      'message 3',
      'message 4',
      'message 5',
    ]);
  });

  it('reads all of today when it has fewer than the limit, and nothing of another day', async () => {
    await db.messages.bulkAdd([0, 1, 2].map((i) => row(i)));
    await db.messages.add(row(9, { sessionId: '2026-11-23', timestamp: NOW + 90_000_000 }));
    const snapshot = await readOpeningSnapshot(indexedDB, NOW, 4);
    expect(snapshot?.rows.map((r) => r.message)).toEqual(['message 0', 'message 1', 'message 2']);
  });

  it('reads in a few requests however long the day, not one per row', async () => {
    await db.messages.bulkAdd(Array.from({ length: 300 }, (_, i) => row(i)));
    const stepped = vi.spyOn(IDBCursor.prototype, 'continue');
    try {
      const snapshot = await readOpeningSnapshot(indexedDB, NOW, 40);
      expect(snapshot?.rows).toHaveLength(40);
      expect(snapshot?.rows[0]?.message).toBe('message 260');
      expect(snapshot?.rows[39]?.message).toBe('message 299');
      expect(stepped).not.toHaveBeenCalled();
    } finally {
      stepped.mockRestore();
    }
  });

  it("reads in the list's order: a reply made at replay time stays under the message it answers", async () => {
    const questions = [0, 2, 4].map((i) => row(i, { status: 'answered' }));
    // Replied to at once, long after the last of them was written.
    const replies = questions.map((question, i) => {
      const reply = row(i * 2 + 1, { timestamp: NOW - 1_000 + i });
      return { ...reply, order: conversationOrderKey(reply, question) };
    });
    await db.messages.bulkAdd([...questions, ...replies]);
    const snapshot = await readOpeningSnapshot(indexedDB, NOW);
    const list = await newestMessages(db, TODAY, 40);
    expect(snapshot?.rows.map((r) => r.message)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `message ${i}`),
    );
    expect(snapshot?.rows.map((r) => r.id)).toEqual(list.map((r) => r.id));
  });

  it("takes today in the owner's zone kept on the device", async () => {
    // 12:00 UTC+8 on the 22nd is still the 21st in New York.
    await saveTimeZone(db, 'America/New_York');
    await db.messages.add(row(1, { sessionId: '2026-11-21' }));
    await db.messages.add(row(2));
    const snapshot = await readOpeningSnapshot(indexedDB, NOW);
    expect(snapshot?.todayId).toBe('2026-11-21');
    expect(snapshot?.rows.map((r) => r.id)).toEqual([row(1).id]);
  });

  it('gives nothing on a new day with no messages yet', async () => {
    await db.messages.add(row(1, { sessionId: '2026-11-21' }));
    expect(await readOpeningSnapshot(indexedDB, NOW)).toBeNull();
  });

  it('never creates the database on a first visit', async () => {
    await db.delete();
    expect(await readOpeningSnapshot(indexedDB, NOW)).toBeNull();
    expect(await exists('kiri')).toBe(false);
    await db.open(); // for afterEach
  });

  it('does not stand in the way of an upgrade of the database', async () => {
    // The version after the current one (2): its indexes and one more.
    await db.messages.add(row(1));
    db.close();
    const reading = readOpeningSnapshot(indexedDB, NOW);
    // A newer version of the app opens the database at a higher version meanwhile.
    const newer = new KiriDatabase();
    newer.version(3).stores({ messages: NEWER_MESSAGES_SCHEMA });
    await newer.open();
    expect((await reading)?.rows).toHaveLength(1);
    newer.close();
    db = new KiriDatabase();
    db.version(3).stores({ messages: NEWER_MESSAGES_SCHEMA });
    await db.open();
  });
});

describe('the opening snapshot paints the messages in the chat frame', () => {
  it('paints them oldest first, the words as text, never as markup', async () => {
    const root = document.createElement('div');
    const rows = [row(1), row(2, { message: '<img src=x onerror="alert(1)"> hi & bye' })];
    expect(paintOpeningSnapshot(root, { todayId: TODAY, rows }, NOW)).toBe(true);
    const painted = [...root.querySelectorAll('[data-snapshot-message-id]')];
    expect(painted.map((el) => el.getAttribute('data-snapshot-message-id'))).toEqual(
      rows.map((r) => r.id),
    );
    expect(painted[1]!.textContent).toContain('<img src=x onerror="alert(1)"> hi & bye');
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector(`[${SNAPSHOT_ATTRIBUTE}]`)?.getAttribute('aria-busy')).toBe('true');
  });

  it('leaves out the parts of a split reply that are not due yet, as the list does', () => {
    const root = document.createElement('div');
    const rows = [row(1), row(2, { revealAt: NOW + 5_000, message: 'later part' })];
    paintOpeningSnapshot(root, { todayId: TODAY, rows }, NOW);
    expect(root.textContent).toContain('message 1');
    expect(root.textContent).not.toContain('later part');
  });

  it('does not paint over the app once the app has rendered', () => {
    const root = document.createElement('div');
    root.append(document.createElement('main'));
    expect(paintOpeningSnapshot(root, { todayId: TODAY, rows: [row(1)] }, NOW)).toBe(false);
    expect(root.querySelector('[data-snapshot-message-id]')).toBeNull();
  });

  it("is replaced as a whole by the app's first render", async () => {
    const root = document.createElement('div');
    document.body.append(root);
    paintOpeningSnapshot(root, { todayId: TODAY, rows: [row(1), row(2)] }, NOW);
    const reactRoot = createRoot(root);
    await act(async () => reactRoot.render(createElement('p', null, 'the app')));
    expect(root.querySelector(`[${SNAPSHOT_ATTRIBUTE}]`)).toBeNull();
    expect(root.textContent).toBe('the app');
    reactRoot.unmount();
  });
});

describe('the opening snapshot is for the chat of a device that is logged in', () => {
  it('paints only on the chat paths with the local login flag', () => {
    expect(shouldPaintSnapshot({ pathname: '/', localLogin: true })).toBe(true);
    expect(shouldPaintSnapshot({ pathname: '/full-chat', localLogin: true })).toBe(true);
    expect(shouldPaintSnapshot({ pathname: '/', localLogin: false })).toBe(false);
    expect(shouldPaintSnapshot({ pathname: '/admin', localLogin: true })).toBe(false);
  });

  it('shows nothing to a device that is not logged in', async () => {
    await db.messages.add(row(1, { sessionId: sessionIdAt(Date.now()) }));
    const root = document.createElement('div');
    await showOpeningSnapshot(root);
    expect(root.childElementCount).toBe(0);
  });

  it("shows today's messages to a device that is logged in", async () => {
    await db.messages.add(row(1, { sessionId: sessionIdAt(Date.now()) }));
    localStorage.setItem(AUTH_FLAG_KEYS.auth, 'true');
    const root = document.createElement('div');
    await showOpeningSnapshot(root);
    expect(root.querySelector('[data-snapshot-message-id]')?.textContent).toContain('message 1');
  });

  it('marks the snapshot as painted only when it painted, and as too late when the app got there first', async () => {
    await db.messages.add(row(1, { sessionId: sessionIdAt(Date.now()) }));
    localStorage.setItem(AUTH_FLAG_KEYS.auth, 'true');
    performance.clearMarks();
    const root = document.createElement('div');
    root.append(document.createElement('main')); // the app's first render, already there
    await showOpeningSnapshot(root);
    expect(performance.getEntriesByName(PERF_MARKS.snapshotPainted)).toHaveLength(0);
    expect(performance.getEntriesByName(PERF_MARKS.snapshotTooLate)).toHaveLength(1);
    expect(root.querySelector('[data-snapshot-message-id]')).toBeNull();

    performance.clearMarks();
    await showOpeningSnapshot(document.createElement('div'));
    expect(performance.getEntriesByName(PERF_MARKS.snapshotPainted)).toHaveLength(1);
    expect(performance.getEntriesByName(PERF_MARKS.snapshotTooLate)).toHaveLength(0);
  });

  it('is not too late when there was nothing to paint', async () => {
    localStorage.setItem(AUTH_FLAG_KEYS.auth, 'true');
    performance.clearMarks();
    const root = document.createElement('div');
    root.append(document.createElement('main'));
    await showOpeningSnapshot(root);
    expect(performance.getEntriesByName(PERF_MARKS.snapshotTooLate)).toHaveLength(0);
  });

  it('lets the app load after the wait at most when the device store does not answer', async () => {
    localStorage.setItem(AUTH_FLAG_KEYS.auth, 'true');
    vi.useFakeTimers();
    const open = vi.spyOn(indexedDB, 'open').mockReturnValue({} as IDBOpenDBRequest);
    try {
      let done = false;
      void showOpeningSnapshot(document.createElement('div')).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(SNAPSHOT_WAIT_MAX_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      open.mockRestore();
      vi.useRealTimers();
    }
  });
});
