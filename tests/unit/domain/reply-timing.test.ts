import { describe, expect, it } from 'vitest';
import { MAX_SPLIT_DELAY_MS, revealTimes, splitDelayMs, splitTimings } from '@/domain/reply-timing';

describe('split delays grow with length', () => {
  it('waits longer for a longer part, up to a cap', () => {
    expect(splitDelayMs('a longer message than that')).toBeGreaterThan(splitDelayMs('short'));
    expect(splitDelayMs('x'.repeat(10_000))).toBe(MAX_SPLIT_DELAY_MS);
  });
  it('shows the first part at once and the later ones after their delays', () => {
    const timings = splitTimings(['one', 'two two', 'three three three']);
    expect(timings[0]).toBe(0);
    expect(timings[2]).toBeGreaterThan(timings[1]!);
    expect(revealTimes(1000, timings)).toEqual([
      1000,
      1000 + timings[1]!,
      1000 + timings[1]! + timings[2]!,
    ]);
  });
});
