// The message list keeps its newest message in view when a banner takes room below it (the reply
// banner, a connection note, the keyboard), as the owner saw in a test on a loaded machine: the last
// message stayed half under the reply banner. jsdom lays nothing out, so the scroller's geometry is
// given by hand and the list's ResizeObserver is called as a browser would after a layout.
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageRow } from '@/db/schema';
import { MessageList } from '@/features/chat/components/MessageList';
import { renderWithProviders } from '../../helpers/client';
import { giveLayout, resetChatTest } from './chat-test-kit';

const T = Date.now() - 60_000;

const rows: MessageRow[] = Array.from({ length: 12 }, (_, i) => ({
  id: `m${i}`,
  sessionId: 's1',
  sender: i % 2 ? 'kiri' : 'user',
  message: `message ${i}`,
  timestamp: T + i * 1_000,
  replyToId: null,
  emotionalState: null,
  ...(i % 2 ? {} : { status: 'answered' as const }),
}));

/** Every ResizeObserver the page made, with what it watches. */
const observers: { callback: ResizeObserverCallback; targets: Element[] }[] = [];

class RecordingResizeObserver {
  private readonly entry: { callback: ResizeObserverCallback; targets: Element[] };
  constructor(callback: ResizeObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve(target: Element) {
    this.entry.targets = this.entry.targets.filter((t) => t !== target);
  }
  disconnect() {
    this.entry.targets = [];
  }
}

/** The scroller's geometry, as a browser would report it after layout. */
function geometryOf(scroller: HTMLElement) {
  const box = { scrollHeight: 0, clientHeight: 0, scrollTop: 0 };
  Object.defineProperty(scroller, 'scrollHeight', {
    configurable: true,
    get: () => box.scrollHeight,
  });
  Object.defineProperty(scroller, 'clientHeight', {
    configurable: true,
    get: () => box.clientHeight,
  });
  Object.defineProperty(scroller, 'scrollTop', {
    configurable: true,
    get: () => box.scrollTop,
    set: (top: number) => {
      box.scrollTop = Math.max(0, Math.min(top, box.scrollHeight - box.clientHeight));
    },
  });
  return box;
}

/** A layout changed the scroller's box: every observer watching it is told, as a browser does. */
function resized(scroller: HTMLElement) {
  act(() => {
    for (const { callback, targets } of observers) {
      if (targets.includes(scroller)) callback([], {} as ResizeObserver);
    }
  });
}

function scrolled(scroller: HTMLElement) {
  act(() => {
    scroller.dispatchEvent(new Event('scroll'));
  });
}

function renderList() {
  renderWithProviders(
    <div style={{ height: 700 }}>
      <MessageList
        sessionId="s1"
        rows={rows}
        readAt={Date.now()}
        hasMore={false}
        isToday
        dayTitle="Today"
        personaName="Kiri"
        jumpSignal={0}
        onLoadOlder={() => {}}
        onPress={() => {}}
        onRetry={() => {}}
        onDelete={() => {}}
      />
    </div>,
  );
  return document.querySelector<HTMLElement>('[data-chat-scroller]')!;
}

beforeEach(() => {
  observers.length = 0;
  giveLayout();
  vi.stubGlobal('ResizeObserver', RecordingResizeObserver);
});
afterEach(() => resetChatTest());

/**
 * A list of 1,000 px in a box of 600, whose last scroll event saw it at `scrollTop`: that event is what
 * the list knows of where the reader is.
 */
function listLastScrolledTo(scrollTop: number) {
  const scroller = renderList();
  const box = geometryOf(scroller);
  box.clientHeight = 600;
  box.scrollHeight = 1_000;
  resized(scroller);
  box.scrollTop = scrollTop;
  scrolled(scroller);
  /** The reply banner takes `px` below the list. */
  const bannerTakes = (px: number) => {
    box.clientHeight -= px;
    resized(scroller);
  };
  return { box, bannerTakes };
}

describe('the newest message stays above a banner that takes room below the list', () => {
  it('when the end came into view with no scroll event after the last one (rows measured shorter)', () => {
    // The last scroll event saw the list 200 px above its end ...
    const { box, bannerTakes } = listLastScrolledTo(200);
    // ... then rows turned out 200 px shorter than estimated: the end is in view, and no scroll event.
    box.scrollHeight = 800;

    bannerTakes(50);

    expect(box.scrollTop, 'the list is at its end above the banner').toBe(
      box.scrollHeight - box.clientHeight,
    );
  });

  it('a reader who scrolled up stays where they are', () => {
    const { box, bannerTakes } = listLastScrolledTo(100);

    bannerTakes(50);

    expect(box.scrollTop).toBe(100);
  });
});
