// Shared set-up for the chat's component tests: the device store emptied, jsdom given a layout (the
// virtualized list measures its elements), and the chat rendered in a router with the app's providers.
import { act, cleanup } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { db } from '@/db/db';
import { ChatScreen } from '@/features/chat/components/ChatScreen';
import { DRAFT_MIRROR_KEY } from '@/features/chat/hooks/useDraft';
import { forgetChatVisits } from '@/features/chat/hooks/useLatestReply';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  json,
  renderWithProviders,
  stubFetch,
  type Handler,
} from '../../helpers/client';

export const TZ = 'Asia/Shanghai';
export const OWNER_STATUS = { ...AUTHENTICATED_OWNER, timeZone: TZ };

/** jsdom lays nothing out: give the list a viewport and its rows a height, so the virtualizer renders. */
export function giveLayout(): void {
  const scroller = (el: HTMLElement) => el.hasAttribute('data-chat-scroller');
  const define = (name: string, get: (this: HTMLElement) => number) =>
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get });
  define('clientHeight', function () {
    return scroller(this) ? 700 : 0;
  });
  define('clientWidth', function () {
    return scroller(this) ? 390 : 0;
  });
  define('offsetHeight', function () {
    return this.hasAttribute('data-index') ? 60 : 0;
  });
  define('scrollHeight', function () {
    if (!scroller(this)) return 0;
    return parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '') || 0;
  });
  Object.defineProperty(Element.prototype, 'scrollTo', {
    configurable: true,
    value: function scrollTo(this: Element, options?: ScrollToOptions | number) {
      if (typeof options === 'object' && typeof options.top === 'number') {
        this.scrollTop = options.top;
        // A browser reports the move with a scroll event; jsdom does not.
        this.dispatchEvent(new Event('scroll'));
      }
    },
  });
}

export async function emptyStore(): Promise<void> {
  await db.open();
  await Promise.all(db.tables.map((table) => table.clear()));
}

export function stubServer(extra: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /api/auth/status': () => json(OWNER_STATUS),
    'GET /api/fallback-system/status': () => json({ current_provider: 'local' }),
    ...extra,
  });
}

export function renderChat(path = '/') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <ChatScreen />
    </MemoryRouter>,
  );
}

/** Lets IndexedDB (fake-indexeddb schedules with setImmediate, kept real) and promises move on. */
export async function settle(rounds = 30): Promise<void> {
  const immediate = (globalThis as unknown as { setImmediate: (callback: () => void) => void })
    .setImmediate;
  await act(async () => {
    for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => immediate(resolve));
  });
}

export function messageElement(id: string): HTMLElement | null {
  return document.querySelector(`[data-message-id="${id}"]`);
}

export function resetChatTest(): void {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.removeItem(DRAFT_MIRROR_KEY);
  forgetChatVisits();
}
