import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import type { MessageRow } from '@/db/schema';
import { ensureTodaySession } from '@/db/sessions';
import { uuidv7 } from '@/domain/uuidv7';
import { INITIAL_MESSAGE_LIMIT } from '@/features/chat/model/scroll';
import { emptyStore, giveLayout, renderChat, resetChatTest, stubServer, TZ } from './chat-test-kit';

vi.mock('@/lib/outbox-sync', () => import('./outbox-sync-mock'));

beforeEach(async () => {
  await emptyStore();
  giveLayout();
  sessionStorage.setItem('kiri-greeted', 'true');
});
afterEach(() => resetChatTest());

describe('a long day', () => {
  it('a day of 10,000 messages opens at the newest, reads only the newest and renders a window', async () => {
    stubServer();
    const sessionId = (await ensureTodaySession(db, Date.now(), TZ)).session.id;
    const start = Date.now() - 10_000_000;
    const rows: MessageRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: uuidv7(start + i * 1_000),
      sessionId,
      sender: i % 2 ? 'kiri' : 'user',
      message: `message number ${i}`,
      timestamp: start + i * 1_000,
      replyToId: null,
      emotionalState: null,
      ...(i % 2 ? {} : { status: 'answered' as const }),
    }));
    await db.messages.bulkAdd(rows);

    renderChat();
    expect(await screen.findByText('message number 9999', {}, { timeout: 5_000 })).toBeTruthy();
    const rendered = document.querySelectorAll('[data-message-id]').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThanOrEqual(INITIAL_MESSAGE_LIMIT);
    // Only the newest messages were read: the oldest is not in the list's items at all.
    expect(screen.queryByText('message number 0')).toBeNull();
  }, 30_000);
});
