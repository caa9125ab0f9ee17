// Work that must not hold up the first paint (a sidebar, the outbox's triggers, the worker's
// registration) runs once the browser has painted the next frame. On a cold start every task that
// runs before that frame pushes the first message further out.
import { useEffect, useState } from 'react';

/** A page that is hidden paints no frames: the work then runs after this long anyway. */
export const AFTER_PAINT_MAX_WAIT_MS = 1_000;

/**
 * Calls `callback` once, in a task after the next frame (a frame's callbacks run just before it is
 * painted), or after AFTER_PAINT_MAX_WAIT_MS when no frame comes. Returns a cancel function.
 */
export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    clearTimeout(timer);
    callback();
  };
  const fallback = setTimeout(run, AFTER_PAINT_MAX_WAIT_MS);
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(run, 0);
    });
  } else {
    timer = setTimeout(run, 0);
  }
  return () => {
    done = true;
    clearTimeout(fallback);
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
}

/** False until the frame after this component's first commit has been painted. */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
