// The chat's browser tasks watch Kiri's new messages in the device's store: a reply that means opening
// a page opens it (here a phone: the overlay, 1 s later), once; not again after a reload, and never
// for a message the device already had.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_TASK_SEEN_KEY } from '@/db/browser-task-seen';
import { db } from '@/db/db';
import type { MessageRow } from '@/db/schema';
import { uuidv7 } from '@/domain/uuidv7';
import BrowserTasksHost from '@/features/browser-tasks/components/BrowserTasksHost';
import { closeOverlay } from '@/features/browser-tasks/api/task-runner';

const SESSION = '2026-11-24';

function message(sender: 'user' | 'kiri', text: string, at = Date.now()): MessageRow {
  return {
    id: uuidv7(at),
    sessionId: SESSION,
    sender,
    message: text,
    timestamp: at,
    replyToId: null,
    emotionalState: null,
  };
}

/** The first look of a page has set its mark (the device's earlier messages are behind it). */
async function firstLookDone() {
  await vi.waitFor(async () => expect(await db.settings.get(BROWSER_TASK_SEEN_KEY)).toBeDefined());
}

// Timers only, moving on by themselves too: IndexedDB (fake-indexeddb) runs on setImmediate, which
// stays real, and a page that must not open is checked after moving the clock past every delay.
const FAKE = { toFake: ['setTimeout', 'clearTimeout'] as const, shouldAdvanceTime: true };
const PAST_EVERY_DELAY_MS = 2_500;

beforeEach(async () => {
  vi.useFakeTimers({ ...FAKE, toFake: [...FAKE.toFake] });
  await Promise.all([db.messages.clear(), db.settings.clear()]);
  // The static module is not served here: the built-in task list takes over, and says so.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  await closeOverlay();
  vi.restoreAllMocks();
});

describe('browser intents from the device store', () => {
  it("opens the page of Kiri's new browser-intent reply once, and not again after a reload", async () => {
    await db.messages.add(message('kiri', 'helloooo ~'));
    const first = render(<BrowserTasksHost />);
    await firstLookDone();
    await db.messages.add(message('user', 'where is the timetable?'));
    const reply = message('kiri', 'Let me open https://example.com/timetable for you~');
    await db.messages.add(reply);
    const address = await screen.findByTestId('browser-address', {}, { timeout: 5_000 });
    expect(address.textContent).toBe('https://example.com/timetable');

    await closeOverlay();
    first.unmount();
    render(<BrowserTasksHost />);
    // A new message arrives after the reload: the old reply is not looked at again.
    await db.messages.add(message('kiri', 'How was your day?'));
    await vi.waitFor(async () =>
      expect((await db.settings.get(BROWSER_TASK_SEEN_KEY))?.value).not.toBe(reply.id),
    );
    await vi.advanceTimersByTimeAsync(PAST_EVERY_DELAY_MS);
    expect(screen.queryByTestId('browser-overlay')).toBeNull();
  });

  it('never opens a page for a message the device had before the chat opened', async () => {
    await db.messages.add(
      message('kiri', 'let me open https://example.com/old', Date.now() - 1000),
    );
    render(<BrowserTasksHost />);
    await firstLookDone();
    await vi.advanceTimersByTimeAsync(PAST_EVERY_DELAY_MS);
    expect(screen.queryByTestId('browser-overlay')).toBeNull();
  });
});
