// Long press (500 ms, 50 ms vibration, cancelled by a move of more than 10 px) or right click; from
// the keyboard, Enter, Space, the context-menu key or Shift+F10 on the focused bubble.
import { useCallback, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import {
  LONG_PRESS_MS,
  LONG_PRESS_TOLERANCE_PX,
  LONG_PRESS_VIBRATION_MS,
} from '../model/message-menu';

export interface PressPoint {
  x: number;
  y: number;
}

export function useLongPress(onPress: (point: PressPoint) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<PressPoint | null>(null);
  const firedAt = useRef(0);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    start.current = null;
  }, []);

  const onPointerDown = useCallback(
    (event: PointerEvent) => {
      if (event.button !== 0) return;
      const point = { x: event.clientX, y: event.clientY };
      start.current = point;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        start.current = null;
        firedAt.current = Date.now();
        navigator.vibrate?.(LONG_PRESS_VIBRATION_MS);
        onPress(point);
      }, LONG_PRESS_MS);
    },
    [onPress],
  );

  const onPointerMove = useCallback(
    (event: PointerEvent) => {
      const from = start.current;
      if (!from) return;
      if (Math.hypot(event.clientX - from.x, event.clientY - from.y) > LONG_PRESS_TOLERANCE_PX) {
        cancel();
      }
    },
    [cancel],
  );

  const onContextMenu = useCallback(
    (event: MouseEvent) => {
      event.preventDefault();
      cancel();
      // Android fires contextmenu on a long press as well, and a browser may fire it after the
      // context-menu key handled below: one press, one menu.
      if (Date.now() - firedAt.current < 1_000) return;
      // A contextmenu raised from the keyboard may carry no pointer position.
      const fromKeyboard = event.clientX === 0 && event.clientY === 0;
      onPress(
        fromKeyboard ? middleOf(event.currentTarget) : { x: event.clientX, y: event.clientY },
      );
    },
    [cancel, onPress],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      const asks =
        event.key === 'Enter' ||
        event.key === ' ' ||
        event.key === 'ContextMenu' ||
        (event.key === 'F10' && event.shiftKey);
      if (!asks || event.target !== event.currentTarget) return;
      event.preventDefault();
      firedAt.current = Date.now();
      onPress(middleOf(event.currentTarget));
    },
    [onPress],
  );

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu,
    onKeyDown,
  };
}

function middleOf(element: Element): PressPoint {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}
