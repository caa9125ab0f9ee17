// Long press (500 ms, 50 ms vibration, cancelled by a move of more than 10 px) or right click.
import { useCallback, useRef, type MouseEvent, type PointerEvent } from 'react';
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
      // Android fires contextmenu on a long press as well: one press, one menu.
      if (Date.now() - firedAt.current < 1_000) return;
      onPress({ x: event.clientX, y: event.clientY });
    },
    [cancel, onPress],
  );

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu,
  };
}
