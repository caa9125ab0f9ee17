import { act, renderHook, screen } from '@testing-library/react';
import type { ObservabilitySet } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import type { MessageRow } from '@/db/schema';
import { sessionIdAt } from '@/domain/day-session';
import {
  presumedTodayId,
  startOpeningRead,
  touchesOpeningRead,
  useOpeningRead,
  type OpeningRead,
} from '@/features/chat/hooks/opening-read';
import { uuidv7 } from '@/domain/uuidv7';
import {
  emptyStore,
  giveLayout,
  messageElement,
  renderChat,
  resetChatTest,
  settle,
  stubServer,
  TZ,
} from './chat-test-kit';

vi.mock('@/lib/outbox-sync', () => import('./outbox-sync-mock'));

const parts = (...keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, {}])) as unknown as ObservabilitySet;

describe('which writes outdate the opening read', () => {
  it('a write to the messages or the settings does; one to another table or database does not', () => {
    expect(touchesOpeningRead(parts('idb://kiri/messages/[sessionId+timestamp]'), 'kiri')).toBe(
      true,
    );
    expect(touchesOpeningRead(parts('idb://kiri/settings/'), 'kiri')).toBe(true);
    expect(touchesOpeningRead(parts('idb://kiri/uiState/', 'idb://kiri/outbox/kind'), 'kiri')).toBe(
      false,
    );
    expect(touchesOpeningRead(parts('idb://other/messages/'), 'kiri')).toBe(false);
  });
});

describe("today's id before the day check", () => {
  const opening: OpeningRead = {
    timeZone: TZ,
    todayId: '2026-11-22',
    messages: { sessionId: '2026-11-22', limit: 60, rows: [], readAt: 0, hasMore: false },
  };

  it("is the opening read's when it was taken in the zone in use", () => {
    expect(presumedTodayId(opening, TZ)).toBe('2026-11-22');
  });

  it('is unknown without the read, or when the zone has changed since', () => {
    expect(presumedTodayId(undefined, TZ)).toBeNull();
    expect(presumedTodayId(opening, 'Europe/Paris')).toBeNull();
    expect(presumedTodayId(opening, undefined)).toBeNull();
  });
});

describe('the opening read', () => {
  beforeEach(async () => {
    await emptyStore();
    giveLayout();
    sessionStorage.setItem('kiri-greeted', 'true');
  });
  afterEach(() => resetChatTest());

  it("shows today's messages in the chat's first render, and a later write makes later mounts read live", async () => {
    const now = Date.now();
    const todayId = sessionIdAt(now, TZ);
    const rows: MessageRow[] = Array.from({ length: 3 }, (_, i) => ({
      id: uuidv7(now - 10_000 + i),
      sessionId: todayId,
      sender: i % 2 === 0 ? 'user' : 'kiri',
      message: `line ${i}`,
      timestamp: now - 10_000 + i * 1_000,
      replyToId: null,
      emotionalState: null,
      ...(i % 2 === 0 ? { status: 'answered' as const } : {}),
    }));
    await db.settings.put({ key: 'timeZone', value: TZ });
    // No session row: the list does not wait for the day check that makes it.
    await db.messages.bulkAdd(rows);

    await startOpeningRead(now);
    stubServer();
    renderChat();
    // The first render, before any live query or the day check has answered.
    expect(messageElement(rows[2]!.id)).not.toBeNull();
    expect(screen.queryByText(/New messages go to today/i)).toBeNull();
    await settle();
    expect(await db.sessions.get(todayId)).toBeDefined();
    expect(messageElement(rows[2]!.id)).not.toBeNull();

    // A write to the messages outdates the copy: a screen that mounts now reads live instead.
    await act(async () => {
      await db.messages.put({ ...rows[0]!, id: uuidv7(now), message: 'newer' });
    });
    const { result } = renderHook(() => useOpeningRead());
    expect(result.current).toBeUndefined();
  });
});
