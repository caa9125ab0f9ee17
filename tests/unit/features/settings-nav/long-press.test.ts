// Spec 000 §4, §9: reorder mode is entered by a long press of 350 ms, cancelled by movement above 10 px.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createLongPress,
  movedTooFar,
  REORDER_LONG_PRESS_MS,
  REORDER_MOVE_TOLERANCE_PX,
} from '../../../../src/features/settings-nav/model/long-press';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('long press: 350 ms with 10px tolerance for reorder', () => {
  it('uses the constants of spec 000 §9', () => {
    expect(REORDER_LONG_PRESS_MS).toBe(350);
    expect(REORDER_MOVE_TOLERANCE_PX).toBe(10);
  });

  it('fires after 350 ms of holding, not before', () => {
    const onLongPress = vi.fn();
    const press = createLongPress(onLongPress);
    press.down({ x: 100, y: 100 });
    vi.advanceTimersByTime(349);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('a release before 350 ms is a tap, not a long press', () => {
    const onLongPress = vi.fn();
    const press = createLongPress(onLongPress);
    press.down({ x: 0, y: 0 });
    vi.advanceTimersByTime(300);
    press.up();
    vi.advanceTimersByTime(1_000);
    expect(onLongPress).not.toHaveBeenCalled();
    expect(press.takeFired()).toBe(false);
  });

  it('movement of 10 px keeps the press; movement above 10 px cancels it', () => {
    const held = vi.fn();
    const still = createLongPress(held);
    still.down({ x: 0, y: 0 });
    still.move({ x: 6, y: 8 }); // exactly 10 px away
    vi.advanceTimersByTime(350);
    expect(held).toHaveBeenCalledTimes(1);

    const scrolled = vi.fn();
    const moving = createLongPress(scrolled);
    moving.down({ x: 0, y: 0 });
    moving.move({ x: 0, y: 10.5 });
    // Coming back does not revive it: the press was cancelled when it strayed.
    moving.move({ x: 0, y: 0 });
    vi.advanceTimersByTime(1_000);
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('measures the movement as a distance, in any direction', () => {
    expect(movedTooFar({ x: 0, y: 0 }, { x: 8, y: 7 })).toBe(true); // 10.6 px diagonally
    expect(movedTooFar({ x: 0, y: 0 }, { x: -10, y: 0 })).toBe(false);
  });

  it('says once that a press fired, so its click does not follow the link but the next one does', () => {
    const press = createLongPress(() => {});
    press.down({ x: 0, y: 0 });
    vi.advanceTimersByTime(350);
    press.up();
    expect(press.takeFired()).toBe(true);
    expect(press.takeFired()).toBe(false);
  });
});
