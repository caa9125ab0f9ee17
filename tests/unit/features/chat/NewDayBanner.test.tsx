import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import { ensureTodaySession } from '@/db/sessions';
import { setKnownTimePattern } from '@/domain/clock-time';
import { sessionIdAt, sessionTitle, setKnownDays } from '@/domain/day-session';
import { START_CLOCK_KEY } from '@/lib/start-clock';
import {
  emptyStore,
  giveLayout,
  renderChat,
  resetChatTest,
  settle,
  stubServer,
  TZ,
} from './chat-test-kit';

vi.mock('@/lib/outbox-sync', () => import('./outbox-sync-mock'));

// Timers only: IndexedDB (fake-indexeddb) runs on setImmediate, which stays real. The clock also
// moves on by itself, so that the query cache and the live queries (zero-delay timers) carry on.
const TIMERS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] as const;
const FAKE = { toFake: [...TIMERS], shouldAdvanceTime: true };

beforeEach(async () => {
  await emptyStore();
  giveLayout();
  sessionStorage.setItem('kiri-greeted', 'true');
});
afterEach(() => {
  vi.useRealTimers();
  resetChatTest();
});

async function yesterdayStillOpen() {
  await ensureTodaySession(db, Date.now() - 86_400_000, TZ);
}

async function showBanner() {
  await screen.findByText(/New day, new session/);
}

describe('new day banner', () => {
  it('the new-day banner shows and hides after 5 s', async () => {
    stubServer();
    await yesterdayStillOpen();
    const heard = vi.fn();
    window.addEventListener('kiri:new-day', heard);
    vi.useFakeTimers(FAKE);
    renderChat();
    await showBanner();

    const title = sessionTitle(sessionIdAt(Date.now(), TZ));
    expect(screen.getByText(`New day, new session: ${title}`)).toBeTruthy();
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener('kiri:new-day', heard);

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.queryByText(/New day, new session/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText(/New day, new session/)).toBeNull();
  });

  it('can be dismissed', async () => {
    stubServer();
    await yesterdayStillOpen();
    vi.useFakeTimers(FAKE);
    renderChat();
    await showBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/New day, new session/)).toBeNull();
  });

  it('is checked again every 60 seconds', async () => {
    stubServer();
    vi.useFakeTimers(FAKE);
    renderChat();
    await screen.findByText('helloooo ~');
    await settle();
    expect(screen.queryByText(/New day, new session/)).toBeNull();
    // As if the day turned while the app was open: today's session does not exist yet, and the day
    // before it is the one still open.
    const todayId = sessionIdAt(Date.now(), TZ);
    const yesterdayId = sessionIdAt(Date.now() - 86_400_000, TZ);
    await db.sessions.delete(todayId);
    await db.sessions.put({
      id: yesterdayId,
      title: sessionTitle(yesterdayId),
      startedAt: Date.now() - 86_400_000,
      closedAt: null,
      messageCount: 0,
      lastActivity: Date.now() - 86_400_000,
    });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(await screen.findByText(/New day, new session/)).toBeTruthy();
  });
});

describe('the clock kept for the next start', () => {
  afterEach(() => {
    setKnownDays([]);
    setKnownTimePattern(null);
  });
  it("after the chat's first paint, today's and tomorrow's days are kept, in the owner's zone", async () => {
    localStorage.removeItem(START_CLOCK_KEY);
    stubServer();
    renderChat();
    await waitFor(() => expect(localStorage.getItem(START_CLOCK_KEY)).not.toBeNull(), {
      timeout: 5_000,
    });
    const kept = JSON.parse(localStorage.getItem(START_CLOCK_KEY)!) as {
      days: Array<{ timeZone: string; id: string }>;
      pattern: unknown;
    };
    const today = sessionIdAt(Date.now(), TZ);
    expect(kept.days.map((day) => [day.timeZone, day.id])).toEqual([
      [TZ, today],
      [TZ, sessionIdAt(Date.now() + 86_400_000, TZ)],
    ]);
    expect(kept.pattern).not.toBeNull();
  });
});
