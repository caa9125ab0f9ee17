// The reader's hand on the message list (followsEndOnChange, model/scroll.ts): while it holds the
// list, a message that arrives is not followed, so the list is not carried back to the end from under
// a reader who has begun to scroll up. The browser moves the list a frame before the scroll event that
// reports it, and in between the last event still says "at the end". `gripping`: a finger drawing the
// list down, or the mouse held on its scrollbar, until let go; `scrollingUp`: a wheel or key that has
// begun to scroll it up, until the wheel, the keys and the list's scroll events have been still for
// SCROLL_UP_HOLD_MS. A finger that only presses (a tap, a long press for the menu) holds nothing.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  distanceFromEnd,
  followsEndOnChange,
  SCROLL_UP_HOLD_MS,
  scrollsUp,
  type ListInput,
} from '../model/scroll';

export interface ReaderHand {
  /** For the virtualizer, whose own following is decided in render. */
  readerHolds: boolean;
  /** For the effects, at once. */
  isHeld: () => boolean;
  /** A change came that the list would have followed: it is followed when the hand lets go. */
  noteMissed: () => void;
  /** The list's scroll event: a wheel's or key's scroll goes on, so the hold does too. */
  onListScrolled: () => void;
}

/**
 * Watches the list's scroller for the reader's hand. `atEnd` is the list's own "at the end" flag, set
 * by its scroll events: when the hand lets go of a list it still finds at the end, what came while it
 * held is followed; nothing else moves then (a flick's glide goes on undisturbed).
 */
export function useReaderHand(
  scrollRef: RefObject<HTMLElement | null>,
  atEnd: RefObject<boolean>,
): ReaderHand {
  const hand = useRef({ gripping: false, scrollingUp: false, missed: false });
  const [readerHolds, setReaderHolds] = useState(false);
  const scrollUpTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const changeHand = useCallback(
    (change: { gripping?: boolean; scrollingUp?: boolean }) => {
      hand.current = { ...hand.current, ...change };
      const holds = hand.current.gripping || hand.current.scrollingUp;
      setReaderHolds(holds);
      const el = scrollRef.current;
      if (!el || holds || !hand.current.missed) return;
      hand.current.missed = false;
      const list = { atEnd: atEnd.current, distanceFromEnd: distanceFromEnd(el) };
      if (followsEndOnChange({ ...list, readerHolds: false })) el.scrollTop = el.scrollHeight;
    },
    [scrollRef, atEnd],
  );

  /** A wheel's scroll can glide over several frames; one turned over something else brings none. */
  const holdWhileScrollingUp = useCallback(() => {
    clearTimeout(scrollUpTimer.current);
    scrollUpTimer.current = setTimeout(() => changeHand({ scrollingUp: false }), SCROLL_UP_HOLD_MS);
    if (!hand.current.scrollingUp) changeHand({ scrollingUp: true });
  }, [changeHand]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onInput = (input: ListInput) => {
      if (scrollsUp(input) && el.scrollTop > 0) holdWhileScrollingUp();
    };
    const onWheel = (event: WheelEvent) =>
      onInput({ type: 'wheel', deltaY: event.deltaY, ctrlKey: event.ctrlKey });
    const onKeyDown = (event: KeyboardEvent) =>
      onInput({ type: 'keydown', key: event.key, shiftKey: event.shiftKey });
    // A drag holds the list until the finger is lifted: its scroll events come all along the way.
    let touchY: number | null = null;
    const onTouchStart = (event: TouchEvent) => {
      touchY = event.touches[0]?.clientY ?? null;
    };
    const onTouchMove = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY;
      if (hand.current.gripping || touchY === null || y === undefined) return;
      const input = { type: 'touchmove', fingerMovedDownPx: y - touchY } as const;
      if (scrollsUp(input) && el.scrollTop > 0) changeHand({ gripping: true });
    };
    // On the window: the finger may leave the list before it is lifted.
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length === 0 && hand.current.gripping) changeHand({ gripping: false });
    };
    // The mouse on the list itself, not on a message: its scrollbar, whose thumb it may drag.
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.target === el && el.scrollTop > 0) {
        changeHand({ gripping: true });
      }
    };
    const onPointerUp = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && hand.current.gripping) changeHand({ gripping: false });
    };
    el.addEventListener('wheel', onWheel, { passive: true });
    el.addEventListener('keydown', onKeyDown);
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchmove', onTouchMove, { passive: true });
    window.addEventListener('touchend', onTouchEnd, { passive: true });
    window.addEventListener('touchcancel', onTouchEnd, { passive: true });
    el.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointerup', onPointerUp);
    window.addEventListener('pointercancel', onPointerUp);
    return () => {
      clearTimeout(scrollUpTimer.current);
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKeyDown);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('touchend', onTouchEnd);
      window.removeEventListener('touchcancel', onTouchEnd);
      el.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('pointercancel', onPointerUp);
    };
  }, [scrollRef, changeHand, holdWhileScrollingUp]);

  const isHeld = useCallback(() => hand.current.gripping || hand.current.scrollingUp, []);
  const noteMissed = useCallback(() => {
    hand.current.missed = true;
  }, []);
  const onListScrolled = useCallback(() => {
    if (hand.current.scrollingUp) holdWhileScrollingUp();
  }, [holdWhileScrollingUp]);

  return { readerHolds, isHeld, noteMissed, onListScrolled };
}
