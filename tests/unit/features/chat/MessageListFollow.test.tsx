// The message list keeps its newest message in view when a banner takes room below it (the reply
// banner, a connection note, the keyboard), as the owner saw in a test on a loaded machine: the last
// message stayed half under the reply banner. And it does not take the list from under a reader who
// has begun to scroll up when a message arrives before that scroll's event. jsdom lays nothing out, so
// the scroller's geometry is given by hand and the list's ResizeObserver is called as a browser would
// after a layout.
import { act, fireEvent } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageRow } from '@/db/schema';
import { MessageList } from '@/features/chat/components/MessageList';
import { SCROLL_UP_HOLD_MS } from '@/features/chat/model/scroll';
import { renderWithProviders } from '../../helpers/client';
import { giveLayout, resetChatTest } from './chat-test-kit';

const T = Date.now() - 60_000;

const rowsOf = (count: number): MessageRow[] =>
  Array.from({ length: count }, (_, i) => ({
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

function listOf(rows: MessageRow[]): ReactElement {
  return (
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
    </div>
  );
}

const FIRST_ROWS = 12;
/** What a browser's layout makes of the rows: given by hand below, as jsdom has none. */
let rerenderList: (rows: MessageRow[]) => void = () => {};

function renderList() {
  const { rerender } = renderWithProviders(listOf(rowsOf(FIRST_ROWS)));
  rerenderList = (rows) => rerender(listOf(rows));
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
  let count = FIRST_ROWS;
  /** A message arrives: the list is `px` taller once laid out. */
  const messageArrives = (px: number) => {
    count += 1;
    box.scrollHeight += px;
    act(() => rerenderList(rowsOf(count)));
  };
  return { box, bannerTakes, messageArrives };
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

describe('a reader who has begun to scroll up is not carried back to the end by a new message', () => {
  // At its end: 1,000 px in 600, scrollTop 400. The browser moves the list before the scroll event that
  // reports it (a frame later); a message that arrives in between found the last event's "at the end".
  const AT_END = 400;

  // Rows measured at their estimated height, as a browser's rows are once measured: the virtualizer
  // then keeps its place as rows come, as in a browser, and moves nothing itself.
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-index') ? 68 : 0;
      },
    });
  });

  it('a wheel turned up: the list stays where the reader took it', () => {
    const { box, messageArrives } = listLastScrolledTo(AT_END);
    const scroller = document.querySelector<HTMLElement>('[data-chat-scroller]')!;

    fireEvent.wheel(scroller, { deltaY: -100 });
    box.scrollTop = AT_END - 100; // the browser's move, its scroll event still to come
    messageArrives(68);

    expect(box.scrollTop, 'not carried back to the end').toBe(AT_END - 100);
    scrolled(scroller);
    messageArrives(68);
    expect(box.scrollTop, 'the scroll event says the reader is away: still not followed').toBe(
      AT_END - 100,
    );
  });

  it('a key that scrolls up (Page Up) holds it the same way', () => {
    const { box, messageArrives } = listLastScrolledTo(AT_END);
    const scroller = document.querySelector<HTMLElement>('[data-chat-scroller]')!;

    fireEvent.keyDown(scroller, { key: 'PageUp' });
    box.scrollTop = AT_END - 300;
    messageArrives(68);

    expect(box.scrollTop).toBe(AT_END - 300);
  });

  it('a wheel’s scroll that glides over several frames holds the list until it has been still', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { box, messageArrives } = listLastScrolledTo(AT_END);
      const scroller = document.querySelector<HTMLElement>('[data-chat-scroller]')!;

      fireEvent.wheel(scroller, { deltaY: -40 });
      for (const top of [AT_END - 10, AT_END - 20, AT_END - 30]) {
        box.scrollTop = top;
        scrolled(scroller); // still within the 80 px that count as "at the end"
        act(() => {
          vi.advanceTimersByTime(SCROLL_UP_HOLD_MS - 50);
        });
      }
      messageArrives(68);
      expect(box.scrollTop, 'the glide is not cut short').toBe(AT_END - 30);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the mouse held on the scrollbar holds the list until released', () => {
    const { box, messageArrives } = listLastScrolledTo(AT_END);
    const scroller = document.querySelector<HTMLElement>('[data-chat-scroller]')!;

    fireEvent.pointerDown(scroller, { pointerType: 'mouse', button: 0 });
    messageArrives(200);
    expect(box.scrollTop, 'held').toBe(AT_END);
    fireEvent.pointerUp(window, { pointerType: 'mouse', button: 0 });
    expect(box.scrollTop, 'released at the end: followed').toBe(
      box.scrollHeight - box.clientHeight,
    );
  });

  it('a finger drawn down holds the list until lifted; with no scroll, what came is then followed', () => {
    const { box, messageArrives } = listLastScrolledTo(AT_END);
    const scroller = document.querySelector<HTMLElement>('[data-chat-scroller]')!;

    fireEvent.touchStart(scroller, { touches: [{ clientX: 100, clientY: 300 }] });
    fireEvent.touchMove(scroller, { touches: [{ clientX: 100, clientY: 310 }] });
    messageArrives(200); // a tall reply, past the 80 px that count as "at the end"

    expect(box.scrollTop, 'nothing moves under the finger').toBe(AT_END);
    fireEvent.touchEnd(window, { touches: [] });
    expect(box.scrollTop, 'followed once the finger is lifted').toBe(
      box.scrollHeight - box.clientHeight,
    );
  });

  it('a finger that dragged the list away is left there when lifted', () => {
    const { box, messageArrives } = listLastScrolledTo(AT_END);
    const scroller = document.querySelector<HTMLElement>('[data-chat-scroller]')!;

    fireEvent.touchStart(scroller, { touches: [{ clientX: 100, clientY: 300 }] });
    fireEvent.touchMove(scroller, { touches: [{ clientX: 100, clientY: 500 }] });
    box.scrollTop = AT_END - 200;
    messageArrives(68);
    scrolled(scroller);
    fireEvent.touchEnd(window, { touches: [] });

    expect(box.scrollTop).toBe(AT_END - 200);
  });

  it('a finger that only presses, or pushes up at the end, holds nothing: the reply is followed', () => {
    const { box, messageArrives } = listLastScrolledTo(AT_END);
    const scroller = document.querySelector<HTMLElement>('[data-chat-scroller]')!;

    fireEvent.touchStart(scroller, { touches: [{ clientX: 100, clientY: 300 }] });
    messageArrives(200);
    expect(box.scrollTop, 'a press (a tap, a long press for the menu)').toBe(
      box.scrollHeight - box.clientHeight,
    );

    fireEvent.touchMove(scroller, { touches: [{ clientX: 100, clientY: 250 }] });
    messageArrives(200);

    expect(box.scrollTop).toBe(box.scrollHeight - box.clientHeight);
  });

  it('a wheel turned down, or up over something that scrolls instead, does not hold the list', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { box, messageArrives } = listLastScrolledTo(AT_END);
      const scroller = document.querySelector<HTMLElement>('[data-chat-scroller]')!;

      fireEvent.wheel(scroller, { deltaY: 100 });
      messageArrives(68);
      expect(box.scrollTop, 'a wheel down: followed').toBe(box.scrollHeight - box.clientHeight);

      const end = box.scrollTop;
      fireEvent.wheel(scroller, { deltaY: -100 }); // no scroll event of the list comes
      messageArrives(68);
      expect(box.scrollTop, 'held a moment').toBe(end);
      act(() => {
        vi.advanceTimersByTime(SCROLL_UP_HOLD_MS);
      });
      expect(box.scrollTop, 'then followed').toBe(box.scrollHeight - box.clientHeight);
    } finally {
      vi.useRealTimers();
    }
  });
});
