// Spec 000 §4, §9: reorder mode starts with a long press of 350 ms, cancelled by movement above 10 px.
// The timer is passed in, so the rule is tested without waiting.

export const REORDER_LONG_PRESS_MS = 350;
export const REORDER_MOVE_TOLERANCE_PX = 10;

export interface Point {
  x: number;
  y: number;
}

/** Movement above the tolerance cancels the press (the finger is scrolling, not holding). */
export function movedTooFar(
  start: Point,
  now: Point,
  tolerancePx: number = REORDER_MOVE_TOLERANCE_PX,
): boolean {
  return Math.hypot(now.x - start.x, now.y - start.y) > tolerancePx;
}

export interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface LongPress {
  down(point: Point): void;
  move(point: Point): void;
  /** The finger lifted or the pointer left: a press not yet fired is dropped. */
  up(): void;
  /**
   * Whether the last press fired, answered once: the click that ends a long press must not also
   * follow the link, and the clicks after it must.
   */
  takeFired(): boolean;
}

/** One press at a time: down starts the 350 ms, a move above 10 px or an up before it cancels. */
export function createLongPress(
  onLongPress: () => void,
  timers: Timers = realTimers,
  delayMs: number = REORDER_LONG_PRESS_MS,
): LongPress {
  let start: Point | null = null;
  let handle: unknown = null;
  let fired = false;
  const stop = () => {
    if (handle !== null) timers.clear(handle);
    handle = null;
    start = null;
  };
  return {
    down(point) {
      stop();
      fired = false;
      start = point;
      handle = timers.set(() => {
        handle = null;
        start = null;
        fired = true;
        onLongPress();
      }, delayMs);
    },
    move(point) {
      if (start && movedTooFar(start, point)) stop();
    },
    up() {
      stop();
    },
    takeFired() {
      const was = fired;
      fired = false;
      return was;
    },
  };
}
