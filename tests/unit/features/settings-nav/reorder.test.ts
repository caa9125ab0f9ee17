// Spec 000 §4: in reorder mode dragging moves an item; the up and down buttons do the same by keyboard.
import { describe, expect, it } from 'vitest';
import {
  dropIndex,
  moveItem,
  sameOrder,
} from '../../../../src/features/settings-nav/model/reorder';

const ORDER = ['hydra', 'memory-logs', 'self-mod', 'monitoring', 'analytics'];

describe('dragging moves an item', () => {
  it('moves an item down and up the list', () => {
    expect(moveItem(ORDER, 0, 2)).toEqual([
      'memory-logs',
      'self-mod',
      'hydra',
      'monitoring',
      'analytics',
    ]);
    expect(moveItem(ORDER, 4, 0)).toEqual([
      'analytics',
      'hydra',
      'memory-logs',
      'self-mod',
      'monitoring',
    ]);
  });

  it('keeps the first item first when moved up, and the last last when moved down', () => {
    expect(moveItem(ORDER, 0, -1)).toEqual(ORDER);
    expect(moveItem(ORDER, 4, 5)).toEqual(ORDER);
  });

  it('drops a dragged row before the first row whose middle is below the pointer', () => {
    // Five rows 40 px tall from y = 0: middles 20, 60, 100, 140, 180.
    const middles = [20, 60, 100, 140, 180];
    expect(dropIndex(10, middles, 0)).toBe(0);
    expect(dropIndex(70, middles, 0)).toBe(1);
    expect(dropIndex(150, middles, 0)).toBe(3);
    expect(dropIndex(500, middles, 0)).toBe(4);
    expect(dropIndex(0, middles, 4)).toBe(0);
    expect(dropIndex(110, middles, 4)).toBe(3);
  });

  it('knows an unchanged order (nothing to save)', () => {
    expect(sameOrder(ORDER, [...ORDER])).toBe(true);
    expect(sameOrder(ORDER, moveItem(ORDER, 1, 2))).toBe(false);
  });
});
