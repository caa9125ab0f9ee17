import { describe, expect, it } from 'vitest';
import { viewportVars } from '@/features/chat/hooks/useViewportHeight';
import {
  nextMessageLimit,
  estimatedEndOffset,
  followsEndOnChange,
  followsEndOnResize,
  isAtEnd,
  scrollsUp,
  INITIAL_MESSAGE_LIMIT,
  SCROLL_TO_LATEST_THRESHOLD_PX,
  shouldLoadOlder,
  showScrollToLatest,
} from '@/features/chat/model/scroll';

describe('scrolling', () => {
  it('the scroll-to-latest button shows past 100 px', () => {
    expect(SCROLL_TO_LATEST_THRESHOLD_PX).toBe(100);
    expect(showScrollToLatest(0)).toBe(false);
    expect(showScrollToLatest(100)).toBe(false);
    expect(showScrollToLatest(101)).toBe(true);
  });

  it('the list follows new messages while the reader is within 80 px of the end', () => {
    expect(isAtEnd(0)).toBe(true);
    expect(isAtEnd(80)).toBe(true);
    expect(isAtEnd(81)).toBe(false);
  });
  it('older messages load near the top only when the last read filled the limit', () => {
    expect(shouldLoadOlder(100, INITIAL_MESSAGE_LIMIT, INITIAL_MESSAGE_LIMIT)).toBe(true);
    expect(shouldLoadOlder(100, 12, INITIAL_MESSAGE_LIMIT)).toBe(false);
    expect(shouldLoadOlder(5_000, INITIAL_MESSAGE_LIMIT, INITIAL_MESSAGE_LIMIT)).toBe(false);
  });

  it('before anything is measured, the list opens at the estimated end of its rows', () => {
    // 60 rows of 68 px and 24 px of padding in an 800 px window.
    expect(estimatedEndOffset(60, 68, 24, 800)).toBe(60 * 68 + 24 - 800);
    // Rows that fit in the window: no scrolling.
    expect(estimatedEndOffset(5, 68, 24, 800)).toBe(0);
    expect(estimatedEndOffset(0, 68, 24, 800)).toBe(0);
  });
});

describe('a banner or the keyboard takes room below the list', () => {
  // A list of 1,000 px in a box of 600 shrinking to 550: its end was at scrollTop 400.
  const shrunk = { scrollHeight: 1_000, height: 550, heightBefore: 600 };

  it('the list follows to its end when the reader was at the end before, even if the last scroll event said otherwise', () => {
    expect(
      followsEndOnResize({ ...shrunk, scrollTop: 400, atEnd: false, trustGeometry: true }),
    ).toBe(true);
    expect(
      followsEndOnResize({ ...shrunk, scrollTop: 400, atEnd: true, trustGeometry: true }),
    ).toBe(true);
    // Within 80 px of the end counts as at the end.
    expect(
      followsEndOnResize({ ...shrunk, scrollTop: 320, atEnd: false, trustGeometry: true }),
    ).toBe(true);
  });

  it('a reader who scrolled up stays where they are', () => {
    expect(
      followsEndOnResize({ ...shrunk, scrollTop: 300, atEnd: false, trustGeometry: true }),
    ).toBe(false);
  });

  it('a list on its way to a notification’s message is not carried back to the end', () => {
    expect(
      followsEndOnResize({ ...shrunk, scrollTop: 400, atEnd: false, trustGeometry: false }),
    ).toBe(false);
  });

  it('a list already at its end, or one that grew, is left alone', () => {
    expect(
      followsEndOnResize({
        scrollHeight: 1_000,
        scrollTop: 450,
        height: 550,
        heightBefore: 600,
        atEnd: true,
        trustGeometry: true,
      }),
    ).toBe(false);
    expect(
      followsEndOnResize({
        scrollHeight: 1_000,
        scrollTop: 350,
        height: 650,
        heightBefore: 600,
        atEnd: true,
        trustGeometry: true,
      }),
    ).toBe(false);
  });
});

describe('followsEndOnChange: a new message is followed unless the reader holds the list', () => {
  it('a list at its end goes to the message that came', () => {
    expect(followsEndOnChange({ atEnd: true, readerHolds: false, distanceFromEnd: 68 })).toBe(true);
  });

  it('a reader with a hand on it (a finger, a wheel or key scrolling up) is not moved', () => {
    expect(followsEndOnChange({ atEnd: true, readerHolds: true, distanceFromEnd: 68 })).toBe(false);
  });

  it('a reader away from the end, or a list already there, is left alone', () => {
    expect(followsEndOnChange({ atEnd: false, readerHolds: false, distanceFromEnd: 68 })).toBe(
      false,
    );
    expect(followsEndOnChange({ atEnd: true, readerHolds: false, distanceFromEnd: 1 })).toBe(false);
  });
});

describe('scrollsUp: the inputs that begin to take the reader up the list', () => {
  it('a wheel turned towards the top, not a Ctrl+wheel zoom nor a wheel down', () => {
    expect(scrollsUp({ type: 'wheel', deltaY: -40, ctrlKey: false })).toBe(true);
    expect(scrollsUp({ type: 'wheel', deltaY: -40, ctrlKey: true })).toBe(false);
    expect(scrollsUp({ type: 'wheel', deltaY: 40, ctrlKey: false })).toBe(false);
  });

  it('a finger drawn down the screen, not one pushed up nor one that has not moved', () => {
    expect(scrollsUp({ type: 'touchmove', fingerMovedDownPx: 12 })).toBe(true);
    expect(scrollsUp({ type: 'touchmove', fingerMovedDownPx: -12 })).toBe(false);
    expect(scrollsUp({ type: 'touchmove', fingerMovedDownPx: 0 })).toBe(false);
  });

  it('Arrow Up, Page Up, Home and Shift+Space; not Arrow Down, Page Down, End or Space', () => {
    for (const key of ['ArrowUp', 'PageUp', 'Home']) {
      expect(scrollsUp({ type: 'keydown', key, shiftKey: false }), key).toBe(true);
    }
    expect(scrollsUp({ type: 'keydown', key: ' ', shiftKey: true })).toBe(true);
    for (const key of ['ArrowDown', 'PageDown', 'End', ' ']) {
      expect(scrollsUp({ type: 'keydown', key, shiftKey: false }), key).toBe(false);
    }
  });
});

describe('the visual viewport', () => {
  it('writes no variables while it is the whole window (the stylesheet fallbacks say that)', () => {
    expect(viewportVars({ height: 800, offsetTop: 0 }, 800)).toBeNull();
  });

  it('writes its height and offset when the keyboard or a zoom makes it smaller', () => {
    expect(viewportVars({ height: 450, offsetTop: 0 }, 800)).toEqual({
      height: '450px',
      top: '0px',
    });
    expect(viewportVars({ height: 800, offsetTop: 12 }, 800)).toEqual({
      height: '800px',
      top: '12px',
    });
  });
});

describe('older messages load in pages that grow with what is loaded', () => {
  it('reads at least 120 more, and doubles beyond that', () => {
    expect(nextMessageLimit(60)).toBe(180);
    expect(nextMessageLimit(180)).toBe(360);
    expect(nextMessageLimit(5_000)).toBe(10_000);
  });
  it('reaches the start of a day of 10,000 in a handful of reads', () => {
    let limit = INITIAL_MESSAGE_LIMIT;
    let reads = 1;
    while (limit < 10_000) {
      limit = nextMessageLimit(limit);
      reads += 1;
    }
    expect(reads).toBeLessThanOrEqual(10);
  });
});
