// The chat marks Kiri's messages seen while in view, and the app badge follows.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countUnreadKiri, markKiriSeen, rememberPushedMessage, SEEN_KEY } from '@/db/app-badge';
import { db } from '@/db/db';
import type { MessageRow } from '@/db/schema';
import { useKiriSeen } from '@/features/chat/hooks/useKiriSeen';

const badge = { setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => {}) };
Object.assign(navigator, badge);

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await db.uiState.clear();
  await db.messages.clear();
});

function row(
  id: string,
  sender: 'kiri' | 'user',
  timestamp: number,
  revealAt?: number,
): MessageRow {
  return {
    id,
    sessionId: '2026-11-24',
    sender,
    message: id,
    timestamp,
    replyToId: null,
    emotionalState: null,
    revealAt,
  };
}

describe('the chat in view reads Kiri’s messages', () => {
  it('the newest Kiri message shown is seen, and the badge clears', async () => {
    const rows = [row('k1', 'kiri', 100), row('u1', 'user', 200), row('k2', 'kiri', 300)];
    await db.messages.bulkAdd(rows);
    await markKiriSeen(db, [{ id: 'k1', timestamp: 100 }], Date.now() - 5000);
    await rememberPushedMessage(db, 'k2', Date.now() - 1000);
    expect(await countUnreadKiri(db)).toBe(1);
    renderHook(() => useKiriSeen(rows, Date.now()));
    await waitFor(async () =>
      expect((await db.uiState.get(SEEN_KEY))?.value).toMatchObject({ timestamp: 300 }),
    );
    await waitFor(() => expect(badge.clearAppBadge).toHaveBeenCalled());
    expect(await countUnreadKiri(db)).toBe(0);
  });

  it('a part of a reply not shown yet is not seen', async () => {
    const later = Date.now() + 60_000;
    const rows = [row('k1', 'kiri', 100), row('k2', 'kiri', 300, later)];
    renderHook(() => useKiriSeen(rows, Date.now()));
    await waitFor(async () =>
      expect((await db.uiState.get(SEEN_KEY))?.value).toMatchObject({ timestamp: 100 }),
    );
  });

  it('hidden (the app in the background), nothing is seen until it comes into view', async () => {
    let visibility: DocumentVisibilityState = 'hidden';
    const state = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_000);
    try {
      renderHook(() => useKiriSeen([row('k1', 'kiri', 100)], 1_000));
      await db.uiState.toArray();
      visibility = 'visible';
      clock.mockReturnValue(9_000);
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      // Seen when it came into view (9000), not while hidden (1000).
      await waitFor(async () =>
        expect((await db.uiState.get(SEEN_KEY))?.value).toEqual({ timestamp: 100, at: 9_000 }),
      );
    } finally {
      state.mockRestore();
      clock.mockRestore();
    }
  });
});
